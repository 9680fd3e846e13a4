// Confirming that an account's address reaches its holder. Sign-up, and "send again" on /account, mail a
// link to /verify-email that works once, for 7 days, and verifies only the address it was sent to.
// Nothing waits for it: the request flow works from the first minute; a handyman sees a homeowner's
// name and email only once the address is verified (lib/handymen/offers.ts).
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { enqueueMail, nudgeMailDelivery, verifyEmailMessage } from "../mail";
import { hashToken, isWellFormedToken, issueAccountToken, spendToken, TOKEN_LIFETIMES_MS } from "./account-tokens";
import { authLimiters, type AuthLimiters } from "./limits";

export const VERIFICATION_VALID_DAYS = TOKEN_LIFETIMES_MS.verify_email / (24 * 60 * 60 * 1000);

/** Issues a verification link for the account's current address and queues its mail; returns the mail's id. */
export async function queueVerificationMail(tx: Prisma.TransactionClient, user: { id: string; email: string }): Promise<string> {
  const token = await issueAccountToken(tx, { userId: user.id, email: user.email, purpose: "verify_email" });
  const { id } = await enqueueMail(tx, verifyEmailMessage({ to: user.email, token }));
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
  if (!isWellFormedToken(token)) return "invalid";
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const spent = await spendToken(tx, token, "verify_email", now);
    if (spent) {
      const { count } = await tx.user.updateMany({
        where: { id: spent.userId, email: spent.email, emailVerifiedAt: null },
        data: { emailVerifiedAt: now },
      });
      if (count === 1) return "verified";
    }
    const link = await tx.accountToken.findFirst({
      where: { tokenHash: hashToken(token), purpose: "verify_email" },
      select: { email: true, usedAt: true, user: { select: { email: true, emailVerifiedAt: true } } },
    });
    const addressVerified = link?.usedAt && link.user.email === link.email && link.user.emailVerifiedAt;
    return addressVerified ? "already_verified" : "invalid";
  });
}

export type ResendOutcome = { kind: "sent"; email: string } | { kind: "already_verified" } | { kind: "rate_limited"; retryAfterSeconds: number };

/** "Send again" on /account: a new link (the previous one stops working), a few times an hour at most. */
export async function resendVerificationMail(userId: string, limiters: AuthLimiters = authLimiters()): Promise<ResendOutcome> {
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (account.emailVerifiedAt) return { kind: "already_verified" };
  const decision = await limiters.verificationResendPerAccount.consume(userId);
  if (!decision.allowed) return { kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const mailId = await db.$transaction((tx) => queueVerificationMail(tx, account));
  await nudgeMailDelivery(mailId);
  return { kind: "sent", email: account.email };
}
