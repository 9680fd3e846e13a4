// The console's money view in the browser: a homeowner pays Emma (the best-rated painter in Rotterdam, whom no
// other spec asks for) €121.00 with test payments on the stand-in's checkout; an operator then opens
// /ops/money and finds that payment in today's figures, switches to per month and back, filters the
// payments list by status, opens the payment's page and sees its ledger line. Each page has one h1,
// labelled filter fields, passes axe and fits 320 px; the Dutch page speaks Dutch.
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { OPERATORS, signInAsOperator } from "./helpers/ops";
import { acceptAndPay } from "./helpers/payments";

const HANDYMAN_EMAIL = "emma.pro@example.test";
const WHERE = { criteria: "rated", city: "Rotterdam", task_type: "Painting" } as const;
const WIDE = { width: 1280, height: 800 };

/** Euros as the English page writes them ("€1,234.50", "-€5.00") in cents. */
function centsOf(text: string): number {
  const match = /(-?)€([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no euro amount in "${text}"`);
  return (match[1] ? -1 : 1) * (Number(match[2].replaceAll(",", "")) * 100 + Number(match[3]));
}

/** The money view's row for a period (its first day), and its "Paid in" figure in cents. */
async function paidIn(page: Page, period: string): Promise<{ row: Locator; cents: number }> {
  const row = page.locator(`[data-testid="money-row"][data-period="${period}"]`);
  await expect(row).toHaveCount(1);
  return { row, cents: centsOf(await row.getByRole("cell").nth(1).innerText()) };
}

/** The labelled fields of a console filter form. */
async function expectLabelledFilters(form: Locator) {
  for (const label of ["Payment status", "From", "Until"]) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
}

test("an operator finds a test payment in the money view per day and per month, and its ledger line on its page", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const [emma] = rankHandymen(WHERE, handymen);
  expect(emma.id).toBe(32);

  // The homeowner asks Emma; she accepts and quotes €100 + 21% VAT (the rate the rule gives, not chosen); the homeowner pays it on the checkout.
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const details = `Repaint the shed door, job ${requestId.slice(0, 8)}`;
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: WHERE.task_type, city: WHERE.city, details, date: amsterdamDay(6), criteria: "" },
  });
  expect(created.status()).toBe(200);
  expect((await page.request.post(`/api/inputs/${requestId}/criteria`, { data: WHERE })).status()).toBe(200);
  await proPage.goto("/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: details }).getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const quoteForm = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: details }).getByRole("form", { name: "Send a fixed quote" });
  const labour = quoteForm.getByRole("group", { name: "Labour" });
  await labour.getByLabel("Or a fixed amount, excl. VAT (€)").fill("100");
  await quoteForm.getByRole("button", { name: "Send the quote" }).click();
  await expect(proPage.getByText("Your quote is sent; the homeowner is mailed.")).toBeVisible();
  await pro.close();

  const order = `/dashboard/orders/${requestId}`;
  await acceptAndPay(page, order, { name: "Daan Visser", street: "Coolsingel 40", postcode: "3011 AD" });

  // The operator's money view: today's row holds the payment (other specs may pay the same day too).
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInAsOperator(ops, OPERATORS.money);
  await ops.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Money" }).click();
  await expect(ops).toHaveURL(/\/ops\/money$/);
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Money");
  const today = amsterdamDay(0);
  const day = await paidIn(ops, today);
  expect(day.cents).toBeGreaterThanOrEqual(12_100);
  await expect(ops.getByTestId("money-totals")).toContainText("Paid in €");
  await expectLabelledFilters(ops.getByRole("form", { name: "Filter the money view" }));
  await expect(ops.getByLabel("Month", { exact: true })).toHaveValue(today.slice(0, 7));
  await expectAccessibleAndNarrow(ops, "/ops/money per day", WIDE);

  // Per month, then back per day: the choice lands in the address and the table says which.
  await ops.getByTestId("period-month").click();
  await expect(ops).toHaveURL(/[?&]period=month(&|$)/);
  await expect(ops.getByTestId("period-month")).toHaveAttribute("aria-current", "page");
  await expect(ops.getByRole("columnheader", { name: "Month" })).toBeVisible();
  const month = await paidIn(ops, `${today.slice(0, 7)}-01`);
  expect(month.cents).toBeGreaterThanOrEqual(day.cents);
  await expectAccessibleAndNarrow(ops, "/ops/money per month", WIDE);
  await ops.getByTestId("period-day").click();
  await expect(ops).toHaveURL(/[?&]period=day(&|$)/);
  await expect(ops.getByRole("columnheader", { name: "Day" })).toBeVisible();
  await paidIn(ops, today);

  // The payments list, filtered to paid ones by its labelled form: Emma's payment, held in full.
  await ops.getByRole("link", { name: "Every payment" }).click();
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Payments");
  const filters = ops.getByRole("form", { name: "Filter payments" });
  await expectLabelledFilters(filters);
  await filters.getByLabel("Payment status").selectOption("paid");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(ops).toHaveURL(/[?&]status=paid(&|$)/);
  const row = ops.getByTestId("payment-row").filter({ hasText: emma.name }).first();
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Painting, Rotterdam");
  await expect(row.getByRole("cell").nth(2)).toHaveText("€121.00");
  await expect(row.getByRole("cell").nth(5)).toHaveText("€121.00");
  await expectAccessibleAndNarrow(ops, "/ops/money/payments", WIDE);

  // The payment's page: its one ledger line (paid, €121.00, the provider's id), its request, no transfers yet.
  await row.getByRole("link").click();
  await expect(ops).toHaveURL(/\/ops\/money\/payments\/[0-9a-f-]{36}$/);
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Payment");
  await expect(ops.getByTestId("payment-status")).toHaveText("Paid");
  const lines = ops.getByTestId("ledger-row");
  await expect(lines).toHaveCount(1);
  await expect(lines.getByRole("cell").nth(1)).toHaveText("Paid");
  await expect(lines.getByRole("cell").nth(2)).toHaveText("€121.00");
  await expect(lines.getByRole("cell").nth(3)).toHaveText(/^tr_\w+$/);
  await expect(ops.getByText("Nothing was refunded or released.")).toBeVisible();
  await expect(ops.getByTestId("payment-request")).toHaveAttribute("href", `/ops/requests/${requestId}`);
  await expectAccessibleAndNarrow(ops, "/ops/money/payments/{id}", WIDE);

  // In Dutch: the same view in the page's language.
  await ops.goto("/nl/ops/money");
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Geld");
  await expect(ops.getByRole("link", { name: "Per maand" })).toBeVisible();
  await expectAccessibleAndNarrow(ops, "/nl/ops/money", WIDE);
  await context.close();
});
