// JobPosting JSON-LD, its serialisation into a <script>, the site origin, the sitemap and robots rules.
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  buildJobPostingJsonLd,
  EMPLOYMENT_TYPE,
  parseLocation,
  serializeJsonLd,
} from "../../lib/careers/json-ld";
import { buildPagesSitemap, buildProfilesSitemap, buildRobots, DISALLOWED_PATHS, PUBLIC_PATHS, sitemapIndexXml, sitemapXml } from "../../lib/site/seo";
import { FALLBACK_ORIGIN, resolveSiteOrigin } from "../../lib/site/site-url";
import type { JobOpening } from "../../lib/careers/types";

const ORIGIN = "https://www.fixwell.example";

function opening(overrides: Partial<JobOpening> = {}): JobOpening {
  return {
    jobId: "senior-full-stack-engineer",
    department: "Engineering",
    role: "Senior Full-Stack Engineer",
    location: "Amsterdam",
    startDate: "2027-02-01",
    description: "Build the request flow.",
    about: "About us.",
    overview: "You will own features.",
    requirements: "<ul><li>TypeScript</li></ul>",
    benefits: "<ul><li>27 days off</li></ul>",
    interviewTime: "Two conversations",
    apply: "Email jobs@fixwell.example.",
    createdAt: new Date("2026-11-20T23:30:00Z"),
    updatedAt: new Date("2026-11-21T10:00:00Z"),
    ...overrides,
  };
}

const safeHtml = { requirements: "<ul><li>TypeScript</li></ul>", benefits: "<ul><li>27 days off</li></ul>" };
const NOW = new Date("2026-11-21T12:00:00Z");

describe("buildJobPostingJsonLd", () => {
  it("carries Google's required properties and the recommended ones", () => {
    const data = buildJobPostingJsonLd(opening(), { origin: ORIGIN, safeHtml, now: NOW });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: "Senior Full-Stack Engineer",
      // Created 23:30 UTC on the 20th is already the 21st in Amsterdam.
      datePosted: "2026-11-21",
      validThrough: "2027-02-01",
      employmentType: EMPLOYMENT_TYPE,
      directApply: false,
      identifier: { "@type": "PropertyValue", name: "Fixwell", value: "senior-full-stack-engineer" },
      hiringOrganization: { "@type": "Organization", name: "Fixwell", sameAs: ORIGIN },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressLocality: "Amsterdam", addressRegion: "Noord-Holland", addressCountry: "NL" },
      },
      url: `${ORIGIN}/job-openings/senior-full-stack-engineer`,
    });
    expect(data).not.toHaveProperty("jobLocationType");
    expect(data.description).toContain("<p>Build the request flow.</p>");
    expect(data.description).toContain("<li>TypeScript</li>");
    expect(data.description).toContain("<li>27 days off</li>");
  });

  it("marks remote openings as telecommute with the country applicants must live in", () => {
    const data = buildJobPostingJsonLd(opening({ location: "Remote (Netherlands)" }), { origin: ORIGIN, safeHtml, now: NOW });
    expect(data).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "Netherlands" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "NL" } },
    });
  });

  it("gives no expiry once the start date has passed, rather than one in the past", () => {
    const data = buildJobPostingJsonLd(opening({ startDate: "2026-11-20" }), { origin: ORIGIN, safeHtml, now: NOW });
    expect(data).not.toHaveProperty("validThrough");
    const today = buildJobPostingJsonLd(opening({ startDate: "2026-11-21" }), { origin: ORIGIN, safeHtml, now: NOW });
    expect(today.validThrough).toBe("2026-11-21");
  });

  it("escapes the plain-text fields it puts into the HTML description", () => {
    const data = buildJobPostingJsonLd(opening({ description: `<img src=x onerror=alert(1)> & "more"` }), {
      origin: ORIGIN,
      safeHtml,
      now: NOW,
    });
    expect(data.description).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;more&quot;");
    expect(data.description).not.toContain("<img");
  });
});

describe("parseLocation", () => {
  it.each([
    ["Amsterdam", { remote: false, city: "Amsterdam", region: "Noord-Holland", countryCode: "NL" }],
    ["The Hague", { remote: false, city: "The Hague", region: "Zuid-Holland", countryCode: "NL" }],
    ["Rotterdam", { remote: false, city: "Rotterdam", region: "Zuid-Holland", countryCode: "NL" }],
    ["Utrecht", { remote: false, city: "Utrecht", region: undefined, countryCode: "NL" }],
    ["Remote (Netherlands)", { remote: true, country: "Netherlands", countryCode: "NL" }],
    ["remote", { remote: true, country: "Netherlands", countryCode: "NL" }],
  ])("reads %s", (location, expected) => {
    expect(parseLocation(location)).toEqual(expected);
  });
});

describe("serializeJsonLd", () => {
  const hostile = {
    title: `</script><script>alert(1)</script>`,
    note: "<!-- <script> & \u2028\u2029 'quotes' \"double\"",
  };

  it("leaves no <, > or & in the output, so the script element cannot be closed or commented out", () => {
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("parses back to exactly the original value", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });

  it("keeps a </script> in the data inside one script element when a browser parses the page", () => {
    const html = `<!DOCTYPE html><body><script type="application/ld+json">${serializeJsonLd(hostile)}</script><p id="after">after</p></body>`;
    const document = new JSDOM(html).window.document;
    const scripts = document.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0].textContent ?? "")).toEqual(hostile);
    expect(document.getElementById("after")?.textContent).toBe("after");
  });
});

