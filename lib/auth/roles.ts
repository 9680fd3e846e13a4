// The role a signed-in user holds, read from the users table on every call: a role can change while a
// session lasts, and the session cookie does not carry it.
import "server-only";
import { getDb } from "../db";
import type { SessionUser } from "./session";

export async function isOperator(user: SessionUser): Promise<boolean> {
  const row = await (await getDb()).user.findUnique({ where: { id: user.id }, select: { role: true } });
  return row?.role === "operator";
}

/** The role of a signed-in user, read from the users table; null when the account is gone. */
export async function roleOf(user: SessionUser): Promise<"homeowner" | "handyman" | "operator" | null> {
  const row = await (await getDb()).user.findUnique({ where: { id: user.id }, select: { role: true } });
  return row?.role ?? null;
}
