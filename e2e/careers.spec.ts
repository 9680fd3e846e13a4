// Careers in the browser: the list grouped by department, every card's detail page with parsable
// JobPosting JSON-LD, both pages without JavaScript, the sitemap and robots.txt, and 404s.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { serverGet, sitemapUrls } from "../tests/helpers/sitemap";

type Opening = { job_id: string; department: string; role: string; location: string; start_date: string };

async function openingsFromApi(request: APIRequestContext): Promise<Opening[]> {
  const response = await request.get("/api/job-openings");
  expect(response.status()).toBe(200);
  const openings = (await response.json()) as Opening[];
  expect(openings.length).toBeGreaterThanOrEqual(8);
  return openings;
}

async function jsonLdOf(page: Page): Promise<{ "@type": string; title: string; url: string; [key: string]: unknown }> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  return JSON.parse((await scripts.textContent()) ?? "");
}

test.describe("job openings list", () => {
  test("groups every opening under its own department, departments in a fixed order", async ({ page, request }) => {
    const openings = await openingsFromApi(request);
    const response = await page.goto("/job-openings");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Job openings" })).toBeVisible();

    const sections = page.getByTestId("department");
    const departments = await sections.locator("h2").allTextContents();
    expect(departments).toEqual(["Engineering", "Operations", "Customer Success", "Marketing"]);
    expect(new Set(departments)).toEqual(new Set(openings.map((o) => o.department)));

    for (const department of departments) {
      const section = sections.filter({ has: page.getByRole("heading", { level: 2, name: department, exact: true }) });
      const roles = await section.getByTestId("job-opening-card").locator("h3").allTextContents();
      const expected = openings.filter((o) => o.department === department);
      expect(roles.sort()).toEqual(expected.map((o) => o.role).sort());
    }
  });

  test("shows role, location and an English start date on each card", async ({ page }) => {
    await page.goto("/job-openings");
    const card = page.getByTestId("job-opening-card").filter({ hasText: "Senior Full-Stack Engineer" });
    await expect(card).toContainText("Amsterdam");
    await expect(card.locator("time")).toHaveText("1 February 2027");
    await expect(card.locator("time")).toHaveAttribute("datetime", "2027-02-01");
  });

  test("every card opens a detail page that answers 200 with JSON-LD naming the role", async ({ page, request }) => {
    await page.goto("/job-openings");
    const cards = page.getByTestId("job-opening-card");
    const count = await cards.count();
    expect(count).toBe((await openingsFromApi(request)).length);

    const links: { href: string; role: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const link = cards.nth(i).getByRole("link");
      links.push({ href: (await link.getAttribute("href")) ?? "", role: (await link.textContent()) ?? "" });
    }

    for (const { href, role } of links) {
      expect(href).toMatch(/^\/job-openings\/[a-z0-9-]+$/);
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(role);
      const data = await jsonLdOf(page);
      expect(data["@type"]).toBe("JobPosting");
      expect(data.title).toBe(role);
      expect(data.url).toMatch(new RegExp(`${href}$`));
    }
  });

  test("a click on a card leads to its opening", async ({ page }) => {
    await page.goto("/job-openings");
    await page.getByTestId("job-opening-card").filter({ hasText: "Platform Engineer" }).click();
    await expect(page).toHaveURL(/\/job-openings\/platform-engineer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platform Engineer");
  });
});

test.describe("job opening detail", () => {
  test("shows the whole opening, with sanitised lists and an e-mail link to apply", async ({ page }) => {
    await page.goto("/job-openings/senior-full-stack-engineer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Senior Full-Stack Engineer");
    await expect(page.getByRole("heading", { level: 2, name: "What we look for" })).toBeVisible();
    await expect(page.getByText("Five or more years building web products")).toBeVisible();
    await expect(page.getByText("27 vacation days and your birthday off")).toBeVisible();
    await expect(page.getByRole("link", { name: "jobs@fixwell.example" })).toHaveAttribute("href", "mailto:jobs@fixwell.example");
    await expect(page.locator("main time").first()).toHaveText("1 February 2027");
  });

  test("has its own title, description, canonical URL and Open Graph tags", async ({ page, baseURL }) => {
    await page.goto("/job-openings/growth-marketer");
    await expect(page).toHaveTitle(/Growth Marketer/);
    const canonical = `${baseURL}/job-openings/growth-marketer`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Growth Marketer/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /homeowners/);
  });

  test("describes a remote opening as telecommute work for applicants in the Netherlands", async ({ page }) => {
    await page.goto("/job-openings/platform-engineer");
    const data = await jsonLdOf(page);
    expect(data).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "Netherlands" },
      hiringOrganization: { name: "Fixwell" },
      employmentType: "FULL_TIME",
      identifier: { value: "platform-engineer" },
    });
    expect(typeof data.datePosted).toBe("string");
    expect(typeof data.description).toBe("string");
    expect(data.jobLocation).toBeTruthy();
  });

  for (const [label, id] of [
    ["an unknown id", "astronaut"],
    ["a 10,000-character id", "a".repeat(10_000)],
    ["an id with SQL", encodeURIComponent("' OR '1'='1")],
    ["an id with encoded path characters", "..%2F..%2Fetc%2Fpasswd"],
  ] as const) {
    test(`answers 404 with the not-found page for ${label}, drawn by the server`, async ({ page, request }) => {
      // The HTML before any script runs: a crawler following an old link sees the page, not an empty shell.
      const html = await (await request.get(`/job-openings/${id}`)).text();
      expect(html).toContain('<html lang="en"');
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      const response = await page.goto(`/job-openings/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list shows every department and card", async ({ page }) => {
    const response = await page.goto("/job-openings");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Job openings" })).toBeVisible();
    await expect(page.getByTestId("department")).toHaveCount(4);
    expect(await page.getByTestId("job-opening-card").count()).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole("link", { name: "Customer Success Team Lead" })).toHaveAttribute(
      "href",
      "/job-openings/customer-success-team-lead",
    );
  });

  test("a detail page shows its full content and structured data", async ({ page }) => {
    const response = await page.goto("/job-openings/customer-success-team-lead");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer Success Team Lead");
    await expect(page.getByText("Two or more years leading a support team")).toBeVisible();
    await expect(page.getByText("€750 home-office budget in your first month")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "How to apply" })).toBeVisible();
    expect((await jsonLdOf(page)).title).toBe("Customer Success Team Lead");
  });

  test("the list's card link navigates to the detail page", async ({ page }) => {
    await page.goto("/job-openings");
    await page.getByRole("link", { name: "Growth Marketer" }).click();
    await expect(page).toHaveURL(/\/job-openings\/growth-marketer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Growth Marketer");
  });
});

test.describe("search engines", () => {
  test("the sitemap index leads to the public pages and every opening", async ({ request, baseURL }) => {
    const openings = await openingsFromApi(request);
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    expect(await response.text()).toContain("<sitemapindex");
    const locs = await sitemapUrls(serverGet(request));
    for (const opening of openings) expect(locs).toContain(`${baseURL}/job-openings/${opening.job_id}`);
    for (const path of ["/ourstory", "/team", "/culture", "/benefits", "/job-openings", "/privacy-policy"]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
  });

  test("robots.txt allows the site, keeps the API and signed-in pages out, and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^Allow: \/$/m);
    for (const path of ["/api/", "/inputs", "/dashboard", "/account", "/help"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the API answers 404 in the error shape for an unknown opening and lets a CDN cache the list", async ({ request }) => {
    const missing = await request.get("/api/job-openings/astronaut");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "That job opening was not found." } });
    const list = await request.get("/api/job-openings");
    expect(list.headers()["cache-control"]).toMatch(/s-maxage=60/);
  });
});

test.describe("layout", () => {
  for (const path of ["/job-openings", "/job-openings/frontend-engineer-accessibility"]) {
    test(`${path} fits a 320 px screen without sideways scrolling and has no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
