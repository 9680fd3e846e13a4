// How long a session lives, decided from the moment of sign-in rather than renewed forever:
// - "Remember me" ticked: at most 30 days after signing in, and ended after 7 days without a request;
// - unticked: at most 12 hours after signing in, and ended after 30 minutes without a request.
// A token lives until the idle limit (or the deadline, when that comes first) and is re-issued while in
// use, so the idle limit slides forward with each visit but never past the deadline.
// Every session token also carries the account's session version; bumping it in the database (sign
// out everywhere, password change or reset, account deletion) ends every session issued before.
// Pure functions over the token's claims, shared by next-auth's callbacks, the proxy that renews idle
// sessions, and the server's session read.

export const REMEMBERED_SESSION_MAX_AGE = 30 * 24 * 60 * 60;
export const BROWSER_SESSION_MAX_AGE = 12 * 60 * 60;
export const BROWSER_SESSION_IDLE = 30 * 60;
/** A remembered session unused this long has ended (OWASP ASVS 3.3.2). */
export const REMEMBERED_SESSION_IDLE = 7 * 24 * 60 * 60;
/** A token in use is re-issued once it is this old, so an active visitor is never cut off. */
export const RENEW_AFTER = 5 * 60;

export type SessionClaims = {
  sub?: string;
  remember?: unknown;
  /** The account's session version when the token was issued. */
  sv?: unknown;
  /** When the visitor signed in (seconds since the epoch). */
  authTime?: unknown;
  /** When this token was (re)issued, set by next-auth. */
  iat?: unknown;
};

const seconds = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function signedInAt(claims: SessionClaims): number | null {
  return seconds(claims.authTime) ?? seconds(claims.iat);
}

export function sessionVersionOf(claims: SessionClaims): number {
  return seconds(claims.sv) ?? 0;
}

/** The moment the session must end whatever happens, in seconds since the epoch. */
function sessionDeadline(claims: SessionClaims): number {
  const start = signedInAt(claims) ?? 0;
  return start + (claims.remember === true ? REMEMBERED_SESSION_MAX_AGE : BROWSER_SESSION_MAX_AGE);
}

/** How long the session may go unused. */
export function idleLimit(claims: SessionClaims): number {
  return claims.remember === true ? REMEMBERED_SESSION_IDLE : BROWSER_SESSION_IDLE;
}

/**
 * True while the session is within its lifetime: before its deadline, and its token issued no longer
 * ago than the idle limit (the token's own expiry says the same; this holds for a token minted longer).
 */
export function isWithinLifetime(claims: SessionClaims, now = Date.now() / 1000): boolean {
  const issued = seconds(claims.iat);
  if (issued !== null && now - issued >= idleLimit(claims)) return false;
  return signedInAt(claims) !== null && now < sessionDeadline(claims);
}

/** How long a token issued now may live: the idle limit, and never past the deadline. */
export function tokenMaxAge(claims: SessionClaims, now = Date.now() / 1000): number {
  const left = Math.max(0, Math.round(sessionDeadline(claims) - now));
  return Math.min(left, idleLimit(claims));
}

/** True when a live token in use should be re-issued to slide its idle limit forward. */
export function needsRenewal(claims: SessionClaims, now = Date.now() / 1000): boolean {
  if (!isWithinLifetime(claims, now)) return false;
  const issued = seconds(claims.iat);
  return issued === null || now - issued >= RENEW_AFTER;
}
