// How long a session lives, decided from the moment of sign-in rather than renewed forever:
// - "Remember me" ticked: at most 30 days after signing in;
// - unticked: at most 12 hours after signing in, and ended after 30 minutes without a request.
// Every session token also carries the account's session version; bumping it in the database (sign
// out everywhere, password change or reset, account deletion) ends every session issued before.
// Pure functions over the token's claims, shared by next-auth's callbacks, the proxy that renews idle
// sessions, and the server's session read.

export const REMEMBERED_SESSION_MAX_AGE = 30 * 24 * 60 * 60;
export const BROWSER_SESSION_MAX_AGE = 12 * 60 * 60;
export const BROWSER_SESSION_IDLE = 30 * 60;
/** An idle-limited token is re-issued once it is this old, so an active visitor is never cut off. */
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

export function signedInAt(claims: SessionClaims): number | null {
  return seconds(claims.authTime) ?? seconds(claims.iat);
}

export function sessionVersionOf(claims: SessionClaims): number {
  return seconds(claims.sv) ?? 0;
}

/** The moment the session must end whatever happens, in seconds since the epoch. */
export function sessionDeadline(claims: SessionClaims): number {
  const start = signedInAt(claims) ?? 0;
  return start + (claims.remember === true ? REMEMBERED_SESSION_MAX_AGE : BROWSER_SESSION_MAX_AGE);
}

/** True while the session is within its absolute lifetime. */
export function isWithinLifetime(claims: SessionClaims, now = Date.now() / 1000): boolean {
  return signedInAt(claims) !== null && now < sessionDeadline(claims);
}

/** How long a token issued now may live: until the deadline, and for unremembered sessions the idle limit. */
export function tokenMaxAge(claims: SessionClaims, now = Date.now() / 1000): number {
  const left = Math.max(0, Math.round(sessionDeadline(claims) - now));
  return claims.remember === true ? left : Math.min(left, BROWSER_SESSION_IDLE);
}

/** True when a live, idle-limited token should be re-issued to slide its idle limit forward. */
export function needsRenewal(claims: SessionClaims, now = Date.now() / 1000): boolean {
  if (claims.remember === true || !isWithinLifetime(claims, now)) return false;
  const issued = seconds(claims.iat);
  return issued === null || now - issued >= RENEW_AFTER;
}
