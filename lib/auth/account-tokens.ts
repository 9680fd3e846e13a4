// Single-use links sent by mail (password reset, address verification, invitations). The link carries
// 32 random bytes; the database keeps only their SHA-256, so a leaked table opens no account. A token
// is spent with one conditional UPDATE, so two clicks on the same link cannot both succeed. The links
// that verify an address are issued and followed here too; those of passwords in lib/auth/passwords.ts.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { AccountTokenPurpose, Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { enqueueMail, nudgeMailDelivery, verifyEmailMessage, type AccountRole } from "../mail";
import { authLimiters, type AuthLimiters } from "./limits";

export const TOKEN_LIFETIMES_MS: Record<AccountTokenPurpose, number> = {
  reset_password: 30 * 60 * 1000,
  verify_email: 7 * 24 * 60 * 60 * 1000,
  set_password: 7 * 24 * 60 * 60 * 1000,
};

/** What a link's token looks like: 32 bytes in base64url. Anything else is refused before a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Tx = Prisma.TransactionClient;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

/**
 * Issues a token for `purpose`, replacing any unused one of the same purpose (only the newest link
 * works). Returns the token for the link; call inside the transaction that also queues the mail.
 */
export async function issueAccountToken(
  tx: Tx,
  { userId, email, purpose, now = new Date() }: { userId: string; email: string; purpose: AccountTokenPurpose; now?: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.accountToken.deleteMany({ where: { userId, purpose, usedAt: null } });
  await tx.accountToken.create({
    data: {
      userId,
      email,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]),
    },
  });
  return token;
}

export type LiveToken = { userId: string; email: string };

/** The account a link is for, if the token is live (right purpose, unused, unexpired); spends nothing. */
export async function findLiveToken(tx: Tx, token: unknown, purpose: AccountTokenPurpose, now = new Date()): Promise<LiveToken | null> {
  if (!isWellFormedToken(token)) return null;
  return tx.accountToken.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: now } },
    select: { userId: true, email: true },
  });
}

/** Spends a live token and returns its account, or null when it is unknown, used, expired or malformed. */
export async function spendToken(tx: Tx, token: unknown, purpose: AccountTokenPurpose, now = new Date()): Promise<LiveToken | null> {
  if (!isWellFormedToken(token)) return null;
  const spent = await tx.accountToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { userId: true, email: true },
  });
  return spent[0] ?? null;
}

// ---- Confirming that an account's address reaches its holder. Sign-up, and "send again" on /account,
// mail a link to /verify-email that works once, for 7 days, and verifies only the address it was sent
// to. Nothing waits for it: the request flow works from the first minute; a handyman sees a homeowner's
// name and email only once the address is verified (lib/handymen/offers.ts).

export const VERIFICATION_VALID_DAYS = TOKEN_LIFETIMES_MS.verify_email / (24 * 60 * 60 * 1000);

/** Issues a verification link for the account's current address and queues its mail; returns the mail's id. */
export async function queueVerificationMail(tx: Prisma.TransactionClient, user: { id: string; email: string; role: AccountRole }): Promise<string> {
  const token = await issueAccountToken(tx, { userId: user.id, email: user.email, purpose: "verify_email" });
  const { id } = await enqueueMail(tx, verifyEmailMessage({ to: user.email, token, role: user.role }));
  return id;
}

/** What following a verification link did. */
export type VerificationOutcome = "verified" | "already_verified" | "invalid";

/**
 * Spends a verification link: the account's address is verified when it is still the address the link
 * went to. A link followed again says "already verified"; an unknown, expired, replaced or malformed
 * one says "invalid".
 */
export async function verifyEmailAddress(token: unknown, now = new Date()): Promise<VerificationOutcome> {
  return (await followVerificationLink(token, now)).outcome;
}

/** `verifyEmailAddress`, with the role of the account whose address it verified (null when invalid), so the page can say what the address is for. */
export async function followVerificationLink(token: unknown, now = new Date()): Promise<{ outcome: VerificationOutcome; role: AccountRole | null }> {
  if (!isWellFormedToken(token)) return { outcome: "invalid", role: null };
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const spent = await spendToken(tx, token, "verify_email", now);
    if (spent) {
      const { count } = await tx.user.updateMany({
        where: { id: spent.userId, email: spent.email, emailVerifiedAt: null },
        data: { emailVerifiedAt: now },
      });
      if (count === 1) {
        const { role } = await tx.user.findUniqueOrThrow({ where: { id: spent.userId }, select: { role: true } });
        return { outcome: "verified", role };
      }
    }
    const link = await tx.accountToken.findFirst({
      where: { tokenHash: hashToken(token), purpose: "verify_email" },
      select: { email: true, usedAt: true, user: { select: { email: true, emailVerifiedAt: true, role: true } } },
    });
    const addressVerified = link?.usedAt && link.user.email === link.email && link.user.emailVerifiedAt;
    return addressVerified ? { outcome: "already_verified", role: link.user.role } : { outcome: "invalid", role: null };
  });
}

export type ResendOutcome = { kind: "sent"; email: string } | { kind: "already_verified" } | { kind: "rate_limited"; retryAfterSeconds: number };

/** "Send again" on /account: a new link (the previous one stops working), a few times an hour at most. */
export async function resendVerificationMail(userId: string, limiters: AuthLimiters = authLimiters()): Promise<ResendOutcome> {
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true, role: true } });
  if (account.emailVerifiedAt) return { kind: "already_verified" };
  const decision = await limiters.verificationResendPerAccount.consume(userId);
  if (!decision.allowed) return { kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const mailId = await db.$transaction((tx) => queueVerificationMail(tx, account));
  await nudgeMailDelivery(mailId);
  return { kind: "sent", email: account.email };
}
