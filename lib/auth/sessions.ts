// Sessions the server can end. A sign-in opens a row in `sessions`; the session token (a next-auth JWT)
// carries its id (`sid`), the account's session version (`sv`) and the sign-in time (`authTime`).
// A token counts only while its row is unrevoked, its version is the account's current one, and it is
// within the lifetime of lib/auth/session-policy.ts (for operators 12 hours, whatever "Remember me"
// said) — so signing out ends a copied cookie too, and
// bumping the version (sign out everywhere, password change or reset, deletion) ends all of them.
import "server-only";
import type { JWT } from "next-auth/jwt";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { REMEMBERED_SESSION_MAX_AGE, isWithinLifetime, sessionVersionOf, type SessionClaims } from "./session-policy";

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
  const db = await getDb();
  // One statement (the account, with an EXISTS on its unrevoked session): this runs on every signed-in
  // request, and asking from the session's side would take two (Prisma reads a relation separately).
  const user = await db.user.findFirst({
    where: { id: claims.sub, sessions: { some: { id: claims.sid, revokedAt: null } } },
    select: { id: true, email: true, sessionVersion: true, role: true },
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
  await db.userSession.updateMany({ where: { id: sid, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every session of the account, inside the caller's transaction. */
export async function endAllSessions(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await tx.userSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
