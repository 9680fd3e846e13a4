// Signing in and signing up. Checking an email and password is the work behind next-auth's `authorize`
// and the sign-in form's action: limits first (no hashing once blocked), then one argon2 verification
// whether or not the email exists; it never throws. How an attempt ended is handed from `authorize`
// (which may only say "no user") to the route wrapper (lib/auth/next-auth.ts), which turns it into the
// right message and status for the form. Creating an account: the password policy (length and the
// common-password list), the per-address limit before any hashing, one users row with an argon2id hash
// and the account's language and, in the same transaction, the mail (in that language) with the link
// that verifies the address. Its failures are ApiErrors whose messages the sign-up form shows as they are.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { ApiError } from "../api/errors";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { isUniqueViolation, logFailure } from "../db/errors";
import { env } from "../env";
import { nudgeMailDelivery } from "../mail";
import { signInSchema, type SignUpInput } from "../validations/auth";
import { queueVerificationMail } from "./account-tokens";
import { verifyDeviceToken } from "./cookies";
import { authLimiters, reserveSignInAttempt, reserveSignUpAttempt, type AuthLimiters } from "./limits";
import { hashPassword, passwordPolicyProblem, verifyAgainstDummy, verifyPassword } from "./passwords";

// ---- How the sign-in attempt of the current request ended.

export type SignInFailure = { kind: "invalid" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "unavailable" };

type Slot = { failure?: SignInFailure; signedIn?: string };

const holder = globalThis as unknown as { __fixwellSignInOutcome?: AsyncLocalStorage<Slot> };
const storage = (holder.__fixwellSignInOutcome ??= new AsyncLocalStorage<Slot>());

/** Runs `fn` with a fresh slot and returns its result together with the failure recorded, if any. */
export async function withSignInOutcome<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; failure?: SignInFailure; /** The email that signed in, if one did. */ signedIn?: string }> {
  const slot: Slot = {};
  const result = await storage.run(slot, fn);
  return { result, failure: slot.failure, signedIn: slot.signedIn };
}

export function recordSignInFailure(failure: SignInFailure): void {
  const slot = storage.getStore();
  if (slot) slot.failure = failure;
}

export function recordSignInSuccess(email: string): void {
  const slot = storage.getStore();
  if (slot) slot.signedIn = email;
}

// ---- Signing in.

export type SignInResult = { kind: "ok"; user: { id: string; email: string }; remember: boolean } | SignInFailure;

export type SignInOptions = {
  ip: string | null;
  /** The browser's device cookie, if any: a valid one for this account exempts it from others' failures. */
  deviceToken?: string | null;
  limiters?: AuthLimiters;
};

/** Sign-in outcomes are security events: logged with a user id or a short hash of the email, never a password. */
function logOutcome(outcome: string, email: string, ip: string | null, userId?: string) {
  const who = userId ? `user=${userId}` : `account=${createHash("sha256").update(email).digest("hex").slice(0, 12)}`;
  const line = `[security] sign-in ${outcome}: ${who} ip=${ip ?? "unknown"}`;
  if (outcome === "succeeded") console.info(line);
  else console.warn(line);
}

export async function attemptSignIn(
  credentials: unknown,
  { ip, deviceToken, limiters = authLimiters() }: SignInOptions,
): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(credentials ?? {});
  if (!parsed.success) return { kind: "invalid" };
  const { email, password, remember } = parsed.data;
  // Set once the attempt is counted and until it is decided: an error in between gives it back.
  let undecided: (() => Promise<void>) | undefined;
  try {
    const knownDevice = verifyDeviceToken(deviceToken, email, env().NEXTAUTH_SECRET);
    const reservation = await reserveSignInAttempt(limiters, email, { ip, knownDevice });
    if (!reservation.allowed) {
      logOutcome("refused (rate limited)", email, ip);
      return { kind: "rate_limited", retryAfterSeconds: reservation.retryAfterSeconds };
    }

    undecided = reservation.undecided;
    const db = await getDb();
    const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, passwordHash: true } });
    const matches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    undecided = undefined;
    if (!user || !matches) {
      await reservation.failed();
      logOutcome("failed", email, ip);
      return { kind: "invalid" };
    }

    await reservation.succeeded();
    logOutcome("succeeded", email, ip, user.id);
    return { kind: "ok", user: { id: user.id, email: user.email }, remember };
  } catch (error) {
    logFailure("auth", "sign-in", error);
    // The database (or a limiter's store) did not answer: the attempt proved nothing and is given back;
    // the person reads "try again in a moment", never "wrong password".
    await undecided?.().catch((refundError) => logFailure("auth", "sign-in refund", refundError));
    return { kind: "unavailable" };
  }
}

// ---- Signing up.

/**
 * `locale`: the language the account is written to in (its mail), English unless given. `role`: an
 * applicant to join as a professional signs up as `applicant` (lib/handymen/applications.ts), with
 * `inTransaction` adding the application in the account's own transaction and returning the ids of the
 * mail it queued; a throw there undoes the account too.
 */
export type SignUpOptions = {
  ip: string | null;
  limiters?: AuthLimiters;
  locale?: Locale;
  role?: "applicant";
  inTransaction?: (tx: Prisma.TransactionClient, user: { id: string; email: string }) => Promise<string[]>;
};

function emailTaken(): ApiError {
  return new ApiError("conflict", { key: "emailTaken" }, [{ path: "email", message: { key: "emailTaken" } }]);
}

/** Creates the account for already validated input; returns the new user without its hash. */
export async function registerUser(
  { email, password }: SignUpInput,
  { ip, limiters = authLimiters(), locale = DEFAULT_LOCALE, role, inTransaction }: SignUpOptions,
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
    const { user, mailIds } = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { email, passwordHash, locale, ...(role ? { role } : {}) }, select: { id: true, email: true, role: true } });
      const verification = await queueVerificationMail(tx, created);
      return { user: { id: created.id, email: created.email }, mailIds: [verification, ...((await inTransaction?.(tx, created)) ?? [])] };
    });
    await nudgeMailDelivery(mailIds);
    return user;
  } catch (error) {
    // Two sign-ups for one email at the same moment: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
