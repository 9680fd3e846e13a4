// Paying a fixed quote with iDEAL on the provider's checkout (the stand-in, in test payments): a homeowner
// asks for the best-rated electrician in The Hague (Noa, whom no other spec asks for, invited by the test
// server), Noa accepts and sends a fixed quote; the homeowner accepts it, lands on the checkout, pays and is
// back on the order page: "Paid, held until the job is done". In the second case the payment fails, the
// order page says so, and paying again succeeds. In the third Noa connects her payout account on the
// stand-in's onboarding, marks the paid job done, the homeowner confirms it, and /pro's money list shows
// the payment released to Noa less the commission the server computes (COMMISSION_PERCENT of the labour
// excluding VAT, set for the test server in playwright.config.ts). Every page says these are test payments.
import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { formatDate, formatPrice } from "../lib/format";
import { commissionCents, commissionRule } from "../lib/payments/commission";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { acceptAndPay, acceptQuote, checkout } from "./helpers/payments";

const HANDYMAN_EMAIL = "noa.pro@example.test";
const SANNE = { name: "Sanne Bakker", street: "Oudegracht 5", postcode: "3511 AB" };
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

/** The quote Noa sends: €100 labour excluding VAT, at 21%. */
const LABOUR_NET_CENTS = 10_000;
const QUOTE_TOTAL_CENTS = 12_100;

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
test("the homeowner accepts the quote, pays with iDEAL and the money is held", async ({ page }) => {
  test.setTimeout(180_000);
  const order = await quotedRequest(page, 8);
  await page.goto(order);
  await expect(page.getByTestId("test-payments")).toHaveText("Test payments: no real money changes hands on this site.");
  const quote = await acceptQuote(page, SANNE);
  await checkout(page, "paid");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("Paid, held until the job is done");
  await expect(quote.getByRole("button")).toHaveCount(0);
});

test("a payment that fails says so on the order page, and paying again succeeds", async ({ page }) => {
  test.setTimeout(180_000);
  const order = await quotedRequest(page, 9);
  await page.goto(order);
  const quote = await acceptQuote(page, SANNE);
  await checkout(page, "failed");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("The payment did not go through");
  await quote.getByRole("button", { name: "Pay again" }).click();
  await checkout(page, "paid");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("Paid, held until the job is done");
});

test("the paid job is done and confirmed, and /pro shows the money released to the handyman less commission", async ({ page }) => {
  test.setTimeout(240_000);
  // Noa connects her payout account: /pro → the provider's onboarding (the stand-in connects at once) → /pro.
  await proPage.goto("/pro");
  const payout = proPage.getByRole("region", { name: "Payments", exact: true });
  if ((await payout.getByTestId("payout-status").textContent())?.startsWith("Connect")) {
    await payout.getByRole("button", { name: "Connect your payout account" }).click();
    await expect(proPage.getByText("Your payout account is connected: the payments of your confirmed jobs are released to it.")).toBeVisible();
  }
  await expect(payout.getByTestId("payout-status")).toHaveText(/^Your payout account is connected\./);

  const day = amsterdamDay(10);
  const order = await quotedRequest(page, 10);
  await acceptAndPay(page, order, SANNE);

  // Noa marks it done; the homeowner confirms it.
  await proPage.goto("/pro");
  const job = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: order.slice(-36, -28) });
  await job.getByRole("button", { name: "Mark done" }).click();
  await expect(proPage.getByText("The job is marked done.")).toBeVisible();
  await page.goto(order);
  await page.getByRole("button", { name: "Confirm the job is done" }).click();
  await expect(page.getByText("Thank you: the job is confirmed done and the payment goes to the handyman.")).toBeVisible();

  // The amounts as the server computes them: its commission rule (the same environment) on the quote's labour.
  const commission = commissionCents({ createdAt: new Date(), lines: [{ kind: "labour", netCents: LABOUR_NET_CENTS }] }, commissionRule());
  expect(commission).toBeGreaterThan(0);
  const euros = (cents: number) => formatPrice(cents / 100, "en");
  await proPage.goto("/pro");
  const money = proPage.getByTestId("money-list");
  const row = money.getByTestId("money-row").filter({ hasText: formatDate(day, "en") });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Released", { exact: true })).toBeVisible();
  const amount = (term: string) => row.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(amount("Paid")).toHaveText(euros(QUOTE_TOTAL_CENTS));
  await expect(amount("Held")).toHaveText(euros(0));
  await expect(amount("Released to you")).toHaveText(euros(QUOTE_TOTAL_CENTS - commission));
  await expect(amount("Commission")).toHaveText(euros(commission));
  await expect(amount("Refunded")).toHaveText(euros(0));
});
