// The month's invoice export for the books (lib/ops/invoice-export.ts, GET /api/ops/money/invoices; issue
// #33, docs/payments.md "The invoice export"): real jobs paid through the provider's stand-in, confirmed
// (the homeowner's invoice), released (Fixwell's commission invoice) and refunded (credit notes), then the
// export's totals checked against the ledger's own export of the same month, its VAT per rate against the
// invoices, its keyset batches, its CSV-injection defence, and who may read it. Operators read every
// invoice's PDF and see a payment's invoices on its console page.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { paidJob as paidJobOf, startTestPayments, type TestPayments } from "../helpers/payments";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

// The payment page's section speaks the page's language through next-intl's getTranslations, which runs
// outside the server's renderer here: its translations are the catalogue's, as in ops-pages-fuzz.test.ts.
vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  getTranslations: async (arg: { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const [namespace, ...within] = arg.namespace.split(".");
    const t = getTranslator(arg.locale as "en", namespace as never);
    return (key: string, values?: Record<string, string | number>) => t([...within, key].join(".") as never, values as never);
  },
}));

process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { refund } = await import("@/lib/payments");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { confirmDone } = await import("@/lib/requests/completion");
const { saveBusinessDetailsAction } = await import("@/lib/invoices/actions");
const { listInvoicesOfPayment } = await import("@/lib/invoices/queries");
const { invoiceNumberText } = await import("@/lib/invoices/amounts");
const exporter = await import("@/lib/ops/invoice-export");
const { moneyExportStream } = await import("@/lib/ops/money-export");
const { monthRange } = await import("@/lib/ops/csv");
const { amsterdamDayOf } = await import("@/lib/ops/money");
const invoicesRoute = await import("../../app/api/ops/money/invoices/route");
const invoiceRoute = await import("../../app/api/invoices/[invoiceId]/route");
const { PaymentInvoices } = await import("@/components/ops/payment-invoices");
const { renderToStaticMarkup } = await import("react-dom/server");

// A painting job on a home older than two years: labour at 9%, materials at 21% (lib/quotes/vat.ts).
const PAINTING = { taskType: "Painting", city: "Rotterdam", homeOlderThanTwoYears: true } as const;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });
const DETAILS = { business_name: "Nina Klus B.V.", business_street: "Coolsingel 40", business_postcode: "3011ad", business_city: "Rotterdam", kvk_number: "12345678", vat_id: "NL000099998B57" };

let payments: TestPayments;
let operator: TestUser;
let nina: TestHandyman;

beforeAll(async () => {
  payments = await startTestPayments();
});
afterAll(async () => {
  await payments.close();
});
beforeEach(async () => {
  await resetDatabase();
  payments.reset();
  operator = await createSignedInOperator("olga-ops@example.test");
  nina = await createSignedInHandyman(23, "nina@example.test");
});

async function giveDetails(fields: Record<string, string>) {
  as(nina);
  expect(await saveBusinessDetailsAction(IDLE_STEP, form(fields))).toMatchObject({ message: null });
}

async function connect() {
  const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/pro");
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  await finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! });
}

/** A homeowner's painting job Nina quoted (labour €200 at 9%, materials €50 at 21%: €278.50), paid and marked done. */
async function paidJob(email: string): Promise<{ owner: TestUser; requestId: string; paymentId: string }> {
  const owner = await createSignedInUser(email);
  const { requestId, offerId, paymentId } = await paidJobOf(owner, nina, PAINTING, { labour: { description: "Paint the hall", amount: "200", vatRate: "9" }, materials: [{ description: "Paint", amount: "50", vatRate: "21" }] }, payments);
  as(nina);
  expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });
  return { owner, requestId, paymentId };
}

