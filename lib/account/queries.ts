// What /account shows about the signed-in account besides its address: whether the address is verified.
import "server-only";
import type { AccountRole } from "../mail";
import { getDb } from "../db";
import type { SessionUser } from "../auth/current-user";

/** `role`: who the holder is to the product, so the page says what their address is for. */
export type AccountOverview = { email: string; emailVerifiedAt: string | null; role: AccountRole };

export async function getAccountOverview(user: SessionUser): Promise<AccountOverview> {
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, emailVerifiedAt: true, role: true } });
  return { email: account.email, emailVerifiedAt: account.emailVerifiedAt?.toISOString() ?? null, role: account.role };
}
