// Reading the session cookie's token once per process, not once per reader. A request passes the proxy
// (sign-in guard, idle renewal) and then its page or handler, and each used to decrypt the same JWE
// token again — key derivation and AES-GCM, the largest part of a signed-in API call's CPU. Decoded
// claims are kept here by token, for at most five minutes and never past the token's own expiry; a
// session's liveness (signed out, ended everywhere) is still checked against the database by its reader
// (lib/auth/sessions.ts), so nothing cached here outlives a revocation.
import { decode, type JWT } from "next-auth/jwt";

/** At most this many tokens are kept (least recently used dropped first): about 5 MB at the most. */
export const SESSION_TOKEN_CACHE_MAX = 5_000;
const KEEP_MS = 5 * 60_000;

const decoded = new Map<string, { claims: JWT; until: number }>();

/** The claims of a session token, or null when it cannot be decrypted or has expired. */
export async function decodeSessionToken(token: string, secret: string): Promise<JWT | null> {
  const now = Date.now();
  const key = `${secret.length}:${token}`;
  const hit = decoded.get(key);
  if (hit) {
    decoded.delete(key);
    if (hit.until <= now) return null;
    decoded.set(key, hit);
    return { ...hit.claims };
  }
  const claims = await decode({ token, secret }).catch(() => null);
  if (!claims) return null;
  const expires = typeof claims.exp === "number" ? claims.exp * 1000 : now;
  decoded.set(key, { claims, until: Math.min(expires, now + KEEP_MS) });
  if (decoded.size > SESSION_TOKEN_CACHE_MAX) decoded.delete(decoded.keys().next().value as string);
  return { ...claims };
}

/**
 * The session token in a set of cookies: the cookie itself, or the chunks next-auth writes for a token
 * too large for one cookie (`name.0`, `name.1`, …) joined in order.
 */
export function sessionTokenFrom(cookies: Iterable<{ name: string; value: string }>, name: string): string | null {
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
