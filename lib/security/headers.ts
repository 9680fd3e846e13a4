// Response headers for every route. A page's Content-Security-Policy depends on the request (nonce or
// build-time hashes) and is set by proxy.ts or the build's header rules; these are the same for every
// response. The API does not go through the proxy: its policy and HSTS are header rules too (apiHeaderRules).
export const staticSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
] as const;

/** Strict-Transport-Security, sent on every answer to a request that came over https. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** An API answer is data, never a document: nothing may load from it, no page may frame it. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A header rule's condition: a proxy in front says the request came over https (deploy/nginx.conf sends it). */
export const OVER_HTTPS = { type: "header" as const, key: "x-forwarded-proto", value: "https" };

/**
 * next.config.ts header rules for /api/…: the policy always, and HSTS when a proxy in front says the
 * request came over https (X-Forwarded-Proto, which deploy/nginx.conf sends).
 */
export const apiHeaderRules = [
  { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
  {
    source: "/api/:path*",
    has: [OVER_HTTPS],
    headers: [{ key: "Strict-Transport-Security", value: HSTS }],
  },
];
