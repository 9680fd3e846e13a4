// Checking an email and password, the work behind next-auth's `authorize`: limits first (no hashing
// once blocked), then one argon2 verification whether or not the email exists. Never throws.
import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "../db";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/errors";
import { signInSchema } from "../validations/auth";
import { env } from "../env";
import { verifyDeviceToken } from "./device-cookie";
import { authLimiters, reserveSignInAttempt, type AuthLimiters } from "./limits";
import { verifyAgainstDummy, verifyPassword } from "./password";
import type { SignInFailure } from "./sign-in-outcome";

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
  try {
    const knownDevice = verifyDeviceToken(deviceToken, email, env().NEXTAUTH_SECRET);
    const reservation = await reserveSignInAttempt(limiters, email, { ip, knownDevice });
    if (!reservation.allowed) {
      logOutcome("refused (rate limited)", email, ip);
      return { kind: "rate_limited", retryAfterSeconds: reservation.retryAfterSeconds };
    }

    const db = await getDb();
    const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, passwordHash: true } });
    const matches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !matches) {
      await reservation.failed();
      logOutcome("failed", email, ip);
      return { kind: "invalid" };
    }

    await reservation.succeeded();
    logOutcome("succeeded", email, ip, user.id);
    return { kind: "ok", user: { id: user.id, email: user.email }, remember };
  } catch (error) {
    const reason = isDatabaseUnavailable(error) ? "database unavailable" : "unexpected error";
    console.error(`[auth] sign-in failed (${reason}): ${describeDatabaseError(error)}`);
    return { kind: "unavailable" };
  }
}
