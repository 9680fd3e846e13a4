// Creating an account: the password policy (length and the common-password list), the per-address
// limit before any hashing, one users row with an argon2id hash and the account's language and, in the
// same transaction, the mail (in that language) with the link that verifies the address. Failures are
// ApiErrors whose messages the sign-up form shows as they are.
import "server-only";
import { ApiError } from "../api/errors";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { getDb } from "../db";
import { isUniqueViolation } from "../db/errors";
import { nudgeMailDelivery } from "../mail";
import type { SignUpInput } from "../validations/auth";
import { queueVerificationMail } from "./email-verification";
import { authLimiters, reserveSignUpAttempt, type AuthLimiters } from "./limits";
import { hashPassword } from "./password";
import { passwordPolicyProblem } from "./password-policy";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";

/** `locale`: the language the account is written to in (its mail), English unless given. */
export type SignUpOptions = { ip: string | null; limiters?: AuthLimiters; locale?: Locale };

function emailTaken(): ApiError {
  return new ApiError("conflict", { key: "emailTaken" }, [{ path: "email", message: EMAIL_TAKEN_MESSAGE }]);
}

/** Creates the account for already validated input; returns the new user without its hash. */
export async function registerUser(
  { email, password }: SignUpInput,
  { ip, limiters = authLimiters(), locale = DEFAULT_LOCALE }: SignUpOptions,
): Promise<{ id: string; email: string }> {
  const problem = passwordPolicyProblem(password);
  if (problem) throw new ApiError("validation_failed", problem, [{ path: "password", message: problem }]);

  const decision = await reserveSignUpAttempt(limiters, ip);
  if (!decision.allowed) {
    throw new ApiError(
      "rate_limited",
      { key: "signUpRateLimited", values: { minutes: Math.max(1, Math.ceil(decision.retryAfterSeconds / 60)) } },
      undefined,
      { "Retry-After": String(decision.retryAfterSeconds) },
    );
  }

  const db = await getDb();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(password);
  try {
    const { user, mailId } = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { email, passwordHash, locale }, select: { id: true, email: true } });
      return { user: created, mailId: await queueVerificationMail(tx, created) };
    });
    await nudgeMailDelivery(mailId);
    return user;
  } catch (error) {
    // Two sign-ups for one email at the same moment: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
