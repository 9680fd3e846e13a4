// The site's absolute origin, for canonical URLs, JSON-LD, Open Graph and the sitemap.
//
// NEXTAUTH_URL wins when it is set: it is the configured public address (next-auth needs it in
// production anyway), and it cannot be influenced by a request. Without it (local development, a
// preview), the request's own Host is used, so links point back at whatever address served the page;
// the host is checked to be a plain host name before it is used.

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const FALLBACK_ORIGIN = "http://localhost:3000";

function first(value: string | null): string | undefined {
  const item = value?.split(",")[0]?.trim();
  return item ? item : undefined;
}

/** The origin from a configured URL, else from the request headers; never a malformed value. */
export function resolveSiteOrigin(configuredUrl: string | undefined, headers: Pick<Headers, "get">): string {
  if (configuredUrl) {
    try {
      return new URL(configuredUrl).origin;
    } catch {
      // Fall through to the request; lib/env rejects a malformed NEXTAUTH_URL at start anyway.
    }
  }
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host"));
  if (!host || !HOST.test(host)) return FALLBACK_ORIGIN;
  const forwardedProto = first(headers.get("x-forwarded-proto"))?.toLowerCase();
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return `${proto}://${host.toLowerCase()}`;
}

/** Path of an opening's detail page. */
export function jobOpeningPath(jobId: string): string {
  return `/job-openings/${encodeURIComponent(jobId)}`;
}
