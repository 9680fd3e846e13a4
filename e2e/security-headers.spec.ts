// Security headers on pages and API answers, and a Content-Security-Policy that lets the site's own
// scripts run (static pages by hash, careers pages kept in the cache by the hashes of their own scripts,
// pages rendered on request by nonce) and nothing else.
import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { signUp } from "./helpers/auth";

const PAGES = ["/", "/ourstory", "/job-openings", "/login", "/signup", "/no-such-page"];

test("pages and API answers carry the security headers", async ({ request }) => {
  for (const path of [...PAGES, "/api/job-openings", "/api/health"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("unsafe-eval");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  }
});

test("static pages are allowed their scripts by hash, pages rendered on request by a fresh nonce", async ({ request }) => {
  const home = (await request.get("/")).headers()["content-security-policy"];
  expect(home).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  const first = (await request.get("/login")).headers()["content-security-policy"];
  const second = (await request.get("/login")).headers()["content-security-policy"];
  const nonce = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce(first)).toBeTruthy();
  expect(nonce(first)).not.toBe(nonce(second));
});

/** The hash source of every inline script of `html`. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/application\/ld\+json/.test(attributes))
    .map(([, , text]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
}

/**
 * The page answered fresh from the cache. A copy older than its 300 seconds, or one whose openings
 * another test has just edited, is answered STALE while it is rendered again, so ask until it is fresh.
 */
async function freshFromCache(request: APIRequestContext, path: string): Promise<APIResponse> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await request.get(path);
    if (response.headers()["x-nextjs-cache"] === "HIT") return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${path} was never answered fresh from the cache`);
}

test("careers pages served from the cache carry the hashes of their own scripts, and no nonce", async ({ request, page }) => {
  for (const path of ["/job-openings", "/nl/job-openings", "/job-openings/senior-full-stack-engineer", "/nl/job-openings/senior-full-stack-engineer"]) {
    // The first answer may render the page (or be a stale copy while it is rendered again); then it comes from the cache.
    const rendered = await request.get(path);
    const cached = await freshFromCache(request, path);
    expect(cached.headers()["x-nextjs-cache"], path).toBe("HIT");
    for (const response of [rendered, cached]) {
      const csp = response.headers()["content-security-policy"];
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp, path).not.toContain("nonce-");
      const html = await response.text();
      expect(html, path).not.toContain(" nonce=");
      for (const hash of inlineScriptHashes(html)) expect(csp, path).toContain(hash);
    }
  }
  const overHttps = (await request.get("/job-openings", { headers: { "x-forwarded-proto": "https" } })).headers();
  expect(overHttps["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(overHttps["content-security-policy"]).toContain("upgrade-insecure-requests");
  expect(overHttps["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  // A cookie named like the session's that holds no session is not a session: the cached page, by hash.
  const withGarbage = await request.get("/job-openings", { headers: { cookie: "next-auth.session-token=not-a-session" } });
  expect(withGarbage.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(withGarbage.headers()["content-security-policy"]).not.toContain("nonce-");
  // A visitor with a session gets the page rendered for them, with a nonce on every script.
  await signUp(page);
  const withCookie = await page.request.get("/job-openings");
  const nonce = withCookie.headers()["content-security-policy"].match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  const scriptTags = (await withCookie.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags.filter((tag) => !tag.includes("ld+json"))) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a prerendered page served without the proxy keeps its policy, and over https its HSTS; with a session cookie the proxy renders it with a nonce", async ({ request, page }) => {
  const overHttps = (await request.get("/ourstory", { headers: { "x-forwarded-proto": "https" } })).headers();
  expect(overHttps["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(overHttps["content-security-policy"]).toContain("upgrade-insecure-requests");
  expect(overHttps["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  const overHttp = (await request.get("/nl/ourstory")).headers();
  expect(overHttp["strict-transport-security"]).toBeUndefined();
  expect(overHttp["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  const withGarbage = (await request.get("/", { headers: { cookie: "next-auth.session-token=not-a-session" } })).headers()["content-security-policy"];
  expect(withGarbage).not.toContain("nonce-");
  expect(withGarbage).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  await signUp(page);
  const withCookie = (await page.request.get("/")).headers()["content-security-policy"];
  expect(withCookie.match(/'nonce-/g)).toHaveLength(1);
});

test("API answers, which the proxy does not run for, carry the API's policy from the header rules, and HSTS over https", async ({ request }) => {
  for (const cookie of [undefined, "next-auth.session-token=not-a-session"]) {
    const overHttp = await request.get("/api/health", { headers: cookie ? { cookie } : {} });
    expect(overHttp.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(overHttp.headers()["strict-transport-security"]).toBeUndefined();
  }
  const refused = await request.get("/api/inputs/someone%40example.test", { headers: { "x-forwarded-proto": "https" } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(refused.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
});

test("prerendered and cached pages are sent without an ETag (computing it hashed the whole page on every answer)", async ({ request }) => {
  for (const path of ["/", "/nl/ourstory", "/job-openings"]) {
    await request.get(path);
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["etag"], path).toBeUndefined();
  }
});

test("the site's own scripts run under the policy: no violations, and pages are interactive", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  for (const path of PAGES) await page.goto(path);
  // Interactive on a static page: the dialog opens only when React has hydrated.
  await page.goto("/customer-help");
  await page.getByRole("button", { name: /contact support/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // Interactive on a page kept in the cache: client-side navigation from the careers list.
  await page.goto("/job-openings");
  await page.getByRole("link", { name: /senior full-stack engineer/i }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Senior Full-Stack Engineer/i);
  expect(violations).toEqual([]);
});
