// Creating an account: the password policy (length and the common-password list), the per-address
// limit before any hashing, one users row with an argon2id hash. Failures are ApiErrors whose
// messages the sign-up form shows as they are.
import "server-only";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import type { SignUpInput } from "../validations/auth";
import { authLimiters, reserveSignUpAttempt, type AuthLimiters } from "./limits";
import { hashPassword } from "./password";
import { passwordPolicyProblem } from "./password-policy";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";

export type SignUpOptions = { ip: string | null; limiters?: AuthLimiters };

function emailTaken(): ApiError {
  return new ApiError("conflict", EMAIL_TAKEN_MESSAGE, [{ path: "email", message: EMAIL_TAKEN_MESSAGE }]);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** Creates the account for already validated input; returns the new user without its hash. */
export async function registerUser(
  { email, password }: SignUpInput,
  { ip, limiters = authLimiters() }: SignUpOptions,
): Promise<{ id: string; email: string }> {
  const problem = passwordPolicyProblem(password);
  if (problem) throw new ApiError("validation_failed", problem, [{ path: "password", message: problem }]);

  const decision = await reserveSignUpAttempt(limiters, ip);
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    throw new ApiError(
      "rate_limited",
      `Too many sign-up attempts from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      undefined,
      { "Retry-After": String(decision.retryAfterSeconds) },
    );
  }

  const db = await getDb();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(password);
  try {
    return await db.user.create({ data: { email, passwordHash }, select: { id: true, email: true } });
  } catch (error) {
    // Two sign-ups for one email at the same moment: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
