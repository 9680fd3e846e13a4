// The careers pages rendered to HTML from the test database, the way the server renders them: an
// opening stored with hostile HTML comes out inert, unknown ids are 404, and the sitemap covers
// every opening.
import { JSDOM } from "jsdom";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const SITE = vi.hoisted(() => {
  process.env.NEXTAUTH_URL = "https://careers.fixwell.test";
  return "https://careers.fixwell.test";
});

// The careers pages are kept in Next.js's cache and must read no request: reading the request headers
// (or waiting for a connection) fails the test. robots.txt, rendered on request, may; the sitemaps' route
// handlers read the request they are given.
const requestAccess = vi.hoisted(() => ({ allowed: false }));
vi.mock("next/headers", () => ({
  headers: async () => {
    if (!requestAccess.allowed) throw new Error("a careers page read the request headers");
    return new Headers({ host: "ignored.example" });
  },
}));
vi.mock("next/server", () => ({
  connection: async () => {
    if (!requestAccess.allowed) throw new Error("a careers page waited for a request");
  },
}));

import JobOpeningPage, { generateMetadata as detailMetadata } from "../../app/[locale]/(marketing)/job-openings/[jobId]/page";
import JobOpeningsPage, { generateMetadata as listMetadata } from "../../app/[locale]/(marketing)/job-openings/page";
import robots from "../../app/robots";
import { routeHandlerGet, sitemapUrls } from "../helpers/sitemap";
import { NotFoundContent } from "../../components/layout/not-found-content";
import { jobOpenings } from "../../lib/careers/content";
import { getDb, resetDatabase, withSql } from "../helpers/db";

const HOSTILE = {
  jobId: "hostile-opening",
  department: "Engineering",
  role: `Engineer </script><script>alert("role")</script>`,
  location: "Remote (Netherlands)",
  startDate: new Date("2027-06-01T00:00:00Z"),
  description: `<img src=x onerror=alert("description")> Fix things`,
  about: `</p><script>alert("about")</script>`,
  overview: `<iframe src="javascript:alert('overview')"></iframe>`,
  requirements: [
    `<h1>Must haves</h1>`,
    `<p>Experience<script>alert("requirements")</script></p>`,
    `<img src=x onerror=alert("img")>`,
    `<a href="javascript:alert('link')">click me</a>`,
    `<a href="https://fixwell.example/team" target="_blank">team</a>`,
    `<iframe src="https://xss.example/"></iframe>`,
    `<style>body{display:none}</style>`,
    `<ul><li>one<li>two</ul></div></span><p style="color:red" onclick="alert('p')">nested <b><i>broken</b></i>`,
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert('mxss')&gt;">`,
  ].join(""),
  benefits: `<svg onload=alert("benefits")><p>Pension</p></svg><noscript><p title="</noscript><img src=x onerror=alert('ns')>"></noscript>`,
  interviewTime: `<b onmouseover=alert("interview")>One talk</b>`,
  apply: `Mail jobs@fixwell.example or "><img src=x onerror=alert("apply")>`,
};

async function renderDetail(jobId: string): Promise<string> {
  const element = await JobOpeningPage({ params: Promise.resolve({ jobId }) });
  return `<!DOCTYPE html><html><head></head><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`;
}

async function renderList(): Promise<string> {
  const element = await JobOpeningsPage();
  return `<!DOCTYPE html><html><head></head><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`;
}

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

beforeEach(async () => {
  await resetDatabase();
});

