// The answer of a sitemap's route: the XML, or a 404 with no body for an address that is not one.
import "server-only";
import { env } from "../env";
import { resolveSiteOrigin } from "./site-url";

/** The site's origin for a sitemap request (the configured one, else the request's own host). */
export function sitemapOrigin(request: Request): string {
  return resolveSiteOrigin(env().NEXTAUTH_URL, request.headers);
}

export function sitemapResponse(xml: string | null): Response {
  if (xml === null) return new Response(null, { status: 404 });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
