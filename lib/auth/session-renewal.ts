// Sliding the idle limit of unremembered sessions: their token lives 30 minutes, so the proxy re-issues
// it (same claims, a fresh issue time) on a request once it is five minutes old. Remembered sessions and
// sessions past their lifetime are left alone; nothing here can extend a session beyond 12 hours from
// its sign-in (lib/auth/session-policy.ts).
import type { NextRequest, NextResponse } from "next/server";
import { encode } from "next-auth/jwt";
import { env } from "../env";
import { sessionCookieAttributes, sessionCookieName } from "./cookies";
import { needsRenewal, tokenMaxAge } from "./session-policy";
import { decodeSessionToken } from "./session-token";

/** Adds a renewed session cookie to `response` when the request's token is due for one. */
export async function renewIdleSession(request: NextRequest, response: NextResponse): Promise<void> {
  const name = sessionCookieName();
  const current = request.cookies.get(name)?.value;
  if (!current) return;
  const secret = env().NEXTAUTH_SECRET;
  const claims = await decodeSessionToken(current, secret);
  if (!claims || !needsRenewal(claims)) return;
  const token = await encode({ token: claims, secret, maxAge: tokenMaxAge(claims) });
  response.cookies.set(name, token, sessionCookieAttributes());
}
