// The first password of an invited account (a handyman's, an operator's): the invitation's single-use
// set_password link is spent and the password stored in one transaction, so a link works once even
// when clicked twice at once. Every session of the account ends (its version goes up); nobody is signed
// in: the person signs in with the new password. Spending the link also confirms the address it was
// sent to.
import "server-only";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { findLiveToken, spendToken } from "./account-tokens";
import { hashPassword } from "./password";
import { replacePasswordFromLink } from "./password-change";
import { passwordPolicyProblem } from "./password-policy";

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
