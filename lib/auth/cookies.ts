// next-auth's cookie naming: the __Secure- prefix (and the Secure flag) when the site runs on https.
import { env } from "../env";

export const SESSION_COOKIE_BASENAME = "next-auth.session-token";

export function usesSecureCookies(): boolean {
  return env().NEXTAUTH_URL?.startsWith("https://") ?? false;
}

export function sessionCookieName(): string {
  return `${usesSecureCookies() ? "__Secure-" : ""}${SESSION_COOKIE_BASENAME}`;
}
