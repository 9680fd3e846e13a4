// Who is signed in, decided by the session cookie (a next-auth JWT) and confirmed against the database.
// Route handlers get the user here; nothing a client sends in a body or URL decides identity. Pages,
// layouts and server actions ask getCurrentUser()/requireUser(): one read per request, however many
// components ask (React's cache() keeps the answer for the request being rendered).
import { redirect } from "next/navigation";
import { cache } from "react";
import { env } from "../env";
import { sessionCookieName } from "./cookies";
import { liveSessionOwner } from "./sessions";
import { decodeSessionToken, sessionTokenFrom } from "./session-token";

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
  const cookies = Object.entries(parseCookies(headers.cookie)).map(([name, value]) => ({ name, value }));
  const raw = sessionTokenFrom(cookies, sessionCookieName());
  const token = raw ? await decodeSessionToken(raw, env().NEXTAUTH_SECRET) : null;
  // A token counts only while its session is live: not signed out, not ended everywhere, not too old,
  // and its account still there (lib/auth/sessions.ts).
  return liveSessionOwner(token);
}

/** The signed-in user of an API request, or null. */
export function getUserFromRequest(req: Request): Promise<SessionUser | null> {
  return userFromToken(Object.fromEntries(req.headers.entries()));
}

/** The signed-in user of the page being rendered, or null (server components and actions). */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const { headers } = await import("next/headers");
  const incoming = await headers();
  return userFromToken(Object.fromEntries(incoming.entries()));
});

/** The signed-in user; a signed-out visitor is sent to the home page (in the page's language) instead. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) {
    const [{ pageLocale }, { localizedPath }] = await Promise.all([import("../i18n/page-locale"), import("../i18n/paths")]);
    redirect(localizedPath(await pageLocale(), "/"));
  }
  return user;
}

/**
 * The signed-in user for the site header, or null. Pages are prerendered with the signed-out header;
 * a request that carries a session cookie is rendered on demand in draft mode (see
 * lib/security/session-render.ts), and only such a render reads the session, so the header never
 * turns a prerendered page into one rendered on every request. A session that cannot be checked (the
 * database is unreachable) shows the signed-out header.
 */
export async function getHeaderUser(): Promise<SessionUser | null> {
  const { draftMode } = await import("next/headers");
  const onDemand = process.env.NODE_ENV === "development" || (await draftMode()).isEnabled;
  return onDemand ? getCurrentUser().catch(() => null) : null;
}
