// The cookies of a session, and everything about them the proxy may read (no database here: the proxy's
// bundle must not pull it in). Names and attributes: over https the session cookie takes the __Host-
// prefix (Secure, Path=/, no Domain: no subdomain can set or read it); next-auth's own routes are told
// the same name, so every reader agrees. Also here: the one parser of Cookie and Set-Cookie headers,
// the token's decoding (once per process, not once per reader), the sliding renewal of sessions in use,
// remember-me as a cookie lifetime, and the "known device" cookie of the sign-in limits.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextRequest, NextResponse } from "next/server";
import { stringifyCookie } from "next/dist/compiled/@edge-runtime/cookies";
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "../env";
import { needsRenewal, tokenMaxAge } from "./lifetimes";

// ---- Names and attributes. ----

export const SESSION_COOKIE_BASENAME = "next-auth.session-token";

export function usesSecureCookies(): boolean {
  return env().NEXTAUTH_URL?.startsWith("https://") ?? false;
}

export function sessionCookieName(secure = usesSecureCookies()): string {
  return `${secure ? "__Host-" : ""}${SESSION_COOKIE_BASENAME}`;
}

/** The attributes every session cookie is written with (Max-Age is added for remembered sessions). */
export function sessionCookieAttributes(secure = usesSecureCookies()) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
}

// ---- Reading cookie headers. ----

export type Cookie = { name: string; value: string };

/** One `name=value` pair, its value URI-decoded where it can be. */
function parsePair(pair: string): Cookie {
  const eq = pair.indexOf("=");
  const name = (eq === -1 ? pair : pair.slice(0, eq)).trim();
  const raw = eq === -1 ? "" : pair.slice(eq + 1).trim();
  try {
    return { name, value: decodeURIComponent(raw) };
  } catch {
    return { name, value: raw };
  }
}

/** The cookies of a Cookie request header (pairs without a name are skipped). */
export function parseCookieHeader(header: string | null | undefined): Cookie[] {
  const cookies: Cookie[] = [];
  for (const part of (header ?? "").split(";")) {
    if (part.indexOf("=") <= 0) continue;
    cookies.push(parsePair(part));
  }
  return cookies;
}

/** The value of the cookie `name` in a Cookie request header (the first one of that name), or null. */
function cookieValue(header: string | null | undefined, name: string): string | null {
  return parseCookieHeader(header).find((cookie) => cookie.name === name)?.value ?? null;
}

/** One Set-Cookie response header: its cookie and its attributes as written. */
type SetCookie = Cookie & { raw: string; attributes: string[] };

function parseSetCookie(raw: string): SetCookie {
  const [pair, ...attributes] = raw.split(";");
  return { ...parsePair(pair), raw, attributes };
}

/**
 * The session token in a set of cookies: the cookie itself, or the chunks next-auth writes for a token
 * too large for one cookie (`name.0`, `name.1`, …) joined in order.
 */
export function sessionTokenFrom(cookies: Iterable<Cookie>, name: string): string | null {
  const chunks: { index: number; value: string }[] = [];
  for (const cookie of cookies) {
    if (cookie.name === name && cookie.value) return cookie.value;
    if (cookie.name.startsWith(`${name}.`)) {
      const index = Number(cookie.name.slice(name.length + 1));
      if (Number.isInteger(index) && index >= 0) chunks.push({ index, value: cookie.value });
    }
  }
  if (chunks.length === 0) return null;
  return chunks
    .sort((a, b) => a.index - b.index)
    .map((chunk) => chunk.value)
    .join("");
}

// ---- Decoding the token, once per process. ----
// A request passes the proxy (sign-in guard, idle renewal) and then its page or handler, and each used
// to decrypt the same JWE token again — key derivation and AES-GCM, the largest part of a signed-in API
// call's CPU. Decoded claims are kept here by token, for at most five minutes and never past the token's
// own expiry; a session's liveness (signed out, ended everywhere) is still checked against the database
// by its reader (lib/auth/sessions.ts), so nothing cached here outlives a revocation.

