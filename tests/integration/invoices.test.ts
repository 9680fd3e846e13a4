// Invoices (issue #33, docs/payments.md "Invoices and VAT") through the real payment flow against the
// provider's stand-in: the homeowner's invoice in the handyman's name when the job is confirmed, with every
// field art. 35a Wet OB asks found in its PDF per rate; Fixwell's commission invoice at the release; credit
// notes for refunds; numbers unbroken under concurrency; invoices waiting for business details; the
// downloads (someone else's is a 404); the mail that carries the PDF; erasure keeps invoices.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import { getDb, onPostgres, resetDatabase, snapshotTables } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";
import { pdfText } from "../helpers/pdf-text";
import { paidJob as paidJobOf } from "../helpers/payments";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";

process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { refund, finishTransfer } = await import("@/lib/payments");
const { connectProvider } = await import("@/lib/payments/provider");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { confirmDone, releaseJob } = await import("@/lib/requests/completion");
const { takeInvoiceNumber } = await import("@/lib/invoices/numbering");
const { renderInvoicePdf } = await import("@/lib/invoices/pdf");
const { printableInvoice, getOrderInvoices } = await import("@/lib/invoices/queries");
const { issueWaitingInvoices } = await import("@/lib/invoices/mail");
const { saveBusinessDetailsAction, saveBillingDetailsAction } = await import("@/lib/invoices/actions");
const { deleteAccount } = await import("@/lib/account/delete");
const { invoiceAttachments } = await import("@/lib/invoices/attachment");
const { hashPassword } = await import("@/lib/auth/passwords");
const { exportAccountData } = await import("@/lib/account/export");
const invoiceRoute = await import("../../app/api/invoices/[invoiceId]/route");

// A painting job on a home older than two years: its labour at 9%, materials at 21% (lib/quotes/vat.ts).
const LEAK = { taskType: "Painting", city: "Rotterdam", homeOlderThanTwoYears: true } as const;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

const NINA_DETAILS = {
  business_name: "Nina Klus B.V.",
  business_street: "Coolsingel 40",
  business_postcode: "3011ad",
  business_city: "Rotterdam",
  kvk_number: "12345678",
  vat_id: "NL000099998B57",
};

let standIn: MollieStandIn;
let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let offerId: string;

beforeAll(async () => {
  standIn = await startMollieStandIn();
  connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs: 1_500 });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(async () => {
  await resetDatabase();
  owner = await createUserWithPassword("owner@example.test", "correct horse battery staple");
  nina = await createSignedInHandyman(23, "nina@example.test");
});

/** A request Nina accepted, quoted (labour €200 at 9%, materials €50 at 21%) and the owner paid (€278.50). */
async function paidJob(beforeDone?: () => Promise<void>): Promise<{ paymentId: string }> {
  const job = await paidJobOf(owner, nina, LEAK, { labour: { description: "Fix the leak", amount: "200", vatRate: "9" }, materials: [{ description: "Pipe", amount: "50", vatRate: "21" }] });
  ({ requestId, offerId } = job);
  expect(job.amountCents).toBe(27_850);
  await beforeDone?.();
  as(nina);
  expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });
  return { paymentId: job.paymentId };
}

async function connect(handyman: TestHandyman): Promise<void> {
  const url = await startPayoutOnboarding({ id: handyman.handymanId, name: "Nina", email: handyman.email }, "http://localhost/pro");
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  await finishPayoutOnboarding({ id: handyman.handymanId, email: handyman.email }, { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! });
}

async function giveDetails(handyman: TestUser, fields: Record<string, string> = NINA_DETAILS) {
  as(handyman);
  return saveBusinessDetailsAction(IDLE_STEP, form(fields));
}

async function giveBilling() {
  as(owner);
  expect(await saveBillingDetailsAction(IDLE_STEP, form({ request_id: requestId, billing_name: "Olga Owner", billing_street: "Witte de Withstraat 5", billing_postcode: "3012 bm" }))).toMatchObject({ message: null });
}

