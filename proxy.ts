// Runs before page requests (not the API: its policy and HSTS are header rules of next.config.ts, and its
// handlers check and renew the session themselves, lib/api/handler.ts): the optimistic sign-in guard of lib/auth/route-guard.ts (each
// guarded page and handler checks the user again itself), the idle renewal of sessions in use, rendering on demand for visitors with a
// session (lib/security/session-render.ts), and the per-request security headers — the
// Content-Security-Policy and, over https, Strict-Transport-Security. The page of a job opening that
// has closed is answered with status 410 Gone, that of an unknown one with 404 (lib/careers/closed-path.ts); a handyman's
// public profile likewise (lib/handymen/profile-path.ts). Pages are in their language:
// /nl/… is Dutch; every other page address is English, rendered from app/[locale] through the rewrite in
// next.config.ts (an internal rewrite there, not one from here: Next.js turns a rewrite made in the proxy
// into an absolute address, which a server bound to 127.0.0.1 fetches from itself as an external one).
// A signed-in visitor's page is not rendered while the database cannot be reached: the proxy answers 503
// with the "back in a moment" page in the page's language (lib/db/unavailable-page.ts).
// The proxy tells next-intl the page's language, and sends /en/… to the address without the prefix.
import { NextResponse, type NextRequest } from "next/server";
import { guardRoute } from "@/lib/auth/route-guard";
import { renewIdleSession } from "@/lib/auth/cookies";
import { usesSecureCookies } from "@/lib/auth/cookies";
import { pagePolicy } from "@/lib/security/csp";
import { HSTS } from "@/lib/security/headers";
import { markForSessionRender } from "@/lib/security/session-render";
import { isCachedCareersPath, isOpeningPagePath, openingIdOfPath } from "@/lib/careers/closed-path";
import { isProfilePagePath, profileSlugOfPath } from "@/lib/handymen/profile-path";
import { internalPath, splitLocale } from "@/lib/i18n/paths";

const UPGRADE_ONLY_CSP = "upgrade-insecure-requests";

/** The request header next-intl reads the page's language from (its own routing sets the same one). */
const LOCALE_HEADER = "X-NEXT-INTL-LOCALE";

/** /en and /en/… name the English pages by their prefix: the address of those pages has none. */
function withoutEnglishPrefix(request: NextRequest): NextResponse | null {
  const { pathname, search } = request.nextUrl;
  if (pathname !== "/en" && !pathname.startsWith("/en/")) return null;
  const url = request.nextUrl.clone();
  url.pathname = pathname.slice(3) || "/";
  url.search = search;
  return NextResponse.redirect(url, 308);
}

/**
 * For a GET or HEAD of a job opening's page: 410 when that opening has closed, 404 when there is no such
 * opening (or the id could never name one), else null (also when that cannot be told: the page itself
 * reads the opening again and never shows one that is not published).
 */
async function openingPageStatusOf(request: NextRequest): Promise<410 | 404 | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!isOpeningPagePath(request.nextUrl.pathname)) return null;
  const jobId = openingIdOfPath(request.nextUrl.pathname);
  if (!jobId) return 404;
  try {
    const { openingPageStatus } = await import("@/lib/careers/closed");
    const status = await openingPageStatus(jobId);
    return status === "gone" ? 410 : status === "missing" ? 404 : null;
  } catch (error) {
    console.error(`[proxy] could not tell whether job opening ${jobId} is published: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * For a GET or HEAD of a handyman's public profile: 410 when that handyman was removed or is suspended,
 * 404 when no handyman has the slug (a malformed one without asking the database), else null.
 */
async function profilePageStatusOf(request: NextRequest): Promise<410 | 404 | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!isProfilePagePath(request.nextUrl.pathname)) return null;
  const slug = profileSlugOfPath(request.nextUrl.pathname);
  if (!slug) return 404;
  try {
    const { profilePageStatus } = await import("@/lib/handymen/profile");
    const status = await profilePageStatus(slug);
    return status === "gone" ? 410 : status === "missing" ? 404 : null;
  } catch (error) {
    console.error(`[proxy] could not tell whether profile ${slug} is listed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * For a GET or HEAD of a page rendered for a signed-in visitor (whose session the page looks up first):
 * true when the database does not answer now (lib/db/reachable.ts), and the page would fail with 500.
 */
async function databaseUnreachable(request: NextRequest): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { databaseReachable } = await import("@/lib/db/reachable");
  return !(await databaseReachable());
}

function servedOverHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https" || usesSecureCookies();
}

