// A homeowner's late cancellation of a paid job (issue #34; lib/payments/cancellation.ts): a homeowner asks
// for the best-rated plumber in Amsterdam (Ruben, whom no other spec asks for, invited by the test server)
// for tomorrow, so that any cancel now falls within the 24 hours before the agreed day. Ruben, his payout
// account connected, accepts and quotes €100 + 21% VAT; the homeowner pays on the stand-in's checkout. The
// order page's Cancel button names the amounts before the press, in English and in Dutch (one hour at Ruben's
// price to him, the rest back), beside a link to the public rules; pressing it cancels, the order page says
// what was refunded and what went to Ruben, and /pro's money list shows the ledger's split: the hour released
// to Ruben less the commission the server computes, the rest refunded. /pro's "cancel this job" shows the
// same rules link.
import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { formatDate, formatPrice } from "../lib/format";
import { commissionCents, commissionRule } from "../lib/payments/commission";
import { cancellationOutcome, netOfGross } from "../lib/payments/cancellation";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { acceptAndPay } from "./helpers/payments";

const HANDYMAN_EMAIL = "ruben.pro@example.test";
const WHERE = { criteria: "rated", city: "Amsterdam", task_type: "Pipe-leakage" } as const;
/** The quote Ruben sends: €100 labour excluding VAT, at 21%. */
const QUOTE_TOTAL_CENTS = 12_100;

test.describe.configure({ mode: "serial" });

let pro: BrowserContext;
let proPage: Page;
let ruben: (typeof handymen)[number];

test.beforeAll(async ({ browser }) => {
  // The invitation's mail, the sign-in and the payout onboarding.
  test.setTimeout(150_000);
  [ruben] = rankHandymen(WHERE, handymen);
  expect(ruben.id).toBe(17);
  ({ context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL));
  await proPage.goto("/pro");
  const payout = proPage.getByRole("region", { name: "Payments", exact: true });
  if ((await payout.getByTestId("payout-status").textContent())?.startsWith("Connect")) {
    await payout.getByRole("button", { name: "Connect your payout account" }).click();
    await expect(proPage.getByText("Your payout account is connected: the payments of your confirmed jobs are released to it.")).toBeVisible();
  }
});

test.afterAll(async () => {
  await pro?.close();
});

test("a late cancellation names its amounts on the Cancel button before the press, then refunds the rest and pays Ruben his hour", async ({ page }) => {
  test.setTimeout(240_000);
  const day = amsterdamDay(1);
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const details = `A dripping tap in the kitchen, job ${requestId.slice(0, 8)}`;
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: WHERE.task_type, city: WHERE.city, details, date: day, criteria: "" },
  });
  expect(created.status()).toBe(200);
  expect((await page.request.post(`/api/inputs/${requestId}/criteria`, { data: WHERE })).status()).toBe(200);

  // Ruben accepts and quotes; on /pro, beside "cancel this job", the rules are a link away.
  await proPage.goto("/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: details }).getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const job = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: details });
  const quoteForm = job.getByRole("form", { name: "Send a fixed quote" });
  await quoteForm.getByRole("group", { name: "Labour" }).getByLabel("Or a fixed amount, excl. VAT (€)").fill("100");
  await quoteForm.getByRole("button", { name: "Send the quote" }).click();
  await expect(proPage.getByText("Your quote is sent; the homeowner is mailed.")).toBeVisible();
  const withdraw = job.getByTestId("withdraw-job");
  await withdraw.locator("summary").click();
  await expect(withdraw.getByRole("link", { name: "How cancelling works" })).toHaveAttribute("href", "/cancellation");

  // The homeowner accepts and pays on the stand-in's checkout.
  const order = `/dashboard/orders/${requestId}`;
  await acceptAndPay(page, order, { name: "Sanne Bakker", street: "Oudegracht 5", postcode: "3511 AB" });

  // The rule's amounts (its own function, Ruben's hourly price as the register was seeded), the commission as
  // the server takes it on an hour of labour.
  const { rule, refundCents, feeToHandymanCents: fee } = cancellationOutcome({ by: "homeowner", paidCents: QUOTE_TOTAL_CENTS, agreedDate: day, now: new Date(), hourlyPriceCents: Math.round(ruben.price_per_hour * 100) });
  expect(rule).toBe("homeowner-late");
  expect(fee).toBe(4_700);
  expect(refundCents).toBe(QUOTE_TOTAL_CENTS - fee);
  const commission = Math.min(commissionCents({ createdAt: new Date(), lines: [{ kind: "labour", netCents: netOfGross(fee, 21) }] }, commissionRule()), fee);
  expect(commission).toBeGreaterThan(0);
  const euros = (cents: number, locale: "en" | "nl" = "en") => formatPrice(cents / 100, locale);

  // Before the press, in Dutch: the same amounts as the Dutch pages write them.
  await page.goto(`/nl${order}`);
  await expect(page.getByRole("button", { name: /^Annuleren/ })).toHaveText(`Annuleren — je krijgt ${euros(refundCents, "nl")} terug, ${euros(fee, "nl")} gaat naar Ruben voor de late annulering`);
  // Dutch amounts: the euro sign, a non-breaking space, a decimal comma.
  expect(euros(fee, "nl")).toBe("€\u00a047,00");
  await expect(page.getByRole("link", { name: "Zo werkt annuleren" })).toHaveAttribute("href", "/nl/cancellation");

  // And in English, with the rules a link away; then the press.
  await page.goto(order);
  const cancel = page.getByRole("button", { name: /^Cancel/ });
  await expect(cancel).toHaveText(`Cancel — you get ${euros(refundCents)} back, ${euros(fee)} goes to Ruben for the late cancellation`);
  expect(euros(refundCents)).toBe("€74.00");
  await expect(page.getByRole("link", { name: "How cancelling works" })).toHaveAttribute("href", "/cancellation");
  await cancel.click();
  await expect(page.getByText("Your request is cancelled.")).toBeVisible();
  const money = page.getByTestId("cancellation-money");
  await expect(money).toContainText(`${euros(refundCents)} refunded.`);
  await expect(money).toContainText(`${euros(fee)} went to Ruben for the late cancellation.`);
  await expect(page.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

  // /pro's money list: the ledger's split of the €121.
  await proPage.goto("/pro");
  const row = proPage.getByTestId("money-list").getByTestId("money-row").filter({ hasText: formatDate(day, "en") });
  await expect(row).toHaveCount(1);
  const amount = (term: string) => row.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(amount("Paid")).toHaveText(euros(QUOTE_TOTAL_CENTS));
  await expect(amount("Held")).toHaveText(euros(0));
  await expect(amount("Released to you")).toHaveText(euros(fee - commission));
  await expect(amount("Commission")).toHaveText(euros(commission));
  await expect(amount("Refunded")).toHaveText(euros(refundCents));
});
