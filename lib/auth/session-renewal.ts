// Sliding the idle limit of unremembered sessions: their token lives 30 minutes, so it is re-issued
// (same claims, a fresh issue time) on a request once it is five minutes old. Pages get it from the
// proxy; API handlers, which the proxy does not run for, get it from their wrappers (lib/api/handler.ts,
// lib/ops/access.ts) once the session has been found live. Remembered sessions and sessions past their
// lifetime are left alone; nothing here can extend a session beyond 12 hours from its sign-in
// (lib/auth/session-policy.ts).
import type { NextRequest, NextResponse } from "next/server";
import { RequestCookies, stringifyCookie } from "next/dist/compiled/@edge-runtime/cookies";
import { encode } from "next-auth/jwt";
import { env } from "../env";
import { sessionCookieAttributes, sessionCookieName } from "./cookies";
import { needsRenewal, tokenMaxAge } from "./session-policy";
import { decodeSessionToken } from "./session-token";

/** The token to send back in place of `current`, when it is due for renewal; else null. */
async function renewedToken(current: string | undefined): Promise<string | null> {
  if (!current) return null;
  const secret = env().NEXTAUTH_SECRET;
  const claims = await decodeSessionToken(current, secret);
  if (!claims || !needsRenewal(claims)) return null;
  return encode({ token: claims, secret, maxAge: tokenMaxAge(claims) });
}

/** Adds a renewed session cookie to `response` when the request's token is due for one (the proxy, for pages). */
export async function renewIdleSession(request: NextRequest, response: NextResponse): Promise<void> {
  const name = sessionCookieName();
  const token = await renewedToken(request.cookies.get(name)?.value);
  if (token) response.cookies.set(name, token, sessionCookieAttributes());
}

/** The same for an API answer to a signed-in request; `response` must have mutable headers. */
export async function renewIdleSessionOfApi(request: Request, response: Response): Promise<Response> {
  const name = sessionCookieName();
  const token = await renewedToken(new RequestCookies(request.headers).get(name)?.value);
  if (token) response.headers.append("set-cookie", stringifyCookie({ name, value: token, ...sessionCookieAttributes() }));
  return response;
}
