// Operators for handler tests: a user with the operator role who signs in with a known password (the
// console asks for it again before destructive actions), with a session cookie.
import { randomUUID } from "node:crypto";
import { getDb } from "./db";
import { createUserWithPassword, type TestUser } from "./session";

export const OPERATOR_PASSWORD = "Lantern-harbour-quiet-97";

/** Creates an operator (a unique email unless one is given) and returns it with its session cookie. */
export async function createSignedInOperator(email = `ops-${randomUUID()}@example.test`): Promise<TestUser> {
  const user = await createUserWithPassword(email, OPERATOR_PASSWORD);
  await (await getDb()).user.update({ where: { id: user.id }, data: { role: "operator" } });
  return user;
}
