// axe-core on every route, signed out and signed in, at phone and desktop widths: no WCAG 2.0/2.1/2.2
// A or AA violations.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PATHS } from "../lib/site/seo";
import { signUp } from "./helpers/auth";

const PUBLIC_ROUTES = [...PUBLIC_PATHS, "/login", "/signup", "/forgot-password", "/reset-password", "/verify-email", "/no-such-page"];

const SIGNED_IN_ROUTES = ["/inputs", "/dashboard", "/dashboard/account", "/dashboard/orders", "/account", "/help", "/inputs/criteria/arranging"];

const VIEWPORTS = [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
];

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function expectNoViolations(page: Page, route: string) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(summary, `axe violations on ${route}`).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`signed out, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of PUBLIC_ROUTES) {
      test(`${route} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(route);
        await expectNoViolations(page, route);
      });
    }

    test("a job opening's detail page has no WCAG A/AA violations", async ({ page, request }) => {
      const openings = (await (await request.get("/api/job-openings")).json()) as { job_id: string }[];
      expect(openings.length).toBeGreaterThan(0);
      const route = `/job-openings/${openings[0].job_id}`;
      await page.goto(route);
      await expectNoViolations(page, route);
    });
  });

  test.describe(`signed in, ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("every signed-in route has no WCAG A/AA violations", async ({ page }) => {
      test.setTimeout(120_000);
      const { email } = await signUp(page);
      const inputId = randomUUID();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
      const created = await page.request.post("/api/inputs", {
        data: { input_id: inputId, user_email: email, task_type: "Pipe-leakage", city: "Rotterdam", details: "Drip", date: today, criteria: "" },
      });
      expect(created.status()).toBe(200);
      for (const route of [...SIGNED_IN_ROUTES, `/inputs/criteria/${inputId}`]) {
        await page.goto(route);
        await expectNoViolations(page, route);
      }
    });
  });
}
