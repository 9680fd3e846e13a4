// The public pages as a visitor meets them: every route answers with its own heading, title and
// description, the footer's links all work, the year is current, unknown addresses get a 404 page,
// nothing scrolls sideways on a small phone, and every navigation starts at the top of the new page.
import { expect, test, type Page } from "@playwright/test";

const PUBLIC_PAGES = [
  { path: "/", h1: "Home repairs done right, at a fair price" },
  { path: "/ourstory", h1: "Our Story" },
  { path: "/team", h1: "The people behind Fixwell" },
  { path: "/customer-help", h1: "Customer Help" },
  { path: "/community", h1: "Community" },
  { path: "/culture", h1: "Our Culture" },
  { path: "/system-status", h1: "System Status" },
  { path: "/benefits", h1: "Benefits" },
  { path: "/terms-of-service", h1: "Terms of Service" },
  { path: "/privacy-policy", h1: "Privacy Policy" },
];

const FOOTER_LINKS = [
  "Our Story",
  "Team",
  "Community",
  "Customer Help",
  "System Status",
  "Privacy Policy",
  "Terms Of Service",
  "Job Openings",
  "Culture",
  "Benefits",
  "Join as a professional",
  "How We Rank",
];

async function metaDescription(page: Page) {
  return page.locator('meta[name="description"]').getAttribute("content");
}

test.describe("every public page", () => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    test(`${path} answers 200 with one <h1>, its own title and description, and the page landmarks`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(/Fixwell/);
      expect((await metaDescription(page))?.length ?? 0).toBeGreaterThan(40);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Footer" })).toBeVisible();
    });
  }

  test("no two pages share a title or a description", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add((await metaDescription(page)) ?? "");
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  test("none scrolls sideways on a 320 px wide phone", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of [...PUBLIC_PAGES.map((p) => p.path), "/no-such-page"]) {
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${path} is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBeLessThanOrEqual(clientWidth);
    }
  });

  test("marketing pages are prerendered at build time", async ({ request }) => {
    for (const { path } of PUBLIC_PAGES) {
      const response = await request.get(path);
      // Next.js marks responses served from the build's prerendered output (sometimes twice: "1, 1").
      expect(response.headers()["x-nextjs-prerender"] ?? "", `${path} was rendered on request`).toMatch(/^1(, ?1)*$/);
    }
  });
});

test.describe("footer", () => {
  test("has the twelve links, and each leads to a page that answers 200", async ({ page, request }) => {
    await page.goto("/");
    const footerNav = page.getByRole("navigation", { name: "Footer" });
    const links = footerNav.getByRole("link");
    // Grouped into columns, so the order is the footer's own: compare the sets.
    expect((await links.allInnerTexts()).map((text) => text.trim()).sort()).toEqual([...FOOTER_LINKS].sort());
    for (const label of FOOTER_LINKS) {
      const href = await footerNav.getByRole("link", { name: label, exact: true }).getAttribute("href");
      expect(href, `${label} has no href`).toBeTruthy();
      const response = await request.get(href!);
      expect(response.status(), `${label} → ${href}`).toBe(200);
    }
  });

  test("says the site is for learning purposes and shows the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("This site is for learning purposes only.");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Fixwell`);
  });

  test("takes the year from the visitor's clock, not from the day the page was built", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2031-03-15T12:00:00Z"));
    await page.goto("/team");
    await expect(page.getByRole("contentinfo")).toContainText("© 2031 Fixwell");
  });
});

test.describe("not found", () => {
  test("an unknown address shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});

test.describe("navigation", () => {
  test("a footer link opens the new page at its top", async ({ page }) => {
    await page.goto("/privacy-policy");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "System Status" }).click();
    await expect(page).toHaveURL(/\/system-status$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Status");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a navigation starts at the top even when the old page was scrolled only a little", async ({ page }) => {
    await page.goto("/team");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(40);
    // Clicked in place: Playwright's own click would first scroll the link into view.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/culture"]')!.click());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Culture");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
