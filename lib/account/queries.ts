// What /account shows about the signed-in account besides its address: whether the address is verified.
import "server-only";
import { getDb } from "../db";
import type { SessionUser } from "../auth/current-user";

export type AccountOverview = { email: string; emailVerifiedAt: string | null };

export async function getAccountOverview(user: SessionUser): Promise<AccountOverview> {
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, emailVerifiedAt: true } });
  return { email: account.email, emailVerifiedAt: account.emailVerifiedAt?.toISOString() ?? null };
}