/** At most this many tokens are kept (least recently used dropped first): about 5 MB at the most. */
const SESSION_TOKEN_CACHE_MAX = 5_000;
const KEEP_MS = 5 * 60_000;

const decoded = new Map<string, { claims: JWT; expires: number; until: number }>();

/** The claims of a session token, or null when it cannot be decrypted or has expired. */
export async function decodeSessionToken(token: string, secret: string): Promise<JWT | null> {
  const now = Date.now();
  const key = `${secret.length}:${token}`;
  const hit = decoded.get(key);
  if (hit) {
    decoded.delete(key);
    if (hit.expires <= now) return null;
    if (hit.until > now) {
      decoded.set(key, hit);
      return { ...hit.claims };
    }
    // Kept for its five minutes, a token that has not expired is decoded again.
  }
  // A session token is a JWE in compact form, five parts: anything else is refused without key derivation.
  if (token.split(".", 6).length !== 5) return null;
  const claims = await decode({ token, secret }).catch(() => null);
  if (!claims) return null;
  const expires = typeof claims.exp === "number" ? claims.exp * 1000 : now;
  decoded.set(key, { claims, expires, until: Math.min(expires, now + KEEP_MS) });
  if (decoded.size > SESSION_TOKEN_CACHE_MAX) decoded.delete(decoded.keys().next().value as string);
  return { ...claims };
}

/** A session token for `claims`, living as long as lib/auth/lifetimes.ts allows from now. */
export function encodeSessionToken(claims: JWT, secret: string): Promise<string> {
  return encode({ token: claims, secret, maxAge: tokenMaxAge(claims) });
}

/** The claims of the session token among `cookies`, or null (no cookie, or one that does not decrypt). */
export async function sessionClaimsFrom(cookies: Iterable<Cookie>): Promise<JWT | null> {
  const raw = sessionTokenFrom(cookies, sessionCookieName());
  return raw ? decodeSessionToken(raw, env().NEXTAUTH_SECRET) : null;
}

// ---- Renewal. ----
// Sliding the idle limit of sessions (30 minutes unremembered, 7 days remembered): a token in use is
// re-issued (same claims, a fresh issue time) once it is five minutes old (lib/auth/lifetimes.ts). Pages get it from the proxy; API handlers, which the
// proxy does not run for, get it from their wrappers (lib/api/handler.ts, lib/ops/access.ts) once the
// session has been found live. Nothing here can extend a session beyond its lifetime from its sign-in.

/**
 * The cookie to send back in place of `current` when its token is due for renewal, else null: a
 * browser-session cookie for an unremembered session, one with the new token's lifetime for a remembered
 * one.
 */
async function renewedCookie(current: string | null | undefined) {
  if (!current) return null;
  const secret = env().NEXTAUTH_SECRET;
  const claims = await decodeSessionToken(current, secret);
  if (!claims || !needsRenewal(claims)) return null;
  const value = await encodeSessionToken(claims, secret);
  const attributes = { ...sessionCookieAttributes(), ...(claims.remember === true ? { maxAge: tokenMaxAge(claims) } : {}) };
  return { name: sessionCookieName(), value, ...attributes };
}

/** Adds a renewed session cookie to `response` when the request's token is due for one (the proxy, for pages). */
export async function renewIdleSession(request: NextRequest, response: NextResponse): Promise<void> {
  const cookie = await renewedCookie(request.cookies.get(sessionCookieName())?.value);
  if (cookie) response.cookies.set(cookie);
}

/** The same for an API answer to a signed-in request; `response` must have mutable headers. */
export async function renewIdleSessionOfApi(request: Request, response: Response): Promise<Response> {
  const cookie = await renewedCookie(cookieValue(request.headers.get("cookie"), sessionCookieName()));
  if (cookie) response.headers.append("set-cookie", stringifyCookie(cookie));
  return response;
}

