// Invoices in the browser: Anna (the best-rated plumber in The Hague, whom no other spec asks for, invited by
// the test server) gives her business details on /pro (a VAT id that fails its check is refused first) and
// connects her payout account; a homeowner pays her quote, gives the name and address for the invoice, and
// confirms the job. The homeowner downloads the invoice from the order page, and Anna downloads both the
// invoice in her name and Fixwell's commission invoice from /pro: real PDFs, named for their numbers.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { acceptAndPay } from "./helpers/payments";

const HANDYMAN_EMAIL = "anna.pro@example.test";
const WHERE = { criteria: "rated", city: "The Hague", task_type: "Pipe-leakage" } as const;

test.describe.configure({ mode: "serial" });

let pro: BrowserContext;
let proPage: Page;

test.beforeAll(async ({ browser }) => {
  const [anna] = rankHandymen(WHERE, handymen);
  expect(anna.id).toBe(13);
  ({ context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL));
});

test.afterAll(async () => {
  await pro?.close();
});

/** Clicks `link` and returns the downloaded file's name and its first bytes. */
async function download(page: Page, link: ReturnType<Page["getByRole"]>): Promise<{ name: string; head: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const bytes = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString("latin1") };
}

test("the homeowner downloads the invoice in the handyman's name, and the handyman it and Fixwell's commission invoice", async ({ page }) => {
  test.setTimeout(300_000);
  // Anna's business details: a VAT id that fails its check is refused and nothing is stored; then they are saved.
  await proPage.goto("/pro");
  const details = proPage.getByRole("form", { name: "Business details" });
  await details.getByLabel("Business name").fill("Anna Loodgieters");
  await details.getByLabel("Street and house number").fill("Lange Voorhout 9");
  await details.getByLabel("Postcode").fill("2514 ea");
  await details.getByLabel("City").fill("Den Haag");
  await details.getByLabel("KvK number").fill("87654321");
  await details.getByLabel("VAT id").fill("NL123456789B01");
  await details.getByRole("button", { name: "Save business details" }).click();
  await expect(details.getByText("Enter a valid Dutch VAT id, like NL123456789B01.")).toBeVisible();
  await details.getByLabel("VAT id").fill("NL000099998B57");
  await details.getByRole("button", { name: "Save business details" }).click();
  await expect(proPage.getByText("Your business details are saved: your invoices carry them from now on.")).toBeVisible();
  await proPage.getByRole("button", { name: "Connect your payout account" }).click();
  await expect(proPage.getByText("Your payout account is connected: the payments of your confirmed jobs are released to it.")).toBeVisible();

  // A homeowner's request, which Anna accepts and quotes (€100 excl. VAT, at the 21% the rule gives a pipe leakage); paid on the stand-in's checkout.
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const job = `A dripping tap, job ${requestId.slice(0, 8)}`;
  expect((await page.request.post("/api/inputs", { data: { input_id: requestId, user_email: email, task_type: WHERE.task_type, city: WHERE.city, details: job, date: amsterdamDay(6), criteria: "" } })).status()).toBe(200);
  expect((await page.request.post(`/api/inputs/${requestId}/criteria`, { data: WHERE })).status()).toBe(200);
  await proPage.goto("/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: job }).getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const held = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: job });
  const quoteForm = held.getByRole("form", { name: "Send a fixed quote" });
  await quoteForm.getByRole("group", { name: "Labour" }).getByLabel("Or a fixed amount, excl. VAT (€)").fill("100");
  await quoteForm.getByRole("button", { name: "Send the quote" }).click();
  await expect(proPage.getByText("Your quote is sent; the homeowner is mailed.")).toBeVisible();

  const order = `/dashboard/orders/${requestId}`;
  await acceptAndPay(page, order, { name: "Hanna Huiseigenaar", street: "Prinsegracht 10", postcode: "2512 GA" });

  // The name and address given on accepting are corrected on the order page, then Anna marks the job done and the homeowner confirms it.
  const invoices = page.getByRole("region", { name: "Invoices" });
  await expect(invoices).toContainText("The invoice is made when you confirm the job is done.");
  await invoices.getByLabel("Name", { exact: true }).fill("Hanna Huiseigenaar");
  await invoices.getByLabel("Street and house number").fill("Prinsegracht 12");
  await invoices.getByLabel("Postcode").fill("2512GA");
  await invoices.getByRole("button", { name: "Save name and address" }).click();
  await expect(page.getByText("The name and address for the invoice are saved.")).toBeVisible();
  await proPage.goto("/pro");
  await proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: job }).getByRole("button", { name: "Mark done" }).click();
  await expect(proPage.getByText("The job is marked done.")).toBeVisible();
  await page.goto(order);
  await page.getByRole("button", { name: "Confirm the job is done" }).click();
  await expect(page.getByText("Thank you: the job is confirmed done and the payment goes to the handyman.")).toBeVisible();

  await expectAccessibleAndNarrow(page, "the order page with its invoice");
  const homeownersInvoice = await download(page, page.getByRole("region", { name: "Invoices" }).getByRole("link", { name: /^Download Invoice .* \(PDF\)$/ }));
  expect(homeownersInvoice.name).toMatch(/^invoice-\d{4}-H13-\d{4}\.pdf$/);
  expect(homeownersInvoice.head).toBe("%PDF-");

  // Anna's list: the invoice in her name and Fixwell's commission invoice: COMMISSION_PERCENT of the €100
  // labour, as the test server has it (playwright.config.ts).
  await proPage.goto("/pro");
  const list = proPage.getByTestId("invoice-list");
  const invoiceNumber = homeownersInvoice.name.slice("invoice-".length, -".pdf".length);
  const ownRow = list.getByTestId("invoice-row").filter({ hasText: invoiceNumber });
  await expect(ownRow).toContainText("€121.00");
  const ownFile = await download(proPage, ownRow.getByRole("link", { name: `PDF of ${invoiceNumber}` }));
  expect(ownFile).toEqual(homeownersInvoice);
  await expectAccessibleAndNarrow(proPage, "/pro with business details and invoices");
  const commissionRow = list.getByTestId("invoice-row").filter({ hasText: "Commission invoice" }).first();
  await expect(commissionRow).toContainText(`€${(Number(process.env.COMMISSION_PERCENT) * 1).toFixed(2)}`);
  const commission = await download(proPage, commissionRow.getByRole("link", { name: /^PDF of \d{4}-FX-\d{4}$/ }));
  expect(commission.name).toMatch(/^commission-invoice-\d{4}-FX-\d{4}\.pdf$/);
  expect(commission.head).toBe("%PDF-");
});