describe("resolveSiteOrigin", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it("prefers the configured NEXTAUTH_URL, whatever the request says", () => {
    expect(resolveSiteOrigin("https://www.fixwell.example/some/path", headers({ host: "evil.example" }))).toBe(
      "https://www.fixwell.example",
    );
  });

  it("uses the request's host and forwarded protocol when nothing is configured", () => {
    expect(resolveSiteOrigin(undefined, headers({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(resolveSiteOrigin(undefined, headers({ host: "internal:3000", "x-forwarded-host": "Jobs.Fixwell.example", "x-forwarded-proto": "https" }))).toBe(
      "https://jobs.fixwell.example",
    );
  });

  it.each([
    ["a host with a path", "evil.example/path"],
    ["a host with a user", "user@evil.example"],
    ["markup", "<script>"],
    ["spaces", "fixwell.example evil"],
    ["nothing", ""],
  ])("falls back to a fixed origin for %s in the Host header", (_case, host) => {
    expect(resolveSiteOrigin(undefined, headers(host ? { host } : {}))).toBe(FALLBACK_ORIGIN);
  });

  it("ignores a forwarded protocol other than http or https", () => {
    expect(resolveSiteOrigin(undefined, headers({ host: "fixwell.example", "x-forwarded-proto": "javascript" }))).toBe(
      "http://fixwell.example",
    );
  });
});

describe("sitemap and robots", () => {
  const openings = [
    { jobId: "platform-engineer", updatedAt: new Date("2026-11-01T00:00:00Z") },
    { jobId: "growth-marketer", updatedAt: new Date("2026-11-02T00:00:00Z") },
  ];

  it("lists every public page and every opening in English and in Dutch, with absolute URLs", () => {
    const urls = buildPagesSitemap(ORIGIN, openings).map((entry) => entry.url);
    for (const path of PUBLIC_PATHS) {
      expect(urls).toContain(path === "/" ? `${ORIGIN}/` : `${ORIGIN}${path}`);
      expect(urls).toContain(path === "/" ? `${ORIGIN}/nl` : `${ORIGIN}/nl${path}`);
    }
    expect(urls).toContain(`${ORIGIN}/job-openings/platform-engineer`);
    expect(urls).toContain(`${ORIGIN}/nl/job-openings/growth-marketer`);
    expect(urls).toHaveLength(2 * (PUBLIC_PATHS.length + openings.length));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("names both languages of a page as its alternates", () => {
    const dutch = buildPagesSitemap(ORIGIN, openings).find((e) => e.url === `${ORIGIN}/nl/ourstory`);
    expect(dutch?.alternates?.languages).toEqual({ en: `${ORIGIN}/ourstory`, nl: `${ORIGIN}/nl/ourstory` });
  });

  it("gives each opening its last change as lastModified", () => {
    const entry = buildPagesSitemap(ORIGIN, openings).find((e) => e.url.endsWith("/platform-engineer"));
    expect(entry?.lastModified).toEqual(new Date("2026-11-01T00:00:00Z"));
  });

  it("writes a sitemap with each language as an xhtml:link alternate, escaping what XML must", () => {
    const xml = sitemapXml(buildProfilesSitemap(ORIGIN, ["nina-18"]));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(xml).toContain(`<url>\n<loc>${ORIGIN}/nl/pros/nina-18</loc>\n<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/pros/nina-18" />`);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(sitemapXml([{ url: `${ORIGIN}/a?b=1&c=<2>` }])).toContain(`<loc>${ORIGIN}/a?b=1&amp;c=&lt;2&gt;</loc>`);
  });

  it("writes a sitemap index naming each sitemap with its lastmod", () => {
    const xml = sitemapIndexXml([{ url: `${ORIGIN}/sitemaps/pages.xml`, lastModified: "2026-11-01T00:00:00.000Z" }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<sitemap>\n<loc>${ORIGIN}/sitemaps/pages.xml</loc>\n<lastmod>2026-11-01T00:00:00.000Z</lastmod>\n</sitemap>`);
  });

  it("keeps the API and the signed-in and sign-in pages out, and points at the sitemap", () => {
    const robots = buildRobots(ORIGIN);
    expect(robots.sitemap).toBe(`${ORIGIN}/sitemap.xml`);
    const rules = Array.isArray(robots.rules) ? robots.rules[0] : robots.rules;
    expect(rules.userAgent).toBe("*");
    expect(rules.allow).toBe("/");
    expect(rules.disallow).toEqual(expect.arrayContaining(["/api/", "/inputs", "/dashboard", "/account", "/help", "/login", "/signup"]));
    expect(rules.disallow).toEqual(expect.arrayContaining(["/nl/inputs", "/nl/dashboard", "/nl/account", "/nl/help", "/nl/login", "/nl/signup"]));
  });

  it("disallows none of the pages the sitemaps list", () => {
    const blocked = [...buildPagesSitemap(ORIGIN, openings), ...buildProfilesSitemap(ORIGIN, ["nina-18"])]
      .map((entry) => new URL(entry.url).pathname)
      .filter((path) => DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix)));
    expect(blocked).toEqual([]);
  });
});
