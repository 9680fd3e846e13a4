// The "known device" cookie: a browser that once signed in to an account successfully carries a token
// signed with the session secret that names that account (by a hash of its email). Sign-in attempts
// from such a browser are counted on their own, so strangers' failed guesses on the same account never
// slow its owner down. The token grants nothing by itself: the password is still checked.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE_BASENAME = "fixwell.device";
/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const VERSION = "d1";

export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE_BASENAME}` : DEVICE_COOKIE_BASENAME;
}

function accountTag(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`device|${payload}`).digest("base64url");
}

/** A new token for `email`, issued now. */
export function issueDeviceToken(email: string, secret: string, now = Date.now()): string {
  const payload = [VERSION, accountTag(email), Math.floor(now / 1000), randomBytes(12).toString("base64url")].join(".");
  return `${payload}.${signature(secret, payload)}`;
}

/**
 * The device's id when `token` was issued by this site for `email` and is not older than the cookie's
 * lifetime; null for anything else (forged, truncated, another account's, expired).
 */
export function verifyDeviceToken(token: string | undefined | null, email: string, secret: string, now = Date.now()): string | null {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, tag, issuedAt, deviceId, given] = parts;
  const expected = Buffer.from(signature(secret, parts.slice(0, 4).join(".")));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (tag !== accountTag(email)) return null;
  const age = now / 1000 - Number(issuedAt);
  if (!Number.isFinite(age) || age < -60 || age > DEVICE_COOKIE_MAX_AGE) return null;
  return deviceId;
}

/** The Set-Cookie header value that stores a fresh token for `email` in this browser. */
export function deviceCookieHeader(email: string, secret: string, secure: boolean): string {
  const attributes = [`Path=/`, `Max-Age=${DEVICE_COOKIE_MAX_AGE}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${deviceCookieName(secure)}=${issueDeviceToken(email, secret)}`, ...attributes].join("; ");
}

/** The device token a request carries, from its Cookie header. */
export function deviceTokenFromCookieHeader(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const name = deviceCookieName(secure);
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
