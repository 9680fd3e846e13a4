// Sessions the server can end. A sign-in opens a row in `sessions`; the session token (a next-auth JWT)
// carries its id (`sid`), the account's session version (`sv`) and the sign-in time (`authTime`).
// A token counts only while its row is unrevoked, its version is the account's current one, and it is
// within the lifetime of lib/auth/lifetimes.ts (for operators 12 hours, whatever "Remember me" said) —
// so signing out ends a copied cookie too, and bumping the version (sign out everywhere, password change
// or reset, deletion) ends all of them.
//
// Server actions (the sign-in, sign-up and sign-out forms) start and end sessions here too. The cookie
// is the one next-auth issues: the same name, attributes and JWT (sub = users.id, email, the remember-me
// choice), so the proxy, getCurrentUser() and next-auth's own routes all read it alike.
import "server-only";
import { cookies } from "next/headers";
import type { JWT } from "next-auth/jwt";
import { getDb } from "../db";
import { retryReadOnce } from "../db/errors";
import { env } from "../env";
import type { Prisma } from "../generated/prisma/client";
import { forgetDevices } from "../push/forget";
import {
  decodeSessionToken,
  DEVICE_COOKIE_MAX_AGE,
  deviceCookieName,
  encodeSessionToken,
  issueDeviceToken,
  sessionCookieAttributes,
  sessionCookieName,
  usesSecureCookies,
} from "./cookies";
import { REMEMBERED_SESSION_MAX_AGE, isWithinLifetime, sessionVersionOf, tokenMaxAge, type SessionClaims } from "./lifetimes";
import { cachedLiveness, forgetAccount } from "./liveness-cache";

export type SessionOwner = { id: string; email: string };

/** Opens a session for `user` and returns the claims its token carries. */
export async function openSession(user: SessionOwner, remember: boolean, now = new Date()): Promise<JWT> {
  const db = await getDb();
  const { sessionVersion, role } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true, role: true } });
  // Operators always get the short session (12 hours at most), whatever "Remember me" said.
  if (role === "operator") remember = false;
  const session = await db.userSession.create({ data: { userId: user.id, remember }, select: { id: true } });
  // Rows of sessions that can no longer be live are of no use: drop them while we are here.
  await db.userSession.deleteMany({
    where: {
      userId: user.id,
      OR: [{ revokedAt: { not: null } }, { createdAt: { lt: new Date(now.getTime() - REMEMBERED_SESSION_MAX_AGE * 1000) } }],
    },
  });
  return {
    sub: user.id,
    email: user.email,
    remember,
    sid: session.id,
    sv: sessionVersion,
    authTime: now.getTime() / 1000,
  };
}

/** The account of a token whose session is still live, or null (revoked, outdated version, too old, account gone). */
export async function liveSessionOwner(claims: (SessionClaims & { sid?: unknown }) | null): Promise<SessionOwner | null> {
  if (!claims?.sub || typeof claims.sid !== "string" || !isWithinLifetime(claims)) return null;
  const { sub, sid } = claims;
  // One statement (the account, with an EXISTS on its unrevoked session): this runs on every signed-in
  // request, and asking from the session's side would take two (Prisma reads a relation separately).
  // Kept in memory while every change to it is heard (lib/auth/liveness-cache.ts).
  const user = await cachedLiveness(sub, sid, async () => {
    const db = await getDb();
    return retryReadOnce(() =>
      db.user.findFirst({
        where: { id: sub, sessions: { some: { id: sid, revokedAt: null } } },
        select: { id: true, email: true, sessionVersion: true, role: true },
      }),
    );
  });
  if (!user || user.sessionVersion !== sessionVersionOf(claims)) return null;
  // An account made operator during a long session keeps it no longer than an operator's own.
  if (user.role === "operator" && !isWithinLifetime({ ...claims, remember: false })) return null;
  return { id: user.id, email: user.email };
}

/** Ends one session (signing out). Unknown or malformed ids change nothing. */
export async function revokeSession(sid: unknown): Promise<void> {
  if (typeof sid !== "string" || !/^[0-9a-f-]{36}$/i.test(sid)) return;
  const db = await getDb();
  const ended = await db.userSession.updateManyAndReturn({ where: { id: sid, revokedAt: null }, data: { revokedAt: new Date() }, select: { userId: true } });
  for (const { userId } of ended) forgetAccount(userId);
}

/**
 * Ends every session of the account, inside the caller's transaction ("sign out everywhere", a password
 * changed or reset). Its devices lose web push too: a device nobody is signed in on gets no news of the account.
 */
export async function endAllSessions(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await forgetDevices(tx, userId);
  await tx.userSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  // Before the commit: a read from here to the commit may keep the old answer, until the commit's notification.
  forgetAccount(userId);
}

// ---- From a server action: this browser's cookie. ----

const baseAttributes = sessionCookieAttributes;

/**
 * Signs `user` in for the rest of this browser session, or with `remember` for 30 days (ended after 7
 * unused), and marks the browser as known to the account (lib/auth/cookies.ts).
 */
export async function startSession(user: SessionOwner, remember: boolean): Promise<void> {
  const secret = env().NEXTAUTH_SECRET;
  const claims = await openSession(user, remember);
  const maxAge = tokenMaxAge(claims);
  const token = await encodeSessionToken(claims, secret);
  const jar = await cookies();
  // Not remembered: a browser-session cookie, whose token still ends after 30 idle minutes.
  jar.set(sessionCookieName(), token, { ...baseAttributes(), ...(remember ? { maxAge } : {}) });
  jar.set(deviceCookieName(usesSecureCookies()), issueDeviceToken(user.email, secret), {
    ...baseAttributes(),
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

/** Ends this browser's session on the server and removes its cookie (and any chunks next-auth wrote). */
export async function endSession(): Promise<void> {
  const jar = await cookies();
  const name = sessionCookieName();
  const current = jar.get(name)?.value;
  const claims = current ? await decodeSessionToken(current, env().NEXTAUTH_SECRET) : null;
  await revokeSession(claims?.sid);
  for (const cookie of jar.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) jar.set(cookie.name, "", { ...baseAttributes(), maxAge: 0 });
  }
}

/** The device token this browser carries, for the sign-in limits. */
export async function deviceToken(): Promise<string | null> {
  return (await cookies()).get(deviceCookieName(usesSecureCookies()))?.value ?? null;
}

/** Whether this browser's session was started with "Remember me", to keep that choice when it is renewed. */
export async function sessionIsRemembered(): Promise<boolean> {
  const value = (await cookies()).get(sessionCookieName())?.value;
  if (!value) return false;
  const token = await decodeSessionToken(value, env().NEXTAUTH_SECRET);
  return token?.remember === true;
}
