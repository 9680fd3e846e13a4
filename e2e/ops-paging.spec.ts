// The console's requests page with JavaScript off: an operator pages through the requests by the plain
// "Older" and "Newer" links, the filters and page size staying in each address, every request shown
// once, and the way back gives the same pages. A changed cursor is explained on the page, not a 500.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { OPERATORS, signInAsOperator } from "./helpers/ops";

/** The ids of the requests the page lists, in order. */
async function shownIds(page: Page): Promise<string[]> {
  // Read once the page a link led to has loaded: a click returns when the navigation commits.
  await page.waitForLoadState("load");
  const hrefs = await page.getByTestId("request-row").getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("/").at(-1) ?? "");
}

test("an operator pages through /ops/requests with JavaScript off, filters kept", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { email } = await signUp(page);
  const mine: string[] = [];
  for (let i = 0; i < 5; i++) {
    const id = randomUUID();
    const created = await page.request.post("/api/inputs", {
      data: { input_id: id, user_email: email, task_type: "Painting", city: "The Hague", details: `Paging ${i}`, date: amsterdamDay(5), criteria: "" },
    });
    expect(created.status()).toBe(200);
    mine.push(id);
  }

  const context = await browser.newContext({ javaScriptEnabled: false });
  const ops = await context.newPage();
  await signInAsOperator(ops, OPERATORS.paging);
  await ops.goto("/ops/requests?city=The%20Hague&taskType=Painting&state=submitted&limit=2");
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Requests");

  const forwards: string[][] = [];
  for (;;) {
    const ids = await shownIds(ops);
    expect(ids.length).toBeLessThanOrEqual(2);
    forwards.push(ids);
    const older = ops.getByTestId("page-next");
    if ((await older.count()) === 0) break;
    await older.click();
    await expect(ops).toHaveURL(/[?&]city=The\+Hague&taskType=Painting&state=submitted|[?&]state=submitted&city=The\+Hague&taskType=Painting/);
    await expect(ops).toHaveURL(/[?&]limit=2(&|$)/);
    await expect(ops).toHaveURL(/[?&]cursor=/);
  }
  const seen = forwards.flat();
  expect(new Set(seen).size).toBe(seen.length);
  for (const id of mine) expect(seen).toContain(id);
  expect(forwards.length).toBeGreaterThanOrEqual(3);

  // Back by "Newer", page by page, to the first.
  for (let at = forwards.length - 2; at >= 0; at--) {
    await ops.getByTestId("page-previous").click();
    expect(await shownIds(ops)).toEqual(forwards[at]);
  }
  await expect(ops.getByTestId("page-previous")).toHaveCount(0);

  const url = new URL(ops.url());
  await ops.goto(`/ops/requests?cursor=${encodeURIComponent("x" + (url.searchParams.get("cursor") ?? "abc.def"))}`);
  await expect(ops.getByText(/page link is not valid/)).toBeVisible();
  await context.close();
});

/** The handymen the roster page lists, in order: id and name. */
async function shownHandymen(page: Page): Promise<{ id: string; name: string }[]> {
  await page.waitForLoadState("load");
  const links = page.getByTestId("roster-row").getByRole("link");
  return links.evaluateAll((all) => all.map((link) => ({ id: (link.getAttribute("href") ?? "").split("/").at(-1) ?? "", name: link.textContent ?? "" })));
}

test("an operator filters and pages through /ops/handymen with JavaScript off, by name", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const ops = await context.newPage();
  await signInAsOperator(ops, OPERATORS.paging);
  await ops.goto("/ops/handymen?limit=4");
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Handymen");
  expect(await shownHandymen(ops)).toHaveLength(4);

  // The filter form is a plain GET: the choice and the page size land in the address.
  const filters = ops.getByRole("form", { name: "Filter handymen" });
  await filters.getByLabel("City").selectOption("Rotterdam");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(ops).toHaveURL(/[?&]city=Rotterdam(&|$)/);
  await expect(ops).toHaveURL(/[?&]limit=4(&|$)/);
  await expect(ops.getByTestId("roster-total")).toHaveText(/^\d+ handym(a|e)n match(es)?, by name\.$/);

  const forwards: { id: string; name: string }[][] = [];
  for (;;) {
    const shown = await shownHandymen(ops);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(4);
    for (const row of await ops.getByTestId("roster-row").all()) await expect(row).toContainText("Rotterdam");
    forwards.push(shown);
    const next = ops.getByTestId("page-next");
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(ops).toHaveURL(/[?&]city=Rotterdam(&|$)/);
    await expect(ops).toHaveURL(/[?&]cursor=/);
  }
  const seen = forwards.flat();
  expect(forwards.length).toBeGreaterThanOrEqual(3);
  expect(new Set(seen.map((h) => h.id)).size).toBe(seen.length);
  const names = seen.map((h) => h.name.toLowerCase());
  expect(names).toEqual([...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  await expect(ops.getByTestId("roster-total")).toHaveText(`${seen.length} handym${seen.length === 1 ? "an" : "en"} match${seen.length === 1 ? "es" : ""}, by name.`);

  // Back by "Previous", page by page, to the first.
  for (let at = forwards.length - 2; at >= 0; at--) {
    await ops.getByTestId("page-previous").click();
    expect(await shownHandymen(ops)).toEqual(forwards[at]);
  }
  await expect(ops.getByTestId("page-previous")).toHaveCount(0);

  // A search by the start of a name, in any case.
  const first = seen[0];
  await filters.getByLabel("Name starts with").fill(first.name.slice(0, 3).toUpperCase());
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(ops).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(first.name.slice(0, 3).toUpperCase()).replace(/%20/g, "\\+")}(&|$)`));
  const found = await shownHandymen(ops);
  expect(found.map((h) => h.id)).toContain(first.id);
  for (const h of found) expect(h.name.toLowerCase().startsWith(first.name.slice(0, 3).toLowerCase())).toBe(true);

  // An unknown filter value and a changed cursor are explained on the page, not a 500.
  expect((await ops.goto("/ops/handymen?state=gone"))?.status()).toBe(200);
  await expect(ops.getByText(/Choose a state:/).first()).toBeVisible();
  await ops.goto("/ops/handymen?cursor=abc.def");
  await expect(ops.getByText(/page link is not valid/)).toBeVisible();
  await expect(ops.getByRole("link", { name: "Start from the first handymen" })).toBeVisible();
  await context.close();
});
