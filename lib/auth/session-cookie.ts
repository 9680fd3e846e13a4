// Starting and ending a session from a server action (the sign-in, sign-up and sign-out forms). The
// cookie is the one next-auth issues: the same name, attributes and JWT (sub = users.id, email, the
// remember-me choice), so the proxy, getCurrentUser() and next-auth's own routes all read it alike.
import "server-only";
import { cookies } from "next/headers";
import { env } from "../env";
import { sessionCookieAttributes, sessionCookieName, usesSecureCookies } from "./cookies";
import { DEVICE_COOKIE_MAX_AGE, deviceCookieName, issueDeviceToken } from "./device-cookie";
import { authOptions } from "./options";
import { tokenMaxAge } from "./session-policy";
import { openSession, revokeSession } from "./sessions";
import { decodeSessionToken } from "./session-token";

type SignedIn = { id: string; email: string };

const baseAttributes = sessionCookieAttributes;

/**
 * Signs `user` in for the rest of this browser session, or for 30 days with `remember`, and marks the
 * browser as known to the account (lib/auth/device-cookie.ts).
 */
export async function startSession(user: SignedIn, remember: boolean): Promise<void> {
  const { jwt } = authOptions();
  const secret = env().NEXTAUTH_SECRET;
  const claims = await openSession(user, remember);
  const maxAge = tokenMaxAge(claims);
  const token = await jwt!.encode!({ token: claims, secret, maxAge });
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
