// The conversation around a request (issue 24), in two browsers: a homeowner picks three photos on the
// request form (a preview each), removes one, and sends the request, each photo with its progress bar;
// the handyman it is offered to (Thijs, the cheapest plumber in Amsterdam, whom no other spec asks for,
// invited by the test server) sees exactly the two thumbnails with the offer on /pro, loaded, and asks a
// question; the homeowner's order page, open since before the question, says "1 unread message" without
// a reload; the homeowner reads the question and answers, and the handyman's open conversation shows the
// answer without a reload. The photos are made by the test with sharp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const HANDYMAN_EMAIL = "thijs.pro@example.test";
/** Within the two seconds, with room for a loaded machine. */
const LIVE = { timeout: 5_000 };

let folder: string;
test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "fixwell-conversation-"));
  const photo = (r: number, g: number, b: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } });
  await photo(40, 90, 160).jpeg().toFile(path.join(folder, "sink.jpg"));
  await photo(200, 120, 30).png().toFile(path.join(folder, "pipe.png"));
  await photo(30, 160, 70).jpeg().toFile(path.join(folder, "floor.jpg"));
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A marker only this load of the page has: still there later means the page was never reloaded. */
async function markLoad(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameLoad?: boolean }).__sameLoad = true));
}
async function expectSameLoad(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
}

/** Every image in `images` has loaded (it is scrolled to first: thumbnails load lazily). */
async function expectLoaded(images: Locator): Promise<void> {
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
}

test("photos with the request, a question before accepting, and the answer, live on both sides", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const details = `Leaking joint behind the washing machine, job ${Date.now()}`;
  const [thijs] = rankHandymen({ criteria: "price", city: "Amsterdam", task_type: "Pipe-leakage" }, handymen);
  expect(thijs.id).toBe(9);

  // The homeowner picks three photos, sees a preview of each, and removes one before sending.
  await signUp(page);
  await page.getByLabel("Task type").selectOption({ label: "Pipe leakage" });
  await page.getByLabel("City").selectOption("Amsterdam");
  await page.getByLabel("Preferred date").fill(amsterdamDay(3));
  await page.getByLabel("Details").fill(details);
  await page.getByLabel("Photos of the problem (optional)").setInputFiles(["sink.jpg", "pipe.png", "floor.jpg"].map((name) => path.join(folder, name)));
  const picked = page.getByRole("list", { name: "Photos of the problem (optional)" }).getByRole("listitem");
  await expect(picked).toHaveCount(3);
  await expectLoaded(picked.getByRole("img"));
  await page.getByRole("button", { name: "Remove floor.jpg" }).click();
  await expect(picked).toHaveCount(2);
  await expect(picked).toHaveText([/sink\.jpg/, /pipe\.png/]);

  // Each photo goes on its own once the request is stored, with a progress bar (held back a moment to be seen).
  await page.route("**/api/requests/*/photos", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByRole("progressbar", { name: "Sending sink.jpg" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "sink.jpg sent" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "pipe.png sent" })).toBeVisible();
  await expect(page).toHaveURL(/\/inputs\/criteria\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").pop()!;
  await page.unroute("**/api/requests/*/photos");
  await page.getByRole("button", { name: "Cheapest" }).click();
  await expect(page.getByRole("region", { name: thijs.name })).toContainText(`Why ${thijs.name}`);

  // The order page stays open from here on; so far nothing is unread.
  await page.goto(`/dashboard/orders/${requestId}`);
  await expectLoaded(page.getByTestId("request-photos").getByRole("img"));
  await expect(page.getByTestId("request-photos").getByRole("img")).toHaveCount(2);
  const conversations = page.getByRole("region", { name: "Messages" });
  await expect(conversations.getByRole("link", { name: `Messages with ${thijs.name}` })).toBeVisible();
  await expect(conversations.getByTestId("thread-unread")).toHaveCount(0);
  await markLoad(page);

  // Thijs sets a password from the invitation, signs in, and sees exactly the two photos with the offer.
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  const offer = proPage.getByTestId("pro-offer").filter({ hasText: details });
  await expect(offer).toContainText("Pipe leakage in Amsterdam");
  const thumbnails = offer.getByTestId("request-photos").getByRole("img");
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAttribute("alt", "Photo 1 of 2, opens full size");
  await expect(thumbnails.last()).toHaveAttribute("alt", "Photo 2 of 2, opens full size");
  await expectLoaded(thumbnails);

  // He asks before accepting, from the offer's conversation.
  await offer.getByRole("link", { name: "Messages" }).click();
  await expect(proPage).toHaveURL(/\/pro\/messages\/[0-9a-f-]{36}$/);
  await expect(proPage.getByText("No messages yet. Either of you can write first.")).toBeVisible();
  await markLoad(proPage);
  const question = "Is the joint behind the machine reachable without moving it?";
  await proPage.getByRole("textbox", { name: "Your message" }).fill(question);
  await proPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(proPage.getByTestId("thread-message").filter({ hasText: question })).toContainText("You");

  // The homeowner's open order page says so, in words, without a reload.
  await expect(conversations.getByTestId("thread-unread")).toHaveText("1 unread message", LIVE);
  await expectSameLoad(page);

  // The homeowner reads the question and answers; the handyman's open page shows the answer.
  await conversations.getByRole("link", { name: `Messages with ${thijs.name}` }).click();
  await expect(page.getByTestId("thread-message").filter({ hasText: question })).toContainText(thijs.name);
  const answer = "Yes, there is a hatch on the left; no need to move it.";
  await page.getByRole("textbox", { name: "Your message" }).fill(answer);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("thread-message").filter({ hasText: answer })).toContainText("You");
  await expect(proPage.getByTestId("thread-message").filter({ hasText: answer })).toContainText("Homeowner", LIVE);
  await expectSameLoad(proPage);
  await expect(proPage.getByTestId("thread-message")).toHaveCount(2);

  // Read: the order page no longer counts it.
  await page.goto(`/dashboard/orders/${requestId}`);
  await expect(page.getByRole("region", { name: "Messages" }).getByRole("link", { name: `Messages with ${thijs.name}` })).toBeVisible();
  await expect(page.getByTestId("thread-unread")).toHaveCount(0);
  await pro.close();
});
