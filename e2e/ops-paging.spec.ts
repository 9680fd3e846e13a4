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
