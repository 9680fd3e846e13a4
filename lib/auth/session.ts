// Who is signed in, decided by the session cookie (a next-auth JWT) and confirmed against the database.
// Route handlers get the user here; nothing a client sends in a body or URL decides identity.
import { getToken } from "next-auth/jwt";
import { env } from "../env";
import { getDb } from "../db";

export type SessionUser = { id: string; email: string };

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

async function userFromToken(headers: Record<string, string>): Promise<SessionUser | null> {
  const { NEXTAUTH_SECRET, NEXTAUTH_URL } = env();
  const token = await getToken({
    // getToken reads `cookies` (chunked session cookies included) and `headers` of a request-like object.
    req: { headers, cookies: parseCookies(headers.cookie) } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: NEXTAUTH_SECRET,
    secureCookie: NEXTAUTH_URL?.startsWith("https://") ?? false,
  }).catch(() => null);
  if (!token?.sub) return null;
  const db = await getDb();
  // The user may have been deleted since the token was issued; a stale token signs nobody in.
  const user = await db.user.findUnique({ where: { id: token.sub }, select: { id: true, email: true } });
  return user;
}

/** The signed-in user of an API request, or null. */
export function getUserFromRequest(req: Request): Promise<SessionUser | null> {
  return userFromToken(Object.fromEntries(req.headers.entries()));
}

/** The signed-in user of the page being rendered, or null (server components and actions). */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const { headers } = await import("next/headers");
  const incoming = await headers();
  return userFromToken(Object.fromEntries(incoming.entries()));
}
