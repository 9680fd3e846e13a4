// Passwords: hashing, the policy a new one must meet, changing one (from /account, with the current
// password), resetting a forgotten one by a mailed link, and the first one of an invited account.
// Every change of password goes through replacePassword: one transaction stores the new hash, ends every
// session of the account (lib/auth/sessions.ts), voids the reset and set-password links still unused,
// and queues the "your password was changed" notice when asked to.
import "server-only";
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import commonPasswordList from "../data/common-passwords.json";
import { getDb } from "../db";
import { enqueueMail, nudgeMailDelivery, passwordChangedMessage, passwordResetMessage } from "../mail";
import { passwordLengthProblem } from "../validations/auth";
import { findLiveToken, hashToken, issueAccountToken, spendToken, TOKEN_LIFETIMES_MS, type LiveToken } from "./account-tokens";
import { authLimiters, type AuthLimiters } from "./limits";
import { endAllSessions } from "./sessions";

// ---- Password hashing: argon2id with OWASP's minimum parameters (19 MiB of memory, 2 passes, 1 lane).
// These numbers live here and nowhere else; hashes carry their own parameters, so raising them later
// keeps old hashes verifiable.

// The package declares its Algorithm enum as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against a hash of random bytes, so that an unknown email costs the same work as
 * a known one with a wrong password. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}

// ---- The rules a new password must meet: 8 to 128 characters, and not one of the most common passwords
// (lib/data/common-passwords.json, compared without regard to letter case).

const commonPasswords: ReadonlySet<string> = new Set(commonPasswordList as string[]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Why `password` may not be used for a new account, or null when it may. */
export function passwordPolicyProblem(password: string): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  if (isCommonPassword(password)) {
    return "That password is one of the most common ones and easy to guess. Choose something less predictable.";
  }
  return null;
}

// ---- Replacing an account's password, from /account (the current password required) or from a mailed
// link (a reset or an invitation, below): a cookie issued before no longer signs anyone in.

type Tx = Prisma.TransactionClient;

export type SignedInAccount = { id: string; email: string };

/**
 * Stores `passwordHash` for `userId` and ends every session of the account, inside the caller's
 * transaction. With `notify`, queues the notice to the account's address and returns the mail's id.
 */
async function replacePassword(
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
async function replacePasswordFromLink(
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

/** What a current password confirms; each is counted on its own. */
export type CurrentPasswordPurpose = "change_password" | "delete_account" | "operator_confirmation";

/**
 * Checks the password a signed-in user typed to confirm `purpose`. Wrong guesses are counted per account
 * and purpose (a stolen session must not become a way to guess the password, nor a way to lock the owner
 * out of changing it by guessing at another form); a right one gives its attempt back.
 */
export async function checkCurrentPassword(
  userId: string,
  password: string,
  purpose: CurrentPasswordPurpose,
  limiters: AuthLimiters = authLimiters(),
): Promise<CurrentPasswordCheck> {
  const limiter = limiters.currentPasswordPerAccount;
  const key = `${purpose}|${userId}`;
  const decision = await limiter.consume(key);
  if (!decision.allowed) return { kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const db = await getDb();
  const account = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    console.warn(`[security] wrong current password (${purpose}): user=${userId}`);
    return { kind: "wrong" };
  }
  await limiter.refund(key);
  return { kind: "ok" };
}

export type ChangePasswordOutcome =
  | { kind: "changed"; account: SignedInAccount }
  | { kind: "wrong_current" }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "refused"; message: string };

const SAME_PASSWORD_MESSAGE = "The new password is the one you have now. Choose a different one.";

/** "Change password" on /account. Nothing changes unless the current password is right and the new one passes the policy. */
export async function changePassword(
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  limiters: AuthLimiters = authLimiters(),
): Promise<ChangePasswordOutcome> {
  const check = await checkCurrentPassword(userId, currentPassword, "change_password", limiters);
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

// ---- Forgotten passwords. /forgot-password mails a link to /reset-password that works once, for 30
// minutes; choosing a password there replaces the old one through replacePassword.
//
// Asking for a link answers the same, does the same database work and takes the same time whether or
// not the address has an account: a lookup and a transaction either way, and the mail is handed to the
// worker without the answer waiting for it. Limits: 5 links an hour per address mailed to (past that,
// nothing more is sent and the newest link in the mailbox stays valid: a stranger cannot lock the owner
// out), 20 an hour per client address (past that, the form says to wait).

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

// ---- The first password of an invited account (a handyman's, an operator's): the invitation's single-use
// set_password link is spent and the password stored in one transaction, so a link works once even
// when clicked twice at once. Every session of the account ends (its version goes up); nobody is signed
// in: the person signs in with the new password. Spending the link also confirms the address it was
// sent to.

export const INVALID_LINK_MESSAGE = "This link has expired or has already been used. Ask the person who invited you for a new one.";

/** The address a set-password link is for, while it is live; null otherwise. */
export async function findSetPasswordLink(token: unknown): Promise<{ email: string } | null> {
  const db = await getDb();
  const live = await findLiveToken(db, token, "set_password");
  return live ? { email: live.email } : null;
}

/** Spends the link and sets the account's password; 400 for a refused password or a dead link. */
export async function setPasswordWithLink(token: unknown, password: string, now = new Date()): Promise<void> {
  const problem = passwordPolicyProblem(password);
  if (problem) throw new ApiError("validation_failed", problem, [{ path: "password", message: problem }]);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const link = await spendToken(tx, token, "set_password", now);
    if (!link) throw new ApiError("bad_request", INVALID_LINK_MESSAGE);
    await replacePasswordFromLink(tx, link, passwordHash, { notify: false, now });
  });
}
