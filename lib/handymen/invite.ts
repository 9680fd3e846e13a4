// Inviting a handyman: an account for one of the handymen rows, with the handyman role and no usable
// password (a hash of random bytes nobody knows), and a mailed set-password link that works once, for
// seven days. The account, the token and the mail are one transaction: an invitation either exists
// completely or not at all. No password is ever seeded.
import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { issueAccountToken, TOKEN_LIFETIMES_MS } from "../auth/account-tokens";
import { hashPassword } from "../auth/passwords";
import { emailSchema } from "../validations/auth";
import { enqueueMail, invitationMessage, nudgeMailDelivery } from "../mail";
import { mailMessageSchema } from "../mail/messages";

export type Invitation = { userId: string; handymanId: number; email: string; mailId: string };

export type InviteOptions = {
  /** Runs inside the invitation's transaction once it is complete (the console writes its audit entry here); a throw undoes it all. */
  inTransaction?: (tx: Prisma.TransactionClient, invitation: Invitation) => Promise<void>;
};

const VALID_DAYS = TOKEN_LIFETIMES_MS.set_password / (24 * 60 * 60 * 1000);

/**
 * Creates the handyman account for row `handymanId` under `email` and queues the invitation. Refuses
 * (400) a malformed address, (404) an unknown handyman, and (409) a handyman who already has an
 * account or an address already in use.
 */
export async function inviteHandyman(handymanId: number, rawEmail: string, { inTransaction }: InviteOptions = {}): Promise<Invitation> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That email address is not valid.");
  const email = parsed.data;
  // The outbox takes a stricter address than sign-in does ({a}@b.c passes the one, not the other): refuse it here, not with a 500 later.
  const deliverable = mailMessageSchema.shape.to.safeParse(email);
  if (!deliverable.success) throw new ApiError("validation_failed", { key: "emailInvalid" }, [{ path: "email", message: "Enter a valid email address, like name@example.com." }]);
  const db = await getDb();
  // Hashed before the transaction: argon2 takes a moment, and nobody ever learns these bytes.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const invitation = await db.$transaction(async (tx) => {
    const handyman = await tx.handyman.findUnique({ where: { id: handymanId }, select: { id: true, userId: true } });
    if (!handyman) throw new ApiError("not_found", { key: "noSuchHandyman", values: { id: handymanId } });
    if (handyman.userId) throw new ApiError("conflict", { key: "handymanHasAccount", values: { id: handymanId } });
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new ApiError("conflict", { key: "emailInUse", values: { email } });
    }
    const user = await tx.user.create({ data: { email, passwordHash, role: "handyman" }, select: { id: true } });
    const { count } = await tx.handyman.updateMany({ where: { id: handymanId, userId: null }, data: { userId: user.id } });
    if (count !== 1) throw new ApiError("conflict", { key: "handymanHasAccount", values: { id: handymanId } });
    const token = await issueAccountToken(tx, { userId: user.id, email, purpose: "set_password" });
    const { id: mailId } = await enqueueMail(tx, invitationMessage({ to: email, token, role: "handyman", validDays: VALID_DAYS }));
    const done: Invitation = { userId: user.id, handymanId, email, mailId };
    await inTransaction?.(tx, done);
    return done;
  });
  await nudgeMailDelivery(invitation.mailId);
  return invitation;
}
