// A homeowner's no-show reported with a photo of the door and settled by an operator (issue #34, "On the
// day"): Daan (the cheapest electrician in The Hague, whom no other spec asks for, invited by the test server)
// accepts a job for today, quotes it and is paid; on /pro he says "On my way" and "I'm at the door". The
// 20 minutes at the door are shortened for the test server (NO_SHOW_WAIT_MINUTES in playwright.config.ts:
// its clock is the real one), so a few seconds later he reports the no-show with a JPEG of the door. The
// homeowner sees the report, the times and the photo on the order page and objects; an operator opens the
// dispute in /ops/disputes, sees the times and the door photo, and refunds in full: the job ends cancelled.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { signInFromInvitation, signUp, TEST_PASSWORD } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { OPERATORS, signInAsOperator } from "./helpers/ops";
import { acceptAndPay } from "./helpers/payments";

const HANDYMAN_EMAIL = "daan.pro@example.test";
const WHERE = { criteria: "price", city: "The Hague", task_type: "Outlet-replacement" } as const;

let pro: BrowserContext;
let proPage: Page;

test.beforeAll(async ({ browser }) => {
  const [daan] = rankHandymen(WHERE, handymen);
  expect(daan.id).toBe(12);
  ({ context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL));
});

test.afterAll(async () => {
  await pro?.close();
});

test("a no-show reported with a door photo, objected to, and settled by an operator in /ops/disputes", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // The homeowner's request for today, accepted and quoted (€100 + 21%) by Daan, then paid.
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const details = `A dead socket in the hall, job ${requestId.slice(0, 8)}`;
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: WHERE.task_type, city: WHERE.city, details, date: amsterdamDay(0), criteria: "" },
  });
  expect(created.status()).toBe(200);
  expect((await page.request.post(`/api/inputs/${requestId}/criteria`, { data: WHERE })).status()).toBe(200);

  await proPage.goto("/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: details }).getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const job = () => proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: details });
  const quoteForm = job().getByRole("form", { name: "Send a fixed quote" });
  await quoteForm.getByRole("group", { name: "Labour" }).getByLabel("Or a fixed amount, excl. VAT (€)").fill("100");
  await quoteForm.getByRole("button", { name: "Send the quote" }).click();
  await expect(proPage.getByText("Your quote is sent; the homeowner is mailed.")).toBeVisible();

  const order = `/dashboard/orders/${requestId}`;
  await acceptAndPay(page, order, { name: "Sanne Bakker", street: "Oudegracht 5", postcode: "3511 AB" });

  // On the day: on my way, at the door.
  await proPage.goto("/pro");
  await job().getByRole("button", { name: "On my way" }).click();
  await expect(proPage.getByText("The homeowner is told you are on your way.")).toBeVisible();
  await job().getByRole("button", { name: "I'm at the door" }).click();
  await expect(proPage.getByText(/Your arrival at the door is recorded/)).toBeVisible();
  await expect(job().getByTestId("on-the-day-times")).toContainText("At the door since");

  // The (shortened) wait at the door, then the report with a photo of the door.
  await expect(async () => {
    await proPage.goto("/pro");
    await expect(job().getByRole("form", { name: "Report that nobody opened" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const door = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 90, g: 60, b: 30 } } }).jpeg().toBuffer();
  const report = job().getByRole("form", { name: "Report that nobody opened" });
  await report.getByLabel("Photo of the door").setInputFiles({ name: "door.jpg", mimeType: "image/jpeg", buffer: door });
  await report.getByRole("button", { name: "Report a no-show" }).click();
  await expect(proPage.getByText(/The no-show is reported and the homeowner is told/)).toBeVisible();
  await expect(job().getByTestId("no-show-state")).toContainText("The homeowner can object until");

  // The homeowner sees it, with the times and the photo, and objects.
  await page.goto(order);
  const day = page.getByTestId("order-on-the-day");
  await expect(day).toContainText("On the way since");
  await expect(day).toContainText("At the door since");
  await expect(day).toContainText("nobody opened the door");
  const photo = day.getByRole("img", { name: "The photo of the door" });
  await photo.scrollIntoViewIfNeeded();
  // Served and decoded: the re-encoded door photo, as wide as the one taken.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
  await day.getByLabel("What happened?").fill("I was home all afternoon; the doorbell is broken, please knock.");
  await day.getByRole("button", { name: "Object" }).click();
  await expect(page.getByText(/Your objection is sent/)).toBeVisible();

  // An operator settles it in /ops/disputes: the times and the door photo are there.
  const ops = await browser.newContext();
  const opsPage = await ops.newPage();
  try {
    await signInAsOperator(opsPage, OPERATORS.noShow);
    await opsPage.goto("/ops/disputes");
    const row = opsPage.getByTestId("dispute-row").filter({ hasText: "Daan" }).last();
    await row.getByRole("link").click();
    const onTheDay = opsPage.getByTestId("dispute-on-the-day");
    await expect(onTheDay).toContainText("nobody opened the door; the homeowner objected");
    await expect(onTheDay.getByRole("link", { name: "The photo of the door" })).toBeVisible();
    await expect(opsPage.getByTestId("dispute-text")).toHaveText("I was home all afternoon; the doorbell is broken, please knock.");
    await opsPage.getByRole("radio", { name: /^Full refund to the homeowner/ }).check();
    await opsPage.getByLabel("Reason").fill("The doorbell was broken; the homeowner was home.");
    await opsPage.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
    await opsPage.getByRole("button", { name: "Decide" }).click();
    await expect(opsPage.getByText(/The dispute is decided/)).toBeVisible();
  } finally {
    await ops.close();
  }

  await page.goto(order);
  await expect(page.getByText(/Cancelled/).first()).toBeVisible();
  await expect(page.getByTestId("order-on-the-day")).toContainText("The no-show is settled.");
});
