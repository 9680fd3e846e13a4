// Cross-site request refusal for state-changing API calls. Browsers send Origin on every POST and
// Sec-Fetch-Site on every request; either one naming another site is enough to refuse. A call with
// neither header does not come from a browser page, so it cannot ride on a visitor's cookies.
import { env } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function siteOrigins(req: Request): Set<string> {
  const origins = new Set<string>();
  try {
    origins.add(new URL(req.url).origin);
  } catch {
    // A request without a parsable URL has no origin of its own to compare with.
  }
  const configured = env().NEXTAUTH_URL;
  if (configured) origins.add(new URL(configured).origin);
  return origins;
}

export function isCrossSiteRequest(req: Request): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  return !siteOrigins(req).has(origin);
}

/**
 * Whether a request came from another site by its Sec-Fetch-Site: a link, a form or a script on another
 * site ("cross-site") or on another subdomain of the same site ("same-site"). A GET that writes something
 * (an audit entry, a thread marked read) refuses these: a top-level navigation carries the SameSite=Lax
 * session cookie, so without this a link elsewhere could make an operator write forged audit entries or
 * mark a party's thread read. "same-origin" (our own pages) and "none" (typed, a bookmark) are let in,
 * and so is a request without the header (not a browser: it carries no visitor's cookie).
 */
export function comesFromAnotherSite(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