describe("/job-openings/{job_id} with hostile HTML in the database", () => {
  beforeEach(async () => {
    await (await getDb()).jobOpening.create({ data: HOSTILE });
  });

  it("renders no script, iframe, style, event handler or javascript: link", async () => {
    const document = parse(await renderDetail(HOSTILE.jobId));
    const scripts = Array.from(document.querySelectorAll("script"));
    expect(scripts.map((s) => s.getAttribute("type"))).toEqual(["application/ld+json"]);
    expect(document.querySelectorAll("iframe, style, object, embed, svg, math, img, noscript")).toHaveLength(0);
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name, `<${element.tagName.toLowerCase()}>`).not.toMatch(/^on/i);
        expect(attribute.name).not.toBe("style");
        expect(attribute.value).not.toMatch(/^\s*javascript:/i);
      }
    }
  });

  it("runs nothing when the page is loaded into a DOM that executes scripts", async () => {
    const alerts: unknown[] = [];
    const dom = new JSDOM(await renderDetail(HOSTILE.jobId), {
      runScripts: "dangerously",
      beforeParse(window) {
        (window as unknown as { alert: (value: unknown) => void }).alert = (value) => alerts.push(value);
      },
    });
    for (const element of Array.from(dom.window.document.querySelectorAll("*"))) {
      for (const type of ["click", "mouseover", "focus", "load", "error", "toggle"]) element.dispatchEvent(new dom.window.Event(type));
    }
    expect(alerts).toEqual([]);
  });

  it("shows the hostile text as text, and keeps the harmless markup", async () => {
    const document = parse(await renderDetail(HOSTILE.jobId));
    const h1 = document.querySelectorAll("h1");
    expect(h1).toHaveLength(1);
    expect(h1[0].textContent).toBe(HOSTILE.role);
    expect(document.body.textContent).toContain(`<img src=x onerror=alert("description")> Fix things`);
    // The stored <h1> is demoted below the page's own headings; the safe link keeps its address.
    expect(Array.from(document.querySelectorAll("h3")).map((h) => h.textContent)).toContain("Must haves");
    const team = Array.from(document.querySelectorAll("a")).find((a) => a.textContent === "team");
    expect(team?.getAttribute("href")).toBe("https://fixwell.example/team");
    expect(team?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(team?.hasAttribute("target")).toBe(false);
    expect(document.body.textContent).toContain("click me");
  });

  it("keeps a </script> in the role inside the JSON-LD, which still parses and names the role", async () => {
    const html = await renderDetail(HOSTILE.jobId);
    expect(html).not.toContain(`</script><script>alert("role")`);
    const script = parse(html).querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? "null") as { title: string; description: string };
    expect(data.title).toBe(HOSTILE.role);
    // The description is HTML for search engines: only inert markup, the hostile text escaped.
    const description = parse(`<body>${data.description}</body>`);
    expect(description.querySelectorAll("script, iframe, img, style, svg")).toHaveLength(0);
    const attributes = Array.from(description.querySelectorAll("*")).flatMap((e) => Array.from(e.attributes).map((a) => `${a.name}=${a.value}`));
    expect(attributes).toEqual(["href=https://fixwell.example/team", "rel=noopener noreferrer"]);
  });
});

