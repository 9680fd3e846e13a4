// Single-use links sent by mail (password reset, address verification, invitations). The link carries
// 32 random bytes; the database keeps only their SHA-256, so a leaked table opens no account. A token
// is spent with one conditional UPDATE, so two clicks on the same link cannot both succeed.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { AccountTokenPurpose, Prisma } from "../generated/prisma/client";

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

export function isWellFormedToken(token: unknown): token is string {
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