const invoicesOf = async (paymentId: string) => (await getDb()).invoice.findMany({ where: { paymentId }, orderBy: [{ issuedAt: "asc" }, { number: "asc" }] });

async function download(user: TestUser | null, invoiceId: string) {
  return invoiceRoute.GET(apiRequest("GET", `/api/invoices/${invoiceId}`, { cookie: user?.cookie }), routeContext({ invoiceId }));
}

describe("the homeowner's invoice and Fixwell's commission invoice", () => {
  it("are issued when the job is confirmed and released: in the handyman's name from the paid quote's lines, and Fixwell's commission at 21% in its own series", async () => {
    expect(await giveDetails(nina)).toMatchObject({ message: null });
    await connect(nina);
    const { paymentId } = await paidJob();
    await giveBilling();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    const [invoice, commission] = await invoicesOf(paymentId);
    const year = new Date().getFullYear();
    expect(invoice).toMatchObject({
      kind: "invoice",
      series: `${year}-H23`,
      number: 1,
      issuer: "handyman",
      issuerName: "Nina Klus B.V.",
      issuerPostcode: "3011 AD",
      issuerKvk: "12345678",
      issuerVatId: "NL000099998B57",
      recipientName: "Olga Owner",
      recipientStreet: "Witte de Withstraat 5",
      recipientPostcode: "3012 BM",
      recipientCity: "Rotterdam",
      netCents: 25_000,
      vatCents: 2_850,
      totalCents: 27_850,
      locale: "en",
    });
    expect(invoice.rates).toEqual([
      { rate: 9, netCents: 20_000, vatCents: 1_800 },
      { rate: 21, netCents: 5_000, vatCents: 1_050 },
    ]);
    // Commission: 10% of €200 labour = €20.00 booked, which includes 21% VAT: net round(2000/1.21) = 1653.
    expect(commission).toMatchObject({ kind: "commission", series: `${year}-FX`, number: 1, issuer: "fixwell", recipientName: "Nina Klus B.V.", recipientKvk: "12345678", netCents: 1_653, vatCents: 347, totalCents: 2_000 });
    // The confirmation's mail carries the invoice, by reference: the PDF is rendered when it is sent.
    const mail = await (await getDb()).outboxMessage.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(mail).toMatchObject({ recipient: "owner@example.test", subject: expect.stringContaining("invoice") });
    expect(mail.text).not.toContain("/api/invoices/");
    const [attachment] = await invoiceAttachments(invoice.id);
    expect(attachment).toMatchObject({ filename: `invoice-${year}-H23-0001.pdf`, contentType: "application/pdf" });
    expect(attachment.content.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("waits while the handyman's business details are missing, and is issued (with its mail) once they give them", async () => {
    await connect(nina);
    const { paymentId } = await paidJob();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    expect(await invoicesOf(paymentId)).toEqual([]);
    expect(await issueWaitingInvoices()).toEqual({ jobInvoices: 0, commissionInvoices: 0 });
    expect(await giveDetails(nina)).toMatchObject({ message: null, next: expect.stringContaining("notice=business-details-saved") });
    expect((await invoicesOf(paymentId)).map((row) => row.kind).sort()).toEqual(["commission", "invoice"]);
    expect(await (await getDb()).outboxMessage.count({ where: { invoiceId: { not: null } } })).toBe(1);
    // Made out to the name and address given when the quote was accepted, in the request's city.
    expect((await invoicesOf(paymentId)).find((row) => row.kind === "invoice")).toMatchObject({
      recipientName: TEST_BILLING.billing_name,
      recipientStreet: TEST_BILLING.billing_street,
      recipientPostcode: TEST_BILLING.billing_postcode,
      recipientCity: "Rotterdam",
    });
    expect(await issueWaitingInvoices()).toEqual({ jobInvoices: 0, commissionInvoices: 0 });
  });

  it("of a request accepted before the name and address were asked waits for them, never naming the email, and is issued (with its mail) once the homeowner gives them", async () => {
    await giveDetails(nina);
    await connect(nina);
    const db = await getDb();
    const { paymentId } = await paidJob(async () => {
      await db.repairRequest.update({ where: { id: requestId }, data: { billingName: null, billingStreet: null, billingPostcode: null } });
    });
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    expect((await invoicesOf(paymentId)).map((row) => row.kind)).toEqual(["commission"]);
    expect(await issueWaitingInvoices()).toEqual({ jobInvoices: 0, commissionInvoices: 0 });
    expect((await getOrderInvoices(sessionOf(owner), requestId))?.billing).toEqual({ name: "", street: "", postcode: "" });
    await giveBilling();
    const invoice = (await invoicesOf(paymentId)).find((row) => row.kind === "invoice");
    expect(invoice).toMatchObject({ recipientName: "Olga Owner", recipientStreet: "Witte de Withstraat 5", recipientPostcode: "3012 BM", recipientCity: "Rotterdam" });
    expect(await db.outboxMessage.count({ where: { invoiceId: invoice!.id } })).toBe(1);
    expect(await db.invoice.count({ where: { recipientName: { contains: "@" } } })).toBe(0);
  });

  it("two releases of the same payment racing make one release, one invoice and one commission invoice", async () => {
    await giveDetails(nina);
    await connect(nina);
    const { paymentId } = await paidJob();
    await (await getDb()).repairRequest.update({ where: { id: requestId }, data: { confirmedAt: new Date() } });
    const transfers = await Promise.allSettled([releaseJob(requestId), releaseJob(requestId), releaseJob(requestId)]);
    expect(transfers.filter((result) => result.status === "rejected")).toEqual([]);
    const release = await (await getDb()).paymentTransfer.findFirstOrThrow({ where: { paymentId, kind: "release" } });
    await Promise.all([finishTransfer(release.id), finishTransfer(release.id)]);
    await Promise.all([issueWaitingInvoices(), issueWaitingInvoices(), issueWaitingInvoices(23)]);
    const rows = await invoicesOf(paymentId);
    expect(rows.map((row) => `${row.kind}:${row.number}`).sort()).toEqual(["commission:1", "invoice:1"]);
    expect(await (await getDb()).invoiceCounter.findMany({ orderBy: { series: "asc" } })).toEqual([
      { series: `${new Date().getFullYear()}-FX`, lastNumber: 1 },
      { series: `${new Date().getFullYear()}-H23`, lastNumber: 1 },
    ]);
  });
});

describe("credit notes", () => {
  it("a partial refund after the invoice makes a credit note referring to it, negative per rate, summing to the refund; the invoice is unchanged", async () => {
    await giveDetails(nina);
    const { paymentId } = await paidJob();
    await giveBilling();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("waiting");
    const [invoice] = await invoicesOf(paymentId);
    const before = JSON.stringify(invoice);
    expect(await refund(paymentId, 10_001, "goodwill")).toMatchObject({ state: "done" });
    const rows = await invoicesOf(paymentId);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows[0])).toBe(before);
    const note = rows[1];
    expect(note).toMatchObject({ kind: "credit_note", series: invoice.series, number: 2, creditsInvoiceId: invoice.id, totalCents: -10_001, recipientName: "Olga Owner" });
    const rates = note.rates as { rate: number; netCents: number; vatCents: number }[];
    expect(rates.map((entry) => entry.rate)).toEqual([9, 21]);
    expect(rates.every((entry) => entry.netCents < 0 && entry.vatCents < 0)).toBe(true);
    expect(rates.reduce((sum, entry) => sum + entry.netCents + entry.vatCents, 0)).toBe(-10_001);
    // Split by each rate's share of the total incl. VAT (21800 and 6050 of 27850, the cent left over to the
    // larger remainder): 7828 at 9% and 2173 at 21%, each then net = round(part × 100 / (100 + rate)).
    expect(rates).toEqual([
      { rate: 9, netCents: -7_182, vatCents: -646 },
      { rate: 21, netCents: -1_796, vatCents: -377 },
    ]);
    // The same refund asked again credits nothing twice.
    await refund(paymentId, 10_001, "goodwill");
    expect(await invoicesOf(paymentId)).toHaveLength(2);
    const text = await pdfText(await renderInvoicePdf((await printableInvoice(await getDb(), note.id))!));
    expect(text).toContain(`Credit note ${note.series}-0002`);
    expect(text).toContain(`This credit note corrects invoice ${invoice.series}-0001`);
  });

  it("a lower quote accepted after payment is what the invoice bills: its refund of the difference makes no credit note", async () => {
    await giveDetails(nina);
    const { paymentId } = await paidJob(async () => {
      // Labour €150 at 9% and the pipe €50 at 21%: €224.00, €54.50 less than the €278.50 paid.
      const lower = await sendQuote(sessionOf(nina), requestId, { labour: { description: "Fix the leak", amount: "150", vatRate: "9" }, materials: [{ description: "Pipe", amount: "50", vatRate: "21" }] });
      expect((await acceptQuote(sessionOf(owner), lower.id, TEST_BILLING, "en")).refund).toEqual({ amountCents: 5_450, state: "done" });
    });
    await confirmDone(sessionOf(owner), requestId);
    const rows = await invoicesOf(paymentId);
    expect(rows.map((row) => [row.kind, row.totalCents])).toEqual([["invoice", 22_400]]);
    expect(rows[0]).toMatchObject({ netCents: 20_000, vatCents: 2_400 });
  });

  it("a refund before the invoice is credited right after the invoice is issued", async () => {
    await giveDetails(nina);
    const { paymentId } = await paidJob();
    await refund(paymentId, 5_000, "materials-unused");
    expect(await invoicesOf(paymentId)).toEqual([]);
    await confirmDone(sessionOf(owner), requestId);
    const rows = await invoicesOf(paymentId);
    expect(rows.map((row) => [row.kind, row.number, row.totalCents])).toEqual([
      ["invoice", 1, 27_850],
      ["credit_note", 2, -5_000],
    ]);
  });
});

describe("the invoice PDF", () => {
  it("carries every field art. 35a Wet OB asks, per rate (9% and 21%), in the homeowner's language", async () => {
    await giveDetails(nina);
    const { paymentId } = await paidJob();
    await giveBilling();
    await confirmDone(sessionOf(owner), requestId);
    const [invoice] = await invoicesOf(paymentId);
    const text = await pdfText(await renderInvoicePdf((await printableInvoice(await getDb(), invoice.id))!));
    const number = `${invoice.series}-0001`;
    for (const field of [
      `Invoice ${number}`,
      `Invoice number: ${number}`,
      "Invoice date:",
      "From Nina Klus B.V. Coolsingel 40 3011 AD Rotterdam KvK number: 12345678 VAT id: NL000099998B57",
      "To Olga Owner Witte de Withstraat 5 3012 BM Rotterdam",
      "Work: painting job in Rotterdam",
      "Issued by Fixwell on behalf of Nina Klus B.V.",
      "Date of the work:",
      "Labour: Fix the leak 9% €200.00",
      "Materials: Pipe 21% €50.00",
      "VAT per rate",
      "9% €200.00 €18.00",
      "21% €50.00 €10.50",
      "Total €278.50",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain("small-business");

    await (await getDb()).user.update({ where: { id: owner.id }, data: { locale: "nl" } });
    const dutch = { ...(await printableInvoice(await getDb(), invoice.id))!, locale: "nl" };
    const nl = await pdfText(await renderInvoicePdf(dutch));
    for (const field of [`Factuur ${number}`, "Factuurnummer", "Factuurdatum", "KvK-nummer: 12345678", "Btw-id: NL000099998B57", "Btw per tarief", "9% € 200,00 € 18,00", "Totaal € 278,50"]) {
      expect(nl).toContain(field);
    }
  });

  it("under the small-business scheme (KOR) shows no VAT, says so, and still totals what was paid", async () => {
    await giveDetails(nina, { ...NINA_DETAILS, vat_id: "", kor: "on" });
    const { paymentId } = await paidJob();
    await confirmDone(sessionOf(owner), requestId);
    const [invoice] = await invoicesOf(paymentId);
    expect(invoice).toMatchObject({ issuerKor: true, issuerVatId: null, vatCents: 0, totalCents: 27_850 });
    expect(invoice.rates).toEqual([{ rate: 0, netCents: 27_850, vatCents: 0 }]);
    expect((invoice.lines as { netCents: number }[]).reduce((sum, line) => sum + line.netCents, 0)).toBe(27_850);
    const text = await pdfText(await renderInvoicePdf({ ...(await printableInvoice(await getDb(), invoice.id))! }));
    expect(text).toContain("Exempt from VAT (small-business scheme, KOR)");
    expect(text).not.toContain("VAT id:");
    const nl = await pdfText(await renderInvoicePdf({ ...(await printableInvoice(await getDb(), invoice.id))!, locale: "nl" }));
    expect(nl).toContain("Vrijgesteld van btw (kleineondernemersregeling)");
  });
});

describe("downloads", () => {
  it("the homeowner downloads their invoice and the handyman both theirs; anyone else, or signed out, gets 404", async () => {
    await giveDetails(nina);
    await connect(nina);
    const { paymentId } = await paidJob();
    await confirmDone(sessionOf(owner), requestId);
    const [invoice, commission] = await invoicesOf(paymentId);
    const mine = await download(owner, invoice.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoice.series}-0001.pdf"`);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await mine.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await download(nina, invoice.id)).status).toBe(200);
    expect((await download(nina, commission.id)).status).toBe(200);
    // Fixwell's invoice to the handyman is not the homeowner's to read.
    expect((await download(owner, commission.id)).status).toBe(404);
    const stranger = await createSignedInUser("stranger@example.test");
    const other = await createSignedInHandyman(19, "other@example.test");
    for (const user of [stranger, other, null]) {
      expect((await download(user, invoice.id)).status).toBe(404);
      expect((await download(user, commission.id)).status).toBe(404);
    }
    expect((await download(owner, "not-a-uuid")).status).toBe(404);
  });
});

describe("invoice details", () => {
  it("a VAT id that fails its check, a KvK number that is not 8 digits and a bad postcode are refused field by field, and nothing is stored", async () => {
    const before = await snapshotTables();
    const answer = await giveDetails(nina, { ...NINA_DETAILS, vat_id: "NL123456789B01", kvk_number: "1234", business_postcode: "0123 AB" });
    expect(answer.fieldErrors).toMatchObject({
      vat_id: "Enter a valid Dutch VAT id, like NL123456789B01.",
      kvk_number: "Enter your KvK number: 8 digits.",
      business_postcode: "Enter a Dutch postcode, like 1234 AB.",
    });
    expect((await giveDetails(nina, { ...NINA_DETAILS, vat_id: "" })).fieldErrors).toMatchObject({ vat_id: "Enter your VAT id, or tick the small-business scheme." });
    expect(await snapshotTables()).toBe(before);
  });

  it("the homeowner's name and address can no longer change once the invoice is made (409), nor be set on another's request (404)", async () => {
    await giveDetails(nina);
    await paidJob();
    const stranger = await createSignedInUser("stranger@example.test");
    as(stranger);
    expect(await saveBillingDetailsAction(IDLE_STEP, form({ request_id: requestId, billing_name: "Eve", billing_street: "Straat 1", billing_postcode: "1234 AB" }))).toMatchObject({ message: "That request was not found." });
    await confirmDone(sessionOf(owner), requestId);
    const before = await snapshotTables();
    as(owner);
    expect(await saveBillingDetailsAction(IDLE_STEP, form({ request_id: requestId, billing_name: "Olga", billing_street: "Straat 1", billing_postcode: "1234 AB" }))).toMatchObject({
      message: expect.stringContaining("can no longer be changed"),
    });
    expect(await snapshotTables()).toBe(before);
  });
});

describe("keeping invoices", () => {
  it("deleting the homeowner's and then the handyman's account keeps every invoice as it was issued", async () => {
    await giveDetails(nina);
    await connect(nina);
    const { paymentId } = await paidJob();
    await giveBilling();
    await confirmDone(sessionOf(owner), requestId);
    const issued = JSON.stringify(await invoicesOf(paymentId));
    expect(await deleteAccount(owner.id, "correct horse battery staple")).toMatchObject({ kind: "deleted" });
    const db = await getDb();
    expect(JSON.stringify(await invoicesOf(paymentId))).toBe(issued);
    expect(await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ billingName: null, billingStreet: null, billingPostcode: null });
    await db.user.update({ where: { id: nina.id }, data: { passwordHash: await hashPassword("another long pass phrase") } });
    expect(await deleteAccount(nina.id, "another long pass phrase")).toMatchObject({ kind: "deleted" });
    expect(await db.handyman.findUniqueOrThrow({ where: { id: 23 } })).toMatchObject({ businessName: null, kvkNumber: null, vatId: null, removedAt: expect.any(Date) });
    expect(JSON.stringify(await invoicesOf(paymentId))).toBe(issued);
  });
});

describe("the account's export", () => {
  it("lists the homeowner's invoice and the handyman's invoices with their PDFs' addresses, and the handyman's business details", async () => {
    await giveDetails(nina);
    await connect(nina);
    const { paymentId } = await paidJob();
    await confirmDone(sessionOf(owner), requestId);
    const [invoice, commission] = await invoicesOf(paymentId);
    const collect = async (user: TestUser) => {
      const data = await exportAccountData(user);
      const rows: { id: string; kind: string; pdf: string; total: number }[] = [];
      for await (const row of data.invoices) rows.push(row);
      return { data, rows };
    };
    const owners = await collect(owner);
    expect(owners.rows).toEqual([expect.objectContaining({ id: invoice.id, kind: "invoice", pdf: `/api/invoices/${invoice.id}`, total: 278.5 })]);
    const ninas = await collect(nina);
    expect(ninas.rows.map((row) => row.id)).toEqual([invoice.id, commission.id]);
    expect(ninas.data.handyman?.profile.businessDetails).toMatchObject({ name: "Nina Klus B.V.", kvkNumber: "12345678", vatId: "NL000099998B57", smallBusinessScheme: false });
  });
});

describe("numbering", () => {
  it(`numbers stay unbroken and unique when many transactions issue at once and some roll back (${onPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const db = await getDb();
    const series = "2099-H1";
    const attempts = Array.from({ length: 40 }, (_, index) => index);
    const results = await Promise.allSettled(
      attempts.map((index) =>
        db.$transaction(async (tx) => {
          const number = await takeInvoiceNumber(tx, series);
          await tx.invoice.create({
            data: {
              id: crypto.randomUUID(),
              kind: "invoice",
              series,
              number,
              sourceKey: `race:${index}`,
              issuer: "handyman",
              issuerName: "N",
              issuerStreet: "S 1",
              issuerPostcode: "1234 AB",
              issuerCity: "C",
              issuerKvk: "12345678",
              recipientName: "R",
              recipientStreet: "S 2",
              recipientPostcode: "1234 AB",
              recipientCity: "C",
              workDescription: "W",
              workDate: new Date("2099-01-01"),
              lines: [],
              rates: [],
              netCents: 100,
              vatCents: 21,
              totalCents: 121,
              locale: "en",
            },
          });
          if (index % 3 === 0) throw new Error("rolled back");
          return number;
        }),
      ),
    );
    const committed = results.filter((result) => result.status === "fulfilled").length;
    expect(committed).toBe(26);
    const numbers = (await db.invoice.findMany({ where: { series }, select: { number: true }, orderBy: { number: "asc" } })).map((row) => row.number);
    expect(numbers).toEqual(Array.from({ length: committed }, (_, index) => index + 1));
    expect((await db.invoiceCounter.findUniqueOrThrow({ where: { series } })).lastNumber).toBe(committed);
  });
});
