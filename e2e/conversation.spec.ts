// The conversation around a request (issue 24), in two browsers: a homeowner picks three photos on the
// request form (a preview each), removes one, and sends the request, each photo with its progress bar;
// the handyman it is offered to (Thijs, the cheapest plumber in Amsterdam, whom no other spec asks for,
// invited by the test server) sees exactly the two thumbnails with the offer on /pro, loaded, and asks a
// question; the homeowner's order page, open since before the question, says "1 unread message" without
// a reload; the homeowner reads the question and answers, and the handyman's open conversation shows the
// answer without a reload. The photos are made by the test with sharp. A conversation is many messages:
// each side sends three in a row from the same open page, with JavaScript and without it, one of them
// typed with a line break (a browser posts it as CRLF). And the conversation reads as one: bubbles, the
// composer in reach, a new message scrolled to and announced, on both sides and in the console, axe-clean
// at 375 and 1280 px (DOCS_SCREENSHOTS=1 also writes the screenshots of docs/messages.md).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { formatDateTime } from "../lib/format";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { OPERATORS, signInAsOperator } from "./helpers/ops";

const HANDYMAN_EMAIL = "thijs.pro@example.test";
const THIJS = rankHandymen({ criteria: "price", city: "Amsterdam", task_type: "Pipe-leakage" }, handymen)[0];
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
  await page.getByLabel("Is the home older than two years?").selectOption({ label: "No, two years or newer" });
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

/** A new homeowner in `page` asks for the cheapest plumber in Amsterdam (Thijs) `daysAhead` days from now; the request's id. */
async function requestForThijs(page: Page, details: string, daysAhead: number): Promise<string> {
  await signUp(page);
  await page.getByLabel("Task type").selectOption({ label: "Pipe leakage" });
  await page.getByLabel("City").selectOption("Amsterdam");
  await page.getByLabel("Preferred date").fill(amsterdamDay(daysAhead));
  await page.getByLabel("Details").fill(details);
  await page.getByLabel("Is the home older than two years?").selectOption({ label: "No, two years or newer" });
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page).toHaveURL(/\/inputs\/criteria\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Cheapest" }).click();
  await expect(page.getByRole("region", { name: THIJS.name })).toContainText(`Why ${THIJS.name}`);
  return requestId;
}

