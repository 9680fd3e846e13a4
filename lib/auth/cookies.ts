// Cookie naming and attributes for the session. Over https the session cookie takes the __Host- prefix
// (Secure, Path=/, no Domain: no subdomain can set or read it); next-auth's own routes are told the same
// name, so every reader agrees.
import { env } from "../env";

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