const csvOf = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
/** The CSV's rows as records by column (no cell here holds a comma). */
function rowsOf(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  const columns = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((cell, index) => [columns[index], cell])));
}
/** Euros with a dot back to cents, refusing anything else. */
function cents(text: string): number {
  expect(text).toMatch(/^-?\d+\.\d{2}$/);
  const negative = text.startsWith("-");
  const [whole, part] = text.replace("-", "").split(".");
  return (negative ? -1 : 1) * (Number(whole) * 100 + Number(part));
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const thisMonth = () => amsterdamDayOf(new Date()).slice(0, 7);

describe("the month's invoice export", () => {
  it("adds up to the ledger: invoices minus credit notes = paid − refunded, commission invoices = commission, VAT per rate = the invoices'", async () => {
    await giveDetails(DETAILS);
    await connect();
    // Job 1: confirmed (invoice) and released (commission invoice), then partly refunded (a credit note).
    const one = await paidJob("one@example.test");
    expect(await confirmDone(sessionOf(one.owner), one.requestId)).toBe("released");
    expect((await refund(one.paymentId, 10_001, "partly-refunded")).state).toBe("done");
    // Job 2: refunded before it was confirmed: credited right after its invoice.
    const two = await paidJob("two@example.test");
    expect((await refund(two.paymentId, 5_000, "partly-refunded")).state).toBe("done");
    expect(await confirmDone(sessionOf(two.owner), two.requestId)).toBe("released");
    // Job 3: Nina now under the small-business scheme: no VAT, all at 0%.
    await giveDetails({ ...DETAILS, vat_id: "", kor: "on" });
    const three = await paidJob("three@example.test");
    expect(await confirmDone(sessionOf(three.owner), three.requestId)).toBe("released");

    const month = thisMonth();
    const response = await invoicesRoute.GET(apiRequest("GET", `/api/ops/money/invoices?month=${month}`, { cookie: operator.cookie }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="fixwell-invoices-${month}.csv"`);
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe(exporter.INVOICE_EXPORT_COLUMNS.join(","));
    const rows = rowsOf(csv);
    const stored = await (await getDb()).invoice.findMany({ include: { creditsInvoice: true } });
    expect(rows).toHaveLength(stored.length);
    expect(rows.map((row) => row.kind).sort()).toEqual(["commission", "commission", "commission", "credit_note", "credit_note", "invoice", "invoice", "invoice"]);

    // Each row: the stored invoice's number, parties and amounts; its rates add up to its net, VAT and total.
    for (const row of rows) {
      const invoice = stored.find((entry) => invoiceNumberText(entry.series, entry.number) === row.number)!;
      expect(invoice, row.number).toBeDefined();
      expect(row).toMatchObject({ kind: invoice.kind, issuer: invoice.issuerName, payment_id: invoice.paymentId, issued_date: amsterdamDayOf(invoice.issuedAt) });
      expect(row.credits_invoice).toBe(invoice.creditsInvoice ? invoiceNumberText(invoice.creditsInvoice.series, invoice.creditsInvoice.number) : "");
      expect([cents(row.net_eur), cents(row.vat_eur), cents(row.total_eur)]).toEqual([invoice.netCents, invoice.vatCents, invoice.totalCents]);
      expect(sum(exporter.INVOICE_EXPORT_RATES.map((rate) => cents(row[`net_${rate}_eur`])))).toBe(invoice.netCents);
      expect(sum(exporter.INVOICE_EXPORT_RATES.map((rate) => cents(row[`vat_${rate}_eur`])))).toBe(invoice.vatCents);
      for (const rate of exporter.INVOICE_EXPORT_RATES) {
        const at = (invoice.rates as { rate: number; netCents: number; vatCents: number }[]).filter((entry) => entry.rate === rate);
        expect([cents(row[`net_${rate}_eur`]), cents(row[`vat_${rate}_eur`])], `${row.number} at ${rate}%`).toEqual([sum(at.map((entry) => entry.netCents)), sum(at.map((entry) => entry.vatCents))]);
      }
      if (row.kind === "credit_note") expect(cents(row.total_eur)).toBeLessThan(0);
      else expect(cents(row.total_eur)).toBeGreaterThan(0);
    }
    // Job 1's invoice and credit note as the law prints them: per rate, the credit note negative.
    const first = rows.find((row) => row.kind === "invoice" && row.payment_id === one.paymentId)!;
    expect(first).toMatchObject({ net_21_eur: "50.00", vat_21_eur: "10.50", net_9_eur: "200.00", vat_9_eur: "18.00", net_0_eur: "0.00", vat_0_eur: "0.00", total_eur: "278.50", issuer_vat_id: "NL000099998B57" });
    expect(rows.find((row) => row.kind === "credit_note" && row.payment_id === one.paymentId)).toMatchObject({ credits_invoice: first.number, net_9_eur: "-71.82", vat_9_eur: "-6.46", net_21_eur: "-17.96", vat_21_eur: "-3.77", total_eur: "-100.01" });
    expect(rows.find((row) => row.kind === "invoice" && row.payment_id === three.paymentId)).toMatchObject({ net_0_eur: "278.50", vat_0_eur: "0.00", net_9_eur: "0.00", net_21_eur: "0.00", vat_eur: "0.00", total_eur: "278.50", issuer_vat_id: "" });

    // Against the ledger's own export of the month. Every payment here has its invoice, which bills what was
    // paid, and every refund of it is done and has a credit note of exactly minus the refund (no lower
    // replacement quote's refund, which no credit note follows): so the invoices' totals plus the credit
    // notes' (negative) totals equal the ledger's "paid" minus its "refunded". The ledger's "commission" is
    // the commission including 21% VAT that each release kept: the commission invoices' totals.
    const ledger = rowsOf(await csvOf(moneyExportStream(month)));
    const ledgerSum = (kind: string) => sum(ledger.filter((line) => line.kind === kind).map((line) => cents(line.amount_eur)));
    const exportSum = (...kinds: string[]) => sum(rows.filter((row) => kinds.includes(row.kind)).map((row) => cents(row.total_eur)));
    expect(ledgerSum("paid")).toBe(3 * 27_850);
    expect(ledgerSum("refunded")).toBe(15_001);
    expect(exportSum("invoice", "credit_note")).toBe(ledgerSum("paid") - ledgerSum("refunded"));
    expect(exportSum("commission")).toBe(ledgerSum("commission"));
    expect(ledgerSum("commission")).toBeGreaterThan(0);
    // The commission invoices are all at 21%; the VAT per rate over the month is the invoices' rates summed.
    for (const row of rows.filter((entry) => entry.kind === "commission")) expect(cents(row.net_21_eur) + cents(row.vat_21_eur)).toBe(cents(row.total_eur));
    for (const rate of exporter.INVOICE_EXPORT_RATES) {
      const fromInvoices = stored.flatMap((invoice) => (invoice.rates as { rate: number; vatCents: number }[]).filter((entry) => entry.rate === rate)).map((entry) => entry.vatCents);
      expect(sum(rows.map((row) => cents(row[`vat_${rate}_eur`]))), `VAT at ${rate}%`).toBe(sum(fromInvoices));
    }

    // The console's payment page lists job 1's invoice, credit note and commission invoice, and the operator
    // downloads each PDF.
    const listed = await listInvoicesOfPayment(operator, one.paymentId);
    expect(listed.map((item) => item.kind).sort()).toEqual(["commission", "credit_note", "invoice"]);
    expect(listed.find((item) => item.kind === "invoice")).toMatchObject({ number: first.number, totalCents: 27_850 });
    for (const item of listed) {
      const pdf = await invoiceRoute.GET(apiRequest("GET", `/api/invoices/${item.id}`, { cookie: operator.cookie }), routeContext({ invoiceId: item.id }));
      expect(pdf.status, item.number).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
    // The section of the payment's console page, in both languages, for the operator only.
    as(operator);
    const english = renderToStaticMarkup(await PaymentInvoices({ paymentId: one.paymentId, locale: "en" }));
    for (const item of listed) expect(english).toContain(`href="/api/invoices/${item.id}"`);
    expect(english).toContain(`Download Invoice ${first.number} (PDF)`);
    expect(english).toContain("€278.50");
    expect(english).toContain("-€100.01");
    const dutch = renderToStaticMarkup(await PaymentInvoices({ paymentId: one.paymentId, locale: "nl" }));
    expect(dutch).toContain(`Factuur ${first.number} downloaden (pdf)`);
    expect(renderToStaticMarkup(await PaymentInvoices({ paymentId: crypto.randomUUID(), locale: "en" }))).toContain("No invoice has been issued");
    as(one.owner);
    await expect(PaymentInvoices({ paymentId: one.paymentId, locale: "en" })).rejects.toThrow();
    // Nobody else sees the list; the homeowner of job 2 downloads none of job 1's.
    expect(await listInvoicesOfPayment(one.owner, one.paymentId)).toEqual([]);
    expect(await listInvoicesOfPayment(nina, one.paymentId)).toEqual([]);
    const invoiceOne = listed.find((item) => item.kind === "invoice")!;
    expect((await invoiceRoute.GET(apiRequest("GET", `/api/invoices/${invoiceOne.id}`, { cookie: two.owner.cookie }), routeContext({ invoiceId: invoiceOne.id }))).status).toBe(404);

    // Only that month's: the month before and after have the header alone.
    const [year, number] = month.split("-").map(Number);
    const before = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
    expect(await csvOf(exporter.invoiceExportStream(before))).toBe(`${exporter.INVOICE_EXPORT_COLUMNS.join(",")}\r\n`);
  });

  it("reads a month larger than a batch whole, in order, each invoice once, on Amsterdam's calendar, defusing text cells but not amounts", async () => {
    const db = await getDb();
    const range = monthRange("2026-08");
    const span = range.until.getTime() - range.from.getTime();
    const count = exporter.INVOICE_EXPORT_BATCH * 2 + 7;
    const base = {
      kind: "credit_note" as const,
      issuer: "handyman",
      issuerName: "=HYPERLINK(\"http://evil.test\")",
      issuerStreet: "Coolsingel 40",
      issuerPostcode: "3011 AD",
      issuerCity: "Rotterdam",
      issuerKvk: "12345678",
      recipientName: "-Olga, Owner",
      recipientStreet: "",
      recipientPostcode: "",
      recipientCity: "Rotterdam",
      workDescription: "paint",
      workDate: new Date("2026-08-01"),
      lines: [],
      rates: [{ rate: 21, netCents: -100, vatCents: -21 }],
      netCents: -100,
      vatCents: -21,
      totalCents: -121,
      locale: "en",
    };
    // Spread over the month, a few on the same instant; one at 00:30 Amsterdam on 1 September (22:30 UTC on
    // 31 August), which is September's; one at 23:30 UTC on 31 July, which is 1 August in Amsterdam.
    await db.invoice.createMany({
      data: Array.from({ length: count }, (_, i) => ({ ...base, id: crypto.randomUUID(), series: "2026-H1", number: i + 1, sourceKey: `bulk:${i}`, issuedAt: new Date(range.from.getTime() + Math.floor((span * Math.floor(i / 3)) / count)) })),
    });
    await db.invoice.create({ data: { ...base, id: crypto.randomUUID(), series: "2026-H1", number: count + 1, sourceKey: "bulk:september", issuedAt: new Date("2026-08-31T22:30:00Z") } });
    await db.invoice.create({ data: { ...base, id: crypto.randomUUID(), series: "2026-H1", number: count + 2, sourceKey: "bulk:first", issuedAt: new Date("2026-07-31T22:30:00Z") } });
    const csv = await csvOf(exporter.invoiceExportStream("2026-08"));
    const lines = csv.trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(count + 1);
    // Text that a spreadsheet would run is defused (and quoted where it holds a comma); amounts stay numbers.
    expect(lines[0].replace(/^2026-H1-\d{4},/, "")).toBe(`credit_note,2026-08-01,"'=HYPERLINK(""http://evil.test"")",12345678,,"'-Olga, Owner",,,,,-1.00,-0.21,0.00,0.00,0.00,0.00,-1.00,-0.21,-1.21`);
    const numbers = lines.map((line) => line.split(",")[0]);
    expect(new Set(numbers).size).toBe(lines.length);
    expect(numbers).toContain(`2026-H1-${String(count + 2).padStart(4, "0")}`);
    expect(numbers).not.toContain(`2026-H1-${String(count + 1).padStart(4, "0")}`);
    const dates = lines.map((line) => line.split(",")[2]);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((date) => date.startsWith("2026-08-"))).toBe(true);
    expect((await csvOf(exporter.invoiceExportStream("2026-09"))).trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("refuses a bad month with a 400 naming it, and is a 404 for everyone but an operator", async () => {
    for (const month of ["", "2026-13", "2026-6", "1999-12", "3000-01", "2026-06-01", "june"]) {
      const response = await invoicesRoute.GET(apiRequest("GET", `/api/ops/money/invoices?month=${encodeURIComponent(month)}`, { cookie: operator.cookie }), routeContext());
      expect(response.status, month).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('"path":"month"');
    }
    expect((await invoicesRoute.GET(apiRequest("GET", "/api/ops/money/invoices", { cookie: operator.cookie }), routeContext())).status).toBe(400);
    const homeowner = await createSignedInUser("owner@example.test");
    for (const cookie of [homeowner.cookie, nina.cookie, undefined]) {
      const response = await invoicesRoute.GET(apiRequest("GET", "/api/ops/money/invoices?month=2026-06", { cookie }), routeContext());
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).not.toContain("text/csv");
    }
  });
});
