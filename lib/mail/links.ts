// Absolute links for mail: a mail is read outside the site, so every link needs the site's origin.
// The origin is NEXTAUTH_URL (the configured public address), never a request's Host header, which a
// visitor could set to their own domain and so receive a working reset link for someone else's account.
import "server-only";
import { FALLBACK_ORIGIN } from "../site/site-url";
import { env } from "../env";

export function siteOrigin(): string {
  const configured = env().NEXTAUTH_URL;
  return configured ? new URL(configured).origin : FALLBACK_ORIGIN;
}

/** `https://site/path?key=value` on `baseUrl`'s origin (the site's by default). */
export function siteLink(path: string, params: Record<string, string> = {}, baseUrl: string = siteOrigin()): string {
  const url = new URL(path, new URL(baseUrl).origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
