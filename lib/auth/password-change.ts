// Replacing an account's password, from /account (the current password required) or from a mailed
// link (lib/auth/password-reset.ts, lib/auth/set-password.ts). Either way one transaction stores the
// new hash, ends every session of the account (lib/auth/sessions.ts: a cookie issued before no longer
// signs anyone in), voids the reset and set-password links still unused, and queues the "your password
// was changed" notice when asked to.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { enqueueMail, nudgeMailDelivery, passwordChangedMessage } from "../mail";
import type { LiveToken } from "./account-tokens";
import { authLimiters, type AuthLimiters } from "./limits";
import { hashPassword, verifyPassword } from "./password";
import { passwordPolicyProblem } from "./password-policy";
import { endAllSessions } from "./sessions";

type Tx = Prisma.TransactionClient;

export type SignedInAccount = { id: string; email: string };

/**
 * Stores `passwordHash` for `userId` and ends every session of the account, inside the caller's
 * transaction. With `notify`, queues the notice to the account's address and returns the mail's id.
 */
export async function replacePassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
  { notify }: { notify: boolean },
): Promise<{ account: SignedInAccount; mailId: string | null }> {
  await endAllSessions(tx, userId);
  const account = await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true, email: true } });
  await tx.accountToken.deleteMany({ where: { userId, purpose: { in: ["reset_password", "set_password"] }, usedAt: null } });
  const mailId = notify ? (await enqueueMail(tx, passwordChangedMessage({ to: account.email }))).id : null;
  return { account, mailId };
}

/**
 * A mailed link (a reset, an invitation) was just spent: its account gets `passwordHash` as above, and
 * the address the link reached counts as verified if it is still the account's.
 */
export async function replacePasswordFromLink(
  tx: Tx,
  link: LiveToken,
  passwordHash: string,
  { notify, now }: { notify: boolean; now: Date },
): ReturnType<typeof replacePassword> {
  const replaced = await replacePassword(tx, link.userId, passwordHash, { notify });
  await tx.user.updateMany({ where: { id: link.userId, email: link.email, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
  return replaced;
}

export type CurrentPasswordCheck = { kind: "ok" } | { kind: "wrong" } | { kind: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks the password a signed-in user typed to confirm a change. Wrong guesses are counted per account
 * (a stolen session must not become a way to guess the password); a right one gives its attempt back.
 */
export async function checkCurrentPassword(userId: string, password: string, limiters: AuthLimiters = authLimiters()): Promise<CurrentPasswordCheck> {
  const limiter = limiters.currentPasswordPerAccount;
  const decision = await limiter.consume(userId);
  if (!decision.allowed) return { kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const db = await getDb();
  const account = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    console.warn(`[security] wrong current password: user=${userId}`);
    return { kind: "wrong" };
  }
  await limiter.refund(userId);
  return { kind: "ok" };
}

export type ChangePasswordOutcome =
  | { kind: "changed"; account: SignedInAccount }
  | { kind: "wrong_current" }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "refused"; message: string };

export const SAME_PASSWORD_MESSAGE = "The new password is the one you have now. Choose a different one.";

/** "Change password" on /account. Nothing changes unless the current password is right and the new one passes the policy. */
export async function changePassword(
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  limiters: AuthLimiters = authLimiters(),
): Promise<ChangePasswordOutcome> {
  const check = await checkCurrentPassword(userId, currentPassword, limiters);
  if (check.kind === "wrong") return { kind: "wrong_current" };
  if (check.kind === "rate_limited") return check;
  const problem = passwordPolicyProblem(newPassword);
  if (problem) return { kind: "refused", message: problem };
  if (newPassword === currentPassword) return { kind: "refused", message: SAME_PASSWORD_MESSAGE };

  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const { account, mailId } = await db.$transaction((tx) => replacePassword(tx, userId, passwordHash, { notify: true }));
  if (mailId) await nudgeMailDelivery(mailId);
  console.info(`[security] password changed: user=${userId}`);
  return { kind: "changed", account };
}
