// Making an operator: an account with the operator role and no usable password (a hash of random bytes
// nobody knows), and a mailed set-password link that works once, for seven days — the mechanism of
// handyman invitations. The account, the token and the mail are one transaction. There is no default
// operator and no seeded password: the first one is made with `npm run operator:create -- <email>`.
import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { issueAccountToken, TOKEN_LIFETIMES_MS } from "../auth/account-tokens";
import { hashPassword } from "../auth/passwords";
import { emailSchema } from "../validations/auth";
import { enqueueMail, invitationMessage, nudgeMailDelivery } from "../mail";

export type OperatorInvitation = { userId: string; email: string; mailId: string };

const VALID_DAYS = TOKEN_LIFETIMES_MS.set_password / (24 * 60 * 60 * 1000);

/** Creates the operator account for `email` and queues its invitation; 400 for a malformed address, 409 for one in use. */
export async function createOperator(rawEmail: string): Promise<OperatorInvitation> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That email address is not valid.");
  const email = parsed.data;
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const db = await getDb();
  const invitation = await db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new ApiError("conflict", { key: "emailInUse", values: { email } });
    }
    const user = await tx.user.create({ data: { email, passwordHash, role: "operator" }, select: { id: true } });
    const token = await issueAccountToken(tx, { userId: user.id, email, purpose: "set_password" });
    const { id: mailId } = await enqueueMail(tx, invitationMessage({ to: email, token, role: "operator", validDays: VALID_DAYS }));
    return { userId: user.id, email, mailId };
  });
  await nudgeMailDelivery(invitation.mailId);
  return invitation;
}
