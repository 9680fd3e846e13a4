// Who is signed in, decided by the session cookie (a next-auth JWT) and confirmed against the database.
// Route handlers get the user here; nothing a client sends in a body or URL decides identity. Pages,
// layouts and server actions ask getCurrentUser()/requireUser(): one read per request, however many
// components ask (React's cache() keeps the answer for the request being rendered). The user's role is
// read here too, from the users table on every call: a role can change while a session lasts, and the
// session cookie does not carry it.
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "../db";
import { retryReadOnce } from "../db/errors";
import { parseCookieHeader, sessionClaimsFrom } from "./cookies";
import { liveSessionOwner } from "./sessions";

export type SessionUser = { id: string; email: string };

async function userFromCookieHeader(header: string | null): Promise<SessionUser | null> {
  // One cookie per name, the last one sent winning, as a name → value record would keep them.
  const cookies = new Map(parseCookieHeader(header).map((cookie) => [cookie.name, cookie]));
  // A token counts only while its session is live: not signed out, not ended everywhere, not too old,
  // and its account still there (lib/auth/sessions.ts).
  return liveSessionOwner(await sessionClaimsFrom(cookies.values()));
}

/** The signed-in user of an API request, or null. */
export function getUserFromRequest(req: Request): Promise<SessionUser | null> {
  return userFromCookieHeader(req.headers.get("cookie"));
}

/** The signed-in user of the page being rendered, or null (server components and actions). */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const { headers } = await import("next/headers");
  return userFromCookieHeader((await headers()).get("cookie"));
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

export async function isOperator(user: SessionUser): Promise<boolean> {
  return (await roleOf(user)) === "operator";
}

/** The role of a signed-in user, read from the users table; null when the account is gone. */
export async function roleOf(user: SessionUser): Promise<"homeowner" | "handyman" | "operator" | "applicant" | null> {
  const db = await getDb();
  const row = await retryReadOnce(() => db.user.findUnique({ where: { id: user.id }, select: { role: true } }));
  return row?.role ?? null;
}

/** The name shown on the account pages: the part of the email before the @, first letter capitalised. */
export function displayNameFromEmail(email: string): string {
  const at = email.indexOf("@");
  const local = at === -1 ? email : email.slice(0, at);
  const [first = "", ...rest] = Array.from(local);
  return first.toUpperCase() + rest.join("");
}