/** The homeowner's conversation with Thijs about `requestId`, opened from the order page. */
async function openHomeownerThread(page: Page, requestId: string): Promise<void> {
  await page.goto(`/dashboard/orders/${requestId}`);
  await page.getByRole("region", { name: "Messages" }).getByRole("link", { name: `Messages with ${THIJS.name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}\/messages\/[0-9a-f-]{36}$/);
}

/** Thijs's conversation about the request whose details are `details`, opened from /pro. */
async function openProThread(page: Page, details: string): Promise<void> {
  await page.getByTestId("pro-offer").filter({ hasText: details }).getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(/\/pro\/messages\/[0-9a-f-]{36}$/);
}

/**
 * Sends `texts` one after the other from the page as it is, each once the one before is shown as the
 * sender's: the box is empty and Send can be pressed again after each.
 */
async function sendInARow(page: Page, texts: string[]): Promise<void> {
  const box = page.getByRole("textbox", { name: "Your message" });
  const send = page.getByRole("button", { name: "Send", exact: true });
  for (const text of texts) {
    await box.fill(text);
    await send.click();
    await expect(page.getByTestId("thread-message").filter({ hasText: text.split("\n")[0] })).toContainText("You");
    await expect(box).toHaveValue("");
    await expect(send).toBeEnabled();
  }
}

/** The shown messages, each as its lines (a line break typed in the box is a line on the page). */
async function shownLines(page: Page): Promise<string[][]> {
  const bodies = await page.getByTestId("thread-message-body").allInnerTexts();
  return bodies.map((body) => body.split(/\s*\n\s*/));
}

const FROM_HOMEOWNER = ["Hello, the tap in the bathroom drips all night.", "It is the one on the left.\nThe hot side, I think.", "Anything I should do before you come?"];
const FROM_THIJS = ["Thanks, that sounds like a worn washer.", "Close the valve under the sink\nif it gets worse.", "I will bring spare washers."];
const EXPECTED_LINES = [...FROM_HOMEOWNER, ...FROM_THIJS].map((text) => text.split("\n"));

test("each side sends three messages in a row from the same open page, and both pages show all six, line breaks kept", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const details = `Dripping bathroom tap, job ${Date.now()}`;
  const requestId = await requestForThijs(page, details, 4);
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  await openProThread(proPage, details);
  await markLoad(proPage);
  await openHomeownerThread(page, requestId);
  await markLoad(page);

  await sendInARow(page, FROM_HOMEOWNER);
  await expect(proPage.getByTestId("thread-message")).toHaveCount(3, LIVE);
  await sendInARow(proPage, FROM_THIJS);
  await expect(page.getByTestId("thread-message")).toHaveCount(6, LIVE);

  for (const side of [page, proPage]) {
    expect(await shownLines(side)).toEqual(EXPECTED_LINES);
    await expectSameLoad(side);
  }
  await pro.close();
});

test("without JavaScript each side sends three messages in a row, each a plain form post, line breaks kept", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const details = `Dripping kitchen tap, job ${Date.now()}`;
  const requestId = await requestForThijs(page, details, 5);
  const homeowner = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const homeownerPage = await homeowner.newPage();
  await openHomeownerThread(homeownerPage, requestId);
  await sendInARow(homeownerPage, FROM_HOMEOWNER);
  await expect(homeownerPage).toHaveURL(/\?notice=message-sent$/);
  await expect(homeownerPage.getByText("Message sent.")).toBeVisible();

  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL, { javaScriptEnabled: false });
  await openProThread(proPage, details);
  await sendInARow(proPage, FROM_THIJS);
  await expect(proPage).toHaveURL(/\?notice=message-sent$/);
  expect(await shownLines(proPage)).toEqual(EXPECTED_LINES);
  await homeownerPage.reload();
  expect(await shownLines(homeownerPage)).toEqual(EXPECTED_LINES);
  await homeowner.close();
  await pro.close();
});

/** The sum of the page's layout shifts not caused by the reader's own input, since it loaded (recorded by `recordLayoutShifts`). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift?: number }).__shift ?? 0);
}
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const holder = window as unknown as { __shift: number };
    holder.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) holder.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test("the conversation reads as a chat on both sides and in the console: bubbles with sender and time, a hidden contact as a notice, the composer in reach, a new message scrolled to and announced", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const details = `Leaking radiator valve, job ${Date.now()}`;
  const requestId = await requestForThijs(page, details, 6);
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  await openProThread(proPage, details);
  await openHomeownerThread(page, requestId);
  const threadPath = new URL(page.url()).pathname;
  const threadId = threadPath.split("/").pop()!;

  const long = ["The valve of the radiator in the living room leaks.", "It drips onto the wooden floor,", "a cup a day or so.", "The radiator is about ten years old.", "The valve is the one near the window.", "There is a towel under it now.", "The floor has a dark stain already.", "The heating is a gas boiler from 2015."].join("\n");
  await sendInARow(page, [long, "Call me on 06 1234 5678 if that is easier."]);
  await sendInARow(proPage, ["Thanks. Is the heating on at the moment?"]);
  await sendInARow(page, ["Yes, it is on all day.\nShould I turn it off?"]);

  // The handyman's side: the homeowner's phone number is a notice of Fixwell's, not the homeowner's words.
  const call = proPage.getByTestId("thread-message").filter({ hasText: "Call me on" });
  await expect(call.getByTestId("thread-masked")).toHaveText("Contact details hidden until the job is accepted");
  await expect(call).not.toContainText("1234");
  const masked = await call.getByTestId("thread-masked").evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(masked).not.toBe(await call.evaluate((element) => getComputedStyle(element).backgroundColor));

  // The homeowner's page, on a phone, read again from the top as a person opening it would.
  await recordLayoutShifts(page);
  await page.setViewportSize(PHONE);
  await page.goto(threadPath);
  const messages = page.getByTestId("thread-message");
  await expect(messages).toHaveCount(4);
  // Each message: its sender and its time on the Netherlands' clock, in the page's language.
  for (const [index, sender] of ["You", "You", THIJS.name, "You"].entries()) {
    const message = messages.nth(index);
    await expect(message).toContainText(sender);
    const time = message.locator("time");
    await expect(time).toHaveText(formatDateTime((await time.getAttribute("datetime"))!, "en"));
  }
  // Yours on the right, theirs on the left; the composer below the newest, and in reach before scrolling.
  const mine = (await messages.nth(0).boundingBox())!;
  const theirs = (await messages.nth(2).boundingBox())!;
  expect(mine.x + mine.width).toBeGreaterThan(theirs.x + theirs.width + 20);
  expect(theirs.x).toBeLessThan(mine.x - 20);
  const composer = page.getByRole("form", { name: "Your message" });
  await expect(composer).toBeInViewport();
  const composerBox = async () => (await composer.boundingBox())!;
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect((await composerBox()).y).toBeGreaterThanOrEqual((await messages.last().boundingBox())!.y + (await messages.last().boundingBox())!.height);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(composer).toBeInViewport();
  await expect(messages.last()).not.toBeInViewport();

  // A message from the other side arrives while the homeowner reads from the top: scrolled into view
  // above the composer, and announced, alone.
  const arriving = "I can come on Friday morning. Please leave the heating off.";
  await markLoad(page);
  await sendInARow(proPage, [arriving]);
  const arrived = messages.filter({ hasText: arriving });
  await expect(arrived).toBeInViewport(LIVE);
  expect((await arrived.boundingBox())!.y + (await arrived.boundingBox())!.height).toBeLessThanOrEqual((await composerBox()).y);
  await expect(page.getByTestId("thread-announcement")).toHaveText(`New message from ${THIJS.name}: ${arriving}`);
  await expectSameLoad(page);
  const shift = await layoutShift(page);
  process.stdout.write(`Layout shift of the homeowner's conversation, from its load through a new message: ${shift}\n`);
  expect(shift, "layout shift on the homeowner's page").toBeLessThan(0.05);
  if (process.env.DOCS_SCREENSHOTS) await page.screenshot({ path: "docs/images/messages-375.png" });
  await expectAccessibleAndNarrow(page, "the homeowner's conversation at 375 px");

  await page.setViewportSize(DESKTOP);
  await expectAccessibleAndNarrow(page, "the homeowner's conversation at 1280 px");
  if (process.env.DOCS_SCREENSHOTS) await page.screenshot({ path: "docs/images/messages-1280.png", fullPage: true });

  for (const size of [PHONE, DESKTOP]) {
    await proPage.setViewportSize(size);
    await expectAccessibleAndNarrow(proPage, `the handyman's conversation at ${size.width} px`);
  }
  await pro.close();

  // Reported, the console reads it the same way: the homeowner on the left, the handyman on the right, as written.
  await page.getByRole("textbox", { name: "What is wrong? (optional)" }).fill("Checking how this reads.");
  await page.getByRole("button", { name: "Report this conversation" }).click();
  await expect(page.getByText("You reported this conversation; Fixwell will look at it.")).toBeVisible();
  const operator = await browser.newContext();
  const opsPage = await operator.newPage();
  await signInAsOperator(opsPage, OPERATORS.threads);
  await opsPage.goto(`/ops/threads/${threadId}`);
  const written = opsPage.getByTestId("thread-message");
  await expect(written).toHaveCount(5);
  await expect(written.filter({ hasText: "Call me on" })).toContainText("06 1234 5678");
  await expect(written.first()).toContainText("Homeowner");
  await expect(written.nth(2)).toContainText(THIJS.name);
  const homeownerBox = (await written.first().boundingBox())!;
  const handymanBox = (await written.nth(2).boundingBox())!;
  expect(handymanBox.x).toBeGreaterThan(homeownerBox.x + 20);
  for (const size of [PHONE, DESKTOP]) {
    await opsPage.setViewportSize(size);
    await expectAccessibleAndNarrow(opsPage, `the console's conversation at ${size.width} px`);
  }
  await operator.close();
});
