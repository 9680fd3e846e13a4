// Paying a fixed quote with iDEAL on the provider's checkout (the stand-in, in test payments): a homeowner
// asks for the best-rated electrician in The Hague (Noa, whom no other spec asks for, invited by the test
// server), Noa accepts and sends a fixed quote; the homeowner accepts it, lands on the checkout, pays and is
// back on the order page: "Paid, held until the job is done". In the second case the payment fails, the
// order page says so, and paying again succeeds. Every page says these are test payments.
import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const HANDYMAN_EMAIL = "noa.pro@example.test";
const WHERE = { criteria: "rated", city: "The Hague", task_type: "Outlet-replacement" } as const;

test.describe.configure({ mode: "serial" });

let pro: BrowserContext;
let proPage: Page;

test.beforeAll(async ({ browser }) => {
  const [noa] = rankHandymen(WHERE, handymen);
  expect(noa.id).toBe(4);
  ({ context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL));
});

test.afterAll(async () => {
  await pro?.close();
});

/** A request of the signed-in homeowner that Noa accepted and quoted (€100 excl. 21% VAT): its order page. */
async function quotedRequest(page: Page, day: number): Promise<string> {
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const details = `A loose socket in the study, job ${requestId.slice(0, 8)}`;
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: WHERE.task_type, city: WHERE.city, details, date: amsterdamDay(day), criteria: "" },
  });
  expect(created.status()).toBe(200);
  const chosen = await page.request.post(`/api/inputs/${requestId}/criteria`, { data: WHERE });
  expect(chosen.status()).toBe(200);

  await proPage.goto("/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: details }).getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const quoteForm = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: details }).getByRole("form", { name: "Send a fixed quote" });
  const labour = quoteForm.getByRole("group", { name: "Labour" });
  await labour.getByLabel("Or a fixed amount, excl. VAT (€)").fill("100");
  await expect(labour.getByTestId("line-vat")).toHaveText("VAT on this line: 21%");
  await quoteForm.getByRole("button", { name: "Send the quote" }).click();
  await expect(proPage.getByText("Your quote is sent; the homeowner is mailed.")).toBeVisible();
  return `/dashboard/orders/${requestId}`;
}

/** On the stand-in's checkout: picks what happens to the payment and goes on (back to the order page). */
async function checkout(page: Page, outcome: "paid" | "failed") {
  await page.waitForURL(/\/checkout\/tr_\w+$/);
  await expect(page.getByText("EUR 121.00")).toBeVisible();
  await page.getByLabel(outcome).check();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("the homeowner accepts the quote, pays with iDEAL and the money is held", async ({ page }) => {
  test.setTimeout(180_000);
  const order = await quotedRequest(page, 8);
  await page.goto(order);
  await expect(page.getByTestId("test-payments")).toHaveText("Test payments: no real money changes hands on this site.");
  const quote = page.getByRole("region", { name: "Quote" });
  await quote.getByRole("button", { name: "Accept the quote of €121.00" }).click();
  await checkout(page, "paid");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("Paid, held until the job is done");
  await expect(quote.getByRole("button")).toHaveCount(0);
});

test("a payment that fails says so on the order page, and paying again succeeds", async ({ page }) => {
  test.setTimeout(180_000);
  const order = await quotedRequest(page, 9);
  await page.goto(order);
  const quote = page.getByRole("region", { name: "Quote" });
  await quote.getByRole("button", { name: "Accept the quote of €121.00" }).click();
  await checkout(page, "failed");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("The payment did not go through");
  await quote.getByRole("button", { name: "Pay again" }).click();
  await checkout(page, "paid");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("Paid, held until the job is done");
});