// ---- Remember-me. ----
// next-auth v4 has no per-sign-in cookie lifetime: the choice travels in the JWT (`remember`), and every
// response that sets the session cookie is passed through here. When the token says not to remember,
// Expires and Max-Age are removed, which makes it a browser-session cookie; when it says to remember, the
// cookie expires with the token. This covers the sign-in and every later renewal by /api/auth/session.

function isRemoval(cookie: SetCookie): boolean {
  if (cookie.value === "") return true;
  for (const attribute of cookie.attributes) {
    const [key, ...rest] = attribute.trim().split("=");
    const value = rest.join("=");
    if (/^max-age$/i.test(key) && Number(value) <= 0) return true;
    if (/^expires$/i.test(key) && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

function withoutExpiry(cookie: SetCookie): string {
  const [pair] = cookie.raw.split(";");
  const kept = cookie.attributes.filter((attribute) => !/^\s*(expires|max-age)\s*=/i.test(attribute));
  return [pair, ...kept].join(";");
}

/** The cookie expiring at `exp` (seconds since the epoch), whatever expiry it was written with. */
function withExpiry(cookie: SetCookie, exp: number): string {
  return `${withoutExpiry(cookie)}; Expires=${new Date(exp * 1000).toUTCString()}`;
}

/**
 * Returns `response` with its live session-token cookies turned into browser-session cookies when the
 * token they carry was issued without remember-me, and expiring with the token when with it; a response
 * whose token cannot be read is returned untouched.
 */
export async function applyRememberChoice(response: Response, options: { cookieName: string; secret: string }): Promise<Response> {
  const all = response.headers.getSetCookie().map(parseSetCookie);
  const isSession = (c: SetCookie) => c.name === options.cookieName || c.name.startsWith(`${options.cookieName}.`);
  const live = all.filter((c) => isSession(c) && !isRemoval(c));
  if (live.length === 0) return response;

  const token = sessionTokenFrom(live, options.cookieName);
  const payload = token ? await decode({ token, secret: options.secret }).catch(() => null) : null;
  const remembered = payload?.remember === true && typeof payload.exp === "number";
  if (!payload || (payload.remember !== false && !remembered)) return response;

  // Remembered: the cookie expires with its token (7 days unused), not at next-auth's 30 days.
  const rewrite = (cookie: SetCookie) => (remembered ? withExpiry(cookie, payload.exp as number) : withoutExpiry(cookie));
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of all) headers.append("set-cookie", live.includes(cookie) ? rewrite(cookie) : cookie.raw);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// ---- The "known device" cookie. ----
// A browser that once signed in to an account successfully carries a token signed with the session
// secret that names that account (by a hash of its email). Sign-in attempts from such a browser are
// counted on their own (lib/auth/limits.ts), so strangers' failed guesses on the same account never slow
// its owner down. The token grants nothing by itself: the password is still checked.

const DEVICE_COOKIE_BASENAME = "fixwell.device";
/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const DEVICE_TOKEN_VERSION = "d1";

export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE_BASENAME}` : DEVICE_COOKIE_BASENAME;
}

function accountTag(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

function deviceSignature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`device|${payload}`).digest("base64url");
}

/** A new token for `email`, issued now. */
export function issueDeviceToken(email: string, secret: string, now = Date.now()): string {
  const payload = [DEVICE_TOKEN_VERSION, accountTag(email), Math.floor(now / 1000), randomBytes(12).toString("base64url")].join(".");
  return `${payload}.${deviceSignature(secret, payload)}`;
}

/**
 * The device's id when `token` was issued by this site for `email` and is not older than the cookie's
 * lifetime; null for anything else (forged, truncated, another account's, expired).
 */
export function verifyDeviceToken(token: string | undefined | null, email: string, secret: string, now = Date.now()): string | null {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== DEVICE_TOKEN_VERSION) return null;
  const [, tag, issuedAt, deviceId, given] = parts;
  const expected = Buffer.from(deviceSignature(secret, parts.slice(0, 4).join(".")));
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
  return cookieValue(cookieHeader, deviceCookieName(secure));
}