/** The page's response, with the request headers this proxy adds (its language, its policy) passed on to Next.js. */
async function pageResponse(request: NextRequest, headers: Headers): Promise<NextResponse> {
  headers.set(LOCALE_HEADER, splitLocale(request.nextUrl.pathname).locale);
  // A closed opening's page goes on with status 410; the page keeps it and says the opening has closed.
  // An unknown opening's page goes on with 404; the page draws the not-found content itself.
  // A profile's page likewise: 410 for a removed or suspended handyman, 404 for an unknown slug.
  const status = (await openingPageStatusOf(request)) ?? (await profilePageStatusOf(request));
  return NextResponse.next({ request: { headers }, ...(status ? { status } : {}) });
}

export async function proxy(request: NextRequest) {
  const https = servedOverHttps(request);
  const development = process.env.NODE_ENV === "development";
  const headers = new Headers(request.headers);
  const renderedOnRequest = await markForSessionRender(request, headers, development);
  // A careers page served from Next.js's cache brings the policy of its own scripts (see
  // lib/cache/page-cache-handler.mjs): no nonce goes into it, and a second policy from here would
  // refuse them. Visitors with a session get it rendered on request, with a nonce, like every page.
  const fromCache = !development && !renderedOnRequest && isCachedCareersPath(request.nextUrl.pathname);
  const policy = fromCache ? null : pagePolicy(internalPath(request.nextUrl.pathname), { development, https, renderedOnRequest });
  // Over https a page from the cache gets a second policy that only upgrades insecure requests, which
  // the browser applies beside the page's own (the cached policy is the same for http and https).
  const csp = policy?.csp ?? (https ? UPGRADE_ONLY_CSP : null);
  let response = withoutEnglishPrefix(request) ?? (await guardRoute(request));
  if (!response && renderedOnRequest && (await databaseUnreachable(request))) {
    const { databaseUnavailablePage } = await import("@/lib/db/unavailable-page");
    const unavailable = databaseUnavailablePage(splitLocale(request.nextUrl.pathname).locale, request.nextUrl.pathname);
    if (https) unavailable.headers.set("Strict-Transport-Security", HSTS);
    return unavailable;
  }
  if (!response) {
    // Next.js reads the nonce from the request's policy header and puts it on its own scripts.
    if (policy?.nonce) headers.set("content-security-policy", policy.csp);
    else headers.delete("content-security-policy");
    response = await pageResponse(request, headers);
  }
  await renewIdleSession(request, response);
  if (csp) response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

// The prerendered pages (the home page and the company pages, in English and Dutch) skip the proxy
// unless a session cookie may be present: without one there is nothing to decide, and their policy and
// HSTS come from the build (lib/security/static-page-headers.ts). The names must stay literal here:
// Next.js reads this configuration at build time. A page added to the site goes through the proxy until
// it is added to both lists; tests/unit/proxy-matcher.test.ts holds the lists to the prerendered pages.
export const config = {
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|(?:nl)?$|(?:nl/)?(?:ourstory|team|culture|benefits|community|customer-help|system-status|terms-of-service|privacy-policy|cancellation)$|.*\\.(?:svg|png|ico|webmanifest|txt|xml)$).*)",
    {
      source: "/((?:nl)?|(?:nl/)?(?:ourstory|team|culture|benefits|community|customer-help|system-status|terms-of-service|privacy-policy|cancellation))",
      has: [{ type: "cookie", key: "next-auth.session-token" }],
    },
    {
      source: "/((?:nl)?|(?:nl/)?(?:ourstory|team|culture|benefits|community|customer-help|system-status|terms-of-service|privacy-policy|cancellation))",
      has: [{ type: "cookie", key: "next-auth.session-token.0" }],
    },
    {
      source: "/((?:nl)?|(?:nl/)?(?:ourstory|team|culture|benefits|community|customer-help|system-status|terms-of-service|privacy-policy|cancellation))",
      has: [{ type: "cookie", key: "__Host-next-auth.session-token" }],
    },
    {
      source: "/((?:nl)?|(?:nl/)?(?:ourstory|team|culture|benefits|community|customer-help|system-status|terms-of-service|privacy-policy|cancellation))",
      has: [{ type: "cookie", key: "__Host-next-auth.session-token.0" }],
    },
  ],
};