describe("/job-openings/{job_id}", () => {
  it("shows every field of the opening, with the start date in English", async () => {
    const seed = jobOpenings.find((o) => o.job_id === "senior-full-stack-engineer")!;
    const document = parse(await renderDetail(seed.job_id));
    const text = document.body.textContent ?? "";
    expect(document.querySelector("h1")?.textContent).toBe(seed.role);
    for (const value of [seed.department, seed.location, seed.description, seed.about, seed.overview, seed.interview_time]) {
      expect(text).toContain(value);
    }
    expect(text).toContain("1 February 2027");
    expect(document.querySelector('time[datetime="2027-02-01"]')).not.toBeNull();
    expect(text).toContain("Five or more years building web products");
    expect(text).toContain("27 vacation days and your birthday off");
    expect(document.querySelector('a[href="mailto:jobs@fixwell.example"]')).not.toBeNull();
  });

  it("carries JobPosting JSON-LD with the configured site's URLs", async () => {
    const document = parse(await renderDetail("platform-engineer"));
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "null");
    expect(data).toMatchObject({
      "@type": "JobPosting",
      title: "Platform Engineer",
      url: `${SITE}/job-openings/platform-engineer`,
      identifier: { value: "platform-engineer" },
      jobLocationType: "TELECOMMUTE",
    });
  });

  it("has its own title, description, canonical URL and Open Graph tags", async () => {
    const metadata = await detailMetadata({ params: Promise.resolve({ jobId: "growth-marketer" }) });
    expect(metadata.title).toBe("Growth Marketer, The Hague");
    expect(metadata.description).toBe(jobOpenings.find((o) => o.job_id === "growth-marketer")!.description);
    expect(metadata.alternates?.canonical).toBe(`${SITE}/job-openings/growth-marketer`);
    expect(metadata.openGraph).toMatchObject({ url: `${SITE}/job-openings/growth-marketer`, title: "Growth Marketer at Fixwell, The Hague" });
  });

  it.each([
    ["an unknown id", "astronaut"],
    ["an empty id", ""],
    ["a 10,000-character id", "a".repeat(10_000)],
    ["an id with SQL", "' OR 1=1 --"],
    ["an id with path characters", "../../etc/passwd"],
  ])("gives the not-found content for %s", async (_case, jobId) => {
    const element = (await JobOpeningPage({ params: Promise.resolve({ jobId }) })) as ReactElement;
    expect(element.type).toBe(NotFoundContent);
    const metadata = await detailMetadata({ params: Promise.resolve({ jobId }) });
    expect(metadata.robots).toMatchObject({ index: false });
  });

  it.each([
    ["an unknown id", "astronaut"],
    ["a draft", "platform-engineer"],
  ])("draws the not-found content itself for %s (the proxy has answered 404)", async (kind, jobId) => {
    if (kind === "a draft") await (await getDb()).jobOpening.update({ where: { jobId }, data: { status: "draft" } });
    // The page answers with the not-found content (a server component using next-intl, whose words
    // the browser tests read), in the page's language, instead of throwing notFound().
    const element = (await JobOpeningPage({ params: Promise.resolve({ jobId }) })) as ReactElement<{ locale: "en" | "nl" }>;
    expect(element.type).toBe(NotFoundContent);
    expect(element.props.locale).toBe("en");
    const dutch = (await JobOpeningPage({ params: Promise.resolve({ jobId, locale: "nl" }) })) as ReactElement<{ locale: "en" | "nl" }>;
    expect(dutch.props.locale).toBe("nl");
  });

  it("shows a changed opening on the next render", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "platform-engineer" }, data: { role: "Staff Platform Engineer" } });
    expect(parse(await renderDetail("platform-engineer")).querySelector("h1")?.textContent).toBe("Staff Platform Engineer");
  });
});

describe("/job-openings", () => {
  it("groups the openings by department in the fixed order, each card linking to its page", async () => {
    const document = parse(await renderList());
    expect(document.querySelectorAll("h1")).toHaveLength(1);
    const sections = Array.from(document.querySelectorAll('[data-testid="department"]'));
    expect(sections.map((s) => s.querySelector("h2")?.textContent)).toEqual(["Engineering", "Operations", "Customer Success", "Marketing"]);
    const hrefs = Array.from(document.querySelectorAll('[data-testid="job-opening-card"] a')).map((a) => a.getAttribute("href"));
    expect(hrefs.sort()).toEqual(jobOpenings.map((o) => `/job-openings/${o.job_id}`).sort());
    const engineering = Array.from(sections[0].querySelectorAll("h3")).map((h) => h.textContent);
    expect(engineering).toEqual(["Frontend Engineer (Accessibility)", "Senior Full-Stack Engineer", "Platform Engineer"]);
    expect(sections[0].textContent).toContain("15 January 2027");
  });

  it("says so when there are no openings", async () => {
    await withSql((sql) => sql.exec(`DELETE FROM "job_openings"`));
    const document = parse(await renderList());
    expect(document.querySelectorAll('[data-testid="job-opening-card"]')).toHaveLength(0);
    expect(document.body.textContent).toContain("No open positions right now");
  });

  it("has a canonical URL and Open Graph tags", async () => {
    const metadata = await listMetadata();
    expect(metadata.alternates?.canonical).toBe(`${SITE}/job-openings`);
    expect(metadata.openGraph).toMatchObject({ url: `${SITE}/job-openings` });
  });
});

