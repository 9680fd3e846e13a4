// The operator console does not exist for anyone but operators: every /ops page and /api/ops read
// answers a visitor, a homeowner and a handyman with the site's 404, the same as an unknown address.
// An operator reaches it straight after signing in, and its own pages pass axe and fit 320 px.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { OPERATORS, signInAsOperator } from "./helpers/ops";

const HANDYMAN_EMAIL = "ops-check.pro@example.test";

const OPS_PAGES = [
  "/ops",
  "/ops/audit",
  "/ops/job-openings",
  "/ops/job-openings/new",
  "/ops/job-openings/senior-full-stack-engineer",
  "/ops/handymen",
  "/ops/handymen/1",
  "/ops/requests",
  "/ops/requests/00000000-0000-4000-8000-000000000001",
  "/ops/money",
  "/ops/money/payments",
  "/ops/money/payments/00000000-0000-4000-8000-000000000001",
];
// The last one does not exist at all: the console's answer must not differ from it.
const OPS_API_READS = ["/api/ops/job-openings", "/api/ops/handymen", "/api/ops/requests", "/api/ops/money", "/api/ops/money/payments", "/api/ops/money/export?month=2026-06", "/api/ops/money/invoices?month=2026-06", "/api/no-such-endpoint"];
const OPS_API_OTHER_METHODS = [
  ["POST", "/api/ops/handymen"],
  ["DELETE", "/api/ops/requests"],
  ["OPTIONS", "/api/ops/job-openings"],
  ["OPTIONS", "/api/no-such-endpoint"],
] as const;

/** Every console page is the site's 404 page, and every console read the API's 404. */
async function expectNoConsole(page: Page, who: string) {
  for (const path of OPS_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), `${who}: ${path}`).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), `${who}: ${path}`).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Operator console" })).toHaveCount(0);
  }
  for (const path of OPS_API_READS) {
    const response = await page.request.get(path);
    expect(response.status(), `${who}: ${path}`).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "This page could not be found." } });
  }
  // Methods a console route does not define, and the handyman's routes, answer the same: never a 405 or an Allow.
  for (const [method, path] of OPS_API_OTHER_METHODS) {
    const response = await page.request.fetch(path, { method, data: method === "OPTIONS" ? undefined : {} });
    expect(response.status(), `${who}: ${method} ${path}`).toBe(404);
    expect(response.headers()["allow"], `${who}: ${method} ${path}`).toBeUndefined();
    expect(await response.json(), `${who}: ${method} ${path}`).toEqual({ error: { code: "not_found", message: "This page could not be found." } });
  }
}

test("a signed-out visitor, a homeowner and a handyman get 404 for every console page and read", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await expectNoConsole(page, "signed out");

  await signUp(page);
  await expectNoConsole(page, "homeowner");

  const { context: handymanContext, page: handyman } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  // A handyman's header leads to their own page, not to a homeowner's dashboard.
  await expect(handyman.getByRole("banner").getByRole("link", { name: "My jobs" })).toHaveAttribute("href", "/pro");
  await expectNoConsole(handyman, "handyman");
  await handymanContext.close();
});

test("an operator lands in the console after signing in; its overview and audit log pass axe and fit 320 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsOperator(page, OPERATORS.access);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  await expect(page.getByText(`Signed in as ${OPERATORS.access}`)).toBeVisible();
  // The header leads an operator back to the console from anywhere on the site.
  await page.goto("/ourstory");
  await page.getByRole("link", { name: "Console" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  for (const path of ["/ops", "/ops/audit"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expectAccessibleAndNarrow(page, path, { width: 1280, height: 800 });
  }
  // One record's history, and nonsense in the address ignored rather than failing.
  await page.goto("/ops/audit?targetType=handyman&targetId=1");
  await expect(page.getByText("Showing the history of handyman 1.")).toBeVisible();
  const odd = await page.goto("/ops/audit?targetType=%3Cscript%3E&targetId=%27%3B--&before=-5");
  expect(odd?.status()).toBe(200);
  await expect(page.getByText(/Showing the history/)).toHaveCount(0);
});
