// Forgotten passwords. /forgot-password mails a link to /reset-password that works once, for 30
// minutes; choosing a password there replaces the old one through lib/auth/password-change.ts.
//
// Asking for a link answers the same, does the same database work and takes the same time whether or
// not the address has an account: a lookup and a transaction either way, and the mail is handed to the
// worker without the answer waiting for it. Limits: 5 links an hour per address mailed to (past that,
// nothing more is sent and the newest link in the mailbox stays valid: a stranger cannot lock the owner
// out), 20 an hour per client address (past that, the form says to wait).
import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "../db";
import { enqueueMail, nudgeMailDelivery, passwordResetMessage } from "../mail";
import { findLiveToken, hashToken, issueAccountToken, spendToken, TOKEN_LIFETIMES_MS } from "./account-tokens";
import { authLimiters, type AuthLimiters } from "./limits";
import { hashPassword } from "./password";
import { passwordPolicyProblem } from "./password-policy";
import { replacePasswordFromLink, type SignedInAccount } from "./password-change";

export const RESET_VALID_MINUTES = TOKEN_LIFETIMES_MS.reset_password / 60_000;

/** The id of no account, for the lookups made when the address has none. */
const NO_ACCOUNT = "00000000-0000-4000-8000-000000000000";

export type ResetRequestOutcome = { kind: "answered" } | { kind: "rate_limited"; retryAfterSeconds: number };

/** /forgot-password, for an already validated email. */
export async function requestPasswordReset(
  email: string,
  { ip, limiters = authLimiters() }: { ip: string | null; limiters?: AuthLimiters },
): Promise<ResetRequestOutcome> {
  if (ip) {
    const perAddress = await limiters.passwordResetPerIp.consume(ip);
    if (!perAddress.allowed) return { kind: "rate_limited", retryAfterSeconds: perAddress.retryAfterSeconds };
  }
  const perEmail = await limiters.passwordResetPerEmail.consume(email);
  if (!perEmail.allowed) return { kind: "answered" };

  const db = await getDb();
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  const mailId = await db.$transaction(async (tx) => {
    if (!user) {
      // The same statements an issued link costs, against no account.
      await tx.accountToken.deleteMany({ where: { userId: NO_ACCOUNT, purpose: "reset_password", usedAt: null } });
      await tx.accountToken.findFirst({ where: { tokenHash: hashToken(randomBytes(32).toString("base64url")) }, select: { id: true } });
      return null;
    }
    const token = await issueAccountToken(tx, { userId: user.id, email: user.email, purpose: "reset_password" });
    return (await enqueueMail(tx, passwordResetMessage({ to: user.email, token, validMinutes: RESET_VALID_MINUTES }))).id;
  });
  // Not awaited: queueing the delivery takes time only when there is an account, and the answer must not show it.
  if (mailId) void nudgeMailDelivery(mailId);
  return { kind: "answered" };
}

/** True while a reset link can still be used (unused, unexpired); spends nothing. */
export async function isResetLinkLive(token: unknown): Promise<boolean> {
  const db = await getDb();
  return (await findLiveToken(db, token, "reset_password")) !== null;
}

export type ResetOutcome =
  | { kind: "reset"; account: SignedInAccount }
  | { kind: "dead_link" }
  | { kind: "refused"; message: string };

/**
 * Sets the password of the account a reset link was mailed for, and mails the "your password was
 * changed" notice. The link is spent in the same transaction as the change, so two clicks cannot both
 * succeed; the address it reached counts as verified.
 */
export async function resetPasswordWithLink(token: unknown, password: string, now = new Date()): Promise<ResetOutcome> {
  if (!(await isResetLinkLive(token))) return { kind: "dead_link" };
  const problem = passwordPolicyProblem(password);
  if (problem) return { kind: "refused", message: problem };
  const passwordHash = await hashPassword(password);

  const db = await getDb();
  const reset = await db.$transaction(async (tx) => {
    const spent = await spendToken(tx, token, "reset_password", now);
    if (!spent) return null;
    return replacePasswordFromLink(tx, spent, passwordHash, { notify: true, now });
  });
  if (!reset) return { kind: "dead_link" };
  if (reset.mailId) await nudgeMailDelivery(reset.mailId);
  console.info(`[security] password reset with a mailed link: user=${reset.account.id}`);
  return { kind: "reset", account: reset.account };
}