describe("/nl/job-openings and /nl/job-openings/{job_id}", () => {
  it("shows the page's words in Dutch and marks the stored opening as English", async () => {
    const element = await JobOpeningPage({ params: Promise.resolve({ jobId: "growth-marketer", locale: "nl" }) });
    const document = parse(`<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`);
    const text = document.body.textContent ?? "";
    expect(text).toContain("Deze vacature is alleen in het Engels beschikbaar.");
    expect(text).toContain("Startdatum");
    expect(text).toContain("1 februari 2027");
    expect(document.querySelector("h1 [lang=en]")?.textContent).toBe("Growth Marketer");
    expect(document.querySelector('#requirements ~ [lang="en"]')).not.toBeNull();
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "null");
    expect(data.url).toBe(`${SITE}/nl/job-openings/growth-marketer`);
    expect(data.description).toContain("<h3>Wat we zoeken</h3>");
  });

  it("has Dutch metadata with canonical and hreflang addresses", async () => {
    const metadata = await detailMetadata({ params: Promise.resolve({ jobId: "growth-marketer", locale: "nl" }) });
    expect(metadata.openGraph).toMatchObject({ title: "Growth Marketer bij Fixwell, The Hague", url: `${SITE}/nl/job-openings/growth-marketer` });
    expect(metadata.alternates?.canonical).toBe(`${SITE}/nl/job-openings/growth-marketer`);
    expect(metadata.alternates?.languages).toMatchObject({ en: `${SITE}/job-openings/growth-marketer`, "x-default": `${SITE}/job-openings/growth-marketer` });
    const list = await listMetadata({ params: Promise.resolve({ locale: "nl" }) });
    expect(list.title).toBe("Vacatures");
    expect(list.description).toContain("Den Haag");
  });

  it("shows an opening that has a Dutch version in Dutch, unmarked and without the English-only notice", async () => {
    const element = await JobOpeningPage({ params: Promise.resolve({ jobId: "operations-coordinator-the-hague", locale: "nl" }) });
    const document = parse(`<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`);
    expect(document.querySelector("h1")?.textContent).toBe("Operationeel coördinator");
    expect(document.querySelector("h1 [lang=en]")).toBeNull();
    expect(document.querySelector('[lang="en"]')).toBeNull();
    expect(document.body.textContent).not.toContain("alleen in het Engels");
    const metadata = await detailMetadata({ params: Promise.resolve({ jobId: "operations-coordinator-the-hague", locale: "nl" }) });
    expect(String(metadata.title)).toContain("Operationeel coördinator");
  });

  it("links an English-only opening's Dutch page to the English one", async () => {
    const element = await JobOpeningPage({ params: Promise.resolve({ jobId: "growth-marketer", locale: "nl" }) });
    const document = parse(`<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`);
    const link = document.querySelector('a[hreflang="en"]');
    expect(link?.getAttribute("href")).toBe("/job-openings/growth-marketer");
    expect(link?.textContent).toBe("Lees de Engelse versie");
  });

  it("lists a translated opening in Dutch and an English-only one marked as English", async () => {
    const element = await JobOpeningsPage({ params: Promise.resolve({ locale: "nl" }) });
    const document = parse(`<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`);
    const titles = Array.from(document.querySelectorAll('[data-testid="job-opening-card"] h3'));
    const dutch = titles.find((title) => title.textContent === "Operationeel coördinator");
    expect(dutch?.querySelector("[lang=en]")).toBeNull();
    const english = titles.find((title) => title.textContent === "Growth Marketer");
    expect(english?.querySelector("[lang=en]")).not.toBeNull();
    expect(document.body.textContent).toContain("Sommige vacatures zijn alleen in het Engels beschikbaar.");
  });

  it("names the departments in Dutch on the list", async () => {
    const element = await JobOpeningsPage({ params: Promise.resolve({ locale: "nl" }) });
    const document = parse(`<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`);
    const sections = Array.from(document.querySelectorAll('[data-testid="department"]'));
    expect(sections.map((section) => section.querySelector("h2")?.textContent)).toEqual(["Development", "Operations", "Klantenservice", "Marketing"]);
    expect(document.body.textContent).toContain("15 januari 2027");
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  afterEach(() => {
    requestAccess.allowed = false;
  });
  it("lists every opening in the database, including one added after start", async () => {
    await (await getDb()).jobOpening.create({ data: { ...HOSTILE, jobId: "added-later", role: "Added later" } });
    const urls = await sitemapUrls(routeHandlerGet);
    for (const opening of jobOpenings) expect(urls).toContain(`${SITE}/job-openings/${opening.job_id}`);
    expect(urls).toContain(`${SITE}/job-openings/added-later`);
    expect(urls).toContain(`${SITE}/job-openings`);
  });

  it("points crawlers at the sitemap", async () => {
    requestAccess.allowed = true;
    expect((await robots()).sitemap).toBe(`${SITE}/sitemap.xml`);
  });
});
