// A homeowner accepting a quote and paying it on the payment stand-in's checkout page, as the order page
// offers it: the billing name and address, "Accept the quote of …", then the stand-in's choice of outcome.
import { expect, type Locator, type Page } from "@playwright/test";

export type Billing = { name: string; street: string; postcode: string };

/** On an open order page: fills the quote's billing details and presses "Accept the quote of `total`". Answers the quote's region. */
export async function acceptQuote(page: Page, billing: Billing, total = "€121.00"): Promise<Locator> {
  const quote = page.getByRole("region", { name: "Quote" });
  await quote.getByLabel("Name", { exact: true }).fill(billing.name);
  await quote.getByLabel("Street and house number").fill(billing.street);
  await quote.getByLabel("Postcode").fill(billing.postcode);
  await quote.getByRole("button", { name: `Accept the quote of ${total}` }).click();
  return quote;
}

/** On the stand-in's checkout page (reached from the order page): chooses `outcome` and continues. */
export async function checkout(page: Page, outcome: "paid" | "failed", amount = "EUR 121.00"): Promise<void> {
  await page.waitForURL(/\/checkout\/tr_\w+$/);
  await expect(page.getByText(amount)).toBeVisible();
  await page.getByLabel(outcome).check();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Opens `order`, accepts its quote of €121.00 and pays it; back on the order page the money is shown held. Answers the quote's region. */
export async function acceptAndPay(page: Page, order: string, billing: Billing): Promise<Locator> {
  await page.goto(order);
  const quote = await acceptQuote(page, billing);
  await checkout(page, "paid");
  await page.waitForURL((url) => url.pathname === order);
  await expect(quote.getByTestId("payment-status")).toHaveText("Paid, held until the job is done");
  return quote;
}
