// The proxy's matcher: the prerendered pages skip the proxy only while no session cookie is sent, and
// every other page and API address goes through it. The matcher is compiled as Next.js compiles it.
// deploy/nginx.conf keeps the same list of pages in its cache. The English rewrite leaves the API and the sitemaps alone.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { config } from "../../proxy";
import { SESSION_COOKIE_NAMES } from "../../lib/security/static-page-headers";

type Matcher = { regexp: string; has?: { type: string; key: string }[]; missing?: unknown[] };
// Next.js's own compiler of the matcher (not in its public types).
const { getMiddlewareMatchers } = createRequire(import.meta.url)("next/dist/build/analysis/get-page-static-info") as {
  getMiddlewareMatchers(matcher: unknown, config: { basePath: string; i18n: null }): Matcher[];
};
const matchers = getMiddlewareMatchers(config.matcher, { basePath: "", i18n: null });
const always = matchers.filter((matcher) => !matcher.has?.length);
const withCookie = matchers.filter((matcher) => matcher.has?.length);

/** Whether the proxy runs for `pathname` when the request carries exactly these cookies. */
function proxyRuns(pathname: string, cookies: string[] = []): boolean {
  return (
    always.some((matcher) => new RegExp(matcher.regexp).test(pathname)) ||
    withCookie.some((matcher) => new RegExp(matcher.regexp).test(pathname) && matcher.has!.every((condition) => cookies.includes(condition.key)))
  );
}

// The prerendered pages: the home page and every company page. Rendered per request, through the proxy:
// the careers pages and handymen's profiles (410 and 404 come from the proxy), /how-we-rank (it states
// the server's own offer deadline) and /join (it reads the session: a signed-in visitor is told more).
const RENDERED_ON_REQUEST = ["job-openings", "pros", "how-we-rank", "join"];
const companyPages = readdirSync(path.join(process.cwd(), "app", "[locale]", "(marketing)"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !RENDERED_ON_REQUEST.includes(entry.name))
  .map((entry) => `/${entry.name}`);
const prerendered = ["/", "/nl", ...companyPages, ...companyPages.map((page) => `/nl${page}`)];

describe("proxy matcher", () => {
  it("knows every company page", () => {
    expect(companyPages.length).toBeGreaterThanOrEqual(9);
  });

  it.each(prerendered)("lets a visitor without a session have %s without the proxy", (page) => {
    expect(proxyRuns(page)).toBe(false);
    expect(proxyRuns(page, ["NEXT_LOCALE"])).toBe(false);
  });

  it.each(SESSION_COOKIE_NAMES)("runs the proxy on every prerendered page for a visitor with the %s cookie", (cookie) => {
    for (const page of prerendered) expect(proxyRuns(page, [cookie]), page).toBe(true);
  });

  it.each([
    "/job-openings",
    "/job-openings/senior-plumber",
    "/pros/daan-1",
    "/nl/pros/daan-1",
    "/how-we-rank",
    "/nl/job-openings",
    "/login",
    "/signup",
    "/nl/login",
    "/inputs",
    "/dashboard",
    "/ops",
    "/en",
    "/en/ourstory",
    "/ourstory/more",
    "/teams",
    "/nlx",
    "/no-such-page",
    "/api",
  ])("runs the proxy on %s for every visitor", (pathname) => {
    expect(proxyRuns(pathname)).toBe(true);
  });

  // The API's headers are rules of next.config.ts and its handlers check the session themselves.
  it.each(["/api/inputs", "/api/inputs/someone%40example.test", "/api/job-openings", "/api/auth/session", "/api/ops/job-openings"])(
    "leaves the API route %s alone, with or without a session",
    (pathname) => {
      expect(proxyRuns(pathname)).toBe(false);
      expect(proxyRuns(pathname, [SESSION_COOKIE_NAMES[0]])).toBe(false);
    },
  );

  it.each(["/_next/static/chunks/app.js", "/logo.svg", "/favicon.ico", "/robots.txt", "/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/handymen/1.xml", "/sitemaps/handymen/abc.xml"])("leaves the asset %s alone", (pathname) => {
    expect(proxyRuns(pathname, [SESSION_COOKIE_NAMES[0]])).toBe(false);
  });
});

describe("deploy/nginx.conf's cached pages", () => {
  const shipped = readFileSync(path.join(process.cwd(), "deploy", "nginx.conf"), "utf8");
  const block = /# BEGIN prerendered-pages\n\s*location ~ (\S+) \{\n\s*# END prerendered-pages/.exec(shipped);
  const location = new RegExp(block?.[1] ?? "(?!)");

  it("has one location for the prerendered pages", () => {
    expect(block).not.toBeNull();
  });

  it.each(prerendered)("caches %s, a prerendered page", (page) => {
    expect(location.test(page)).toBe(true);
  });

  it.each(["/job-openings", "/nl/job-openings", "/job-openings/x", "/login", "/inputs", "/dashboard", "/en", "/ourstory/more", "/teams", "/nlx", "/api/inputs", "/_next/static/chunks/app.js", "/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/handymen/1.xml"])(
    "never caches %s, which is rendered per request or is no page",
    (pathname) => {
      expect(location.test(pathname)).toBe(false);
    },
  );
});

describe("the English rewrite (next.config.ts)", () => {
  // Next.js's own matcher of a rewrite's source (not in its public types).
  const { getPathMatch } = createRequire(import.meta.url)("next/dist/shared/lib/router/utils/path-match") as {
    getPathMatch(source: string, options?: { removeUnnamedParams?: boolean; strict?: boolean }): (pathname: string) => false | object;
  };
  async function rewritten(pathname: string): Promise<boolean> {
    const { default: nextConfig } = await import("../../next.config");
    const rewrites = (await nextConfig("phase-test").rewrites!()) as { afterFiles: { source: string }[] };
    return rewrites.afterFiles.some((rule) => getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(pathname) !== false);
  }

  it.each(["/sitemaps/handymen/1.xml", "/sitemaps/pages.xml", "/api/inputs", "/nl/ourstory"])("leaves %s to its own route", async (pathname) => {
    expect(await rewritten(pathname)).toBe(false);
  });

  it.each(["/ourstory", "/pros/nina-18", "/job-openings/platform-engineer"])("sends %s to its English page", async (pathname) => {
    expect(await rewritten(pathname)).toBe(true);
  });
});
