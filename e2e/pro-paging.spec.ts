// /pro with JavaScript off: a handyman with more jobs than fit on a page (Niels, the cheapest plumber in
// The Hague, invited by the test server) pages through his jobs by the plain "Older" and "Newer" links,
// every job shown once and the count said; the open offers stay on their own list meanwhile, and the way
// back gives the same pages. A changed link is explained on the page, not a 500.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const HANDYMAN_EMAIL = "niels.pro@example.test";
const WHERE = { city: "The Hague", task_type: "Pipe-leakage" } as const;
const JOBS = 23;
const OPEN = 2;

/** A homeowner's requests for a plumber in The Hague, each sent to the cheapest (Niels); their ids. */
async function askForPlumbers(request: APIRequestContext, email: string, count: number, run: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const created = await request.post("/api/inputs", {
      data: { input_id: id, user_email: email, ...WHERE, details: `Dripping tap ${i}, ${run}`, date: amsterdamDay(3 + (i % 20)), criteria: "" },
    });
    expect(created.status()).toBe(200);
    const chosen = await request.post(`/api/inputs/${id}/criteria`, { data: { criteria: "price", ...WHERE } });
    expect(chosen.status()).toBe(200);
    ids.push(id);
  }
  return ids;
}

/** The offer ids of the cards in `list`, in order. */
async function cardIds(list: Locator): Promise<string[]> {
  // Read once the page a link led to has loaded: a click returns when the navigation commits.
  await list.page().waitForLoadState("load");
  return list.getByTestId("pro-offer").evaluateAll((cards) => cards.map((card) => (card.getAttribute("aria-labelledby") ?? "").replace(/^offer-/, "")));
}

test("a handyman pages through his jobs on /pro with JavaScript off, the open offers kept", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const [niels] = rankHandymen({ criteria: "price", city: WHERE.city, task_type: WHERE.task_type }, handymen);
  expect(niels.id).toBe(21);
  const run = Date.now();

  // Two homeowners (a homeowner sends at most 20 requests a day) ask for JOBS + OPEN plumbers.
  const first = await signUp(page);
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  const other = await signUp(secondPage);
  const half = Math.ceil((JOBS + OPEN) / 2);
  await askForPlumbers(page.request, first.email, half, run);
  await askForPlumbers(secondPage.request, other.email, JOBS + OPEN - half, run);
  await second.close();

  // Niels sets his password from the invitation, signs in, and accepts all but OPEN of the offers.
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  const listed = await proPage.request.get("/api/pro/offers?limit=200");
  expect(listed.status()).toBe(200);
  const offers = ((await listed.json()) as { offers: { id: string; status: string }[] }).offers;
  expect(offers.filter((offer) => offer.status === "open")).toHaveLength(JOBS + OPEN);
  // The API lists newest first: accepting the older ones leaves the newest OPEN waiting.
  const accepted = offers.slice(OPEN).map((offer) => offer.id);
  for (const id of accepted) expect((await proPage.request.post(`/api/pro/offers/${id}/accept`)).status(), id).toBe(200);
  const waiting = offers.slice(0, OPEN).map((offer) => offer.id);

  // The same session in a browser without JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await pro.storageState() });
  const pages = await noScript.newPage();
  await pages.goto("/pro");
  await expect(pages.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${niels.name}`);
  const offersList = pages.getByRole("region", { name: "Requests offered to you" });
  const jobsList = pages.getByRole("region", { name: "Your jobs" });
  const jobPages = jobsList.getByRole("navigation", { name: "Pages of your jobs" });
  expect(await cardIds(offersList)).toEqual(waiting);
  await expect(jobPages).toContainText(`${JOBS} in all`);

  const forwards: string[][] = [];
  for (;;) {
    const ids = await cardIds(jobsList);
    expect(ids.length).toBeLessThanOrEqual(20);
    forwards.push(ids);
    // The offers waiting for an answer stay on every page of the jobs.
    expect(await cardIds(offersList)).toEqual(waiting);
    const older = jobPages.getByTestId("page-next");
    if ((await older.count()) === 0) break;
    await older.click();
    await expect(pages).toHaveURL(/\/pro\?jobs=[^&]+$/);
  }
  expect(forwards.map((ids) => ids.length)).toEqual([20, JOBS - 20]);
  expect(forwards.flat()).toEqual(accepted);

  // Back by "Newer" to the first page.
  await jobPages.getByTestId("page-previous").click();
  expect(await cardIds(jobsList)).toEqual(forwards[0]);
  await expect(jobPages.getByTestId("page-previous")).toHaveCount(0);

  // A changed link says so and shows the first pages.
  const next = await jobPages.getByTestId("page-next").getAttribute("href");
  const cursor = new URL(next ?? "", "http://x").searchParams.get("jobs") ?? "";
  const changed = await pages.goto(`/pro?jobs=${encodeURIComponent(`x${cursor}`)}`);
  expect(changed?.status()).toBe(200);
  await expect(pages.getByRole("alert")).toContainText(/page link is not valid/);
  expect(await cardIds(jobsList)).toEqual(forwards[0]);
  // Another list's link is refused the same way.
  await pages.goto(`/pro?offers=${encodeURIComponent(cursor)}`);
  await expect(pages.getByRole("alert")).toContainText(/page link is not valid/);
  await noScript.close();
  await pro.close();
});
