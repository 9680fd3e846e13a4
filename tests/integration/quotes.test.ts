// Fixed quotes through their server actions and lib/quotes against a real database: the handyman who
// holds a job sends one (amounts computed on the server, VAT per rate, the homeowner mailed), the
// homeowner accepts or declines it, a new one replaces a declined, lapsed or open one but never an
// accepted one not paid yet (a paid one: tests/integration/quote-replacement.test.ts), and every refusal answers clearly and stores nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { startTestPayments, type TestPayments } from "../helpers/payments";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";

const steps = await import("@/lib/requests/step-actions");
const quoteActions = await import("@/lib/quotes/actions");
const { acceptQuote, declineQuote, listCurrentQuotes, sendQuote } = await import("@/lib/quotes/quotes");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { ApiError } = await import("@/lib/api/errors");
const { billingPrefill } = await import("@/lib/invoices/queries");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const DAY = 24 * 60 * 60 * 1000;

const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let offerId: string;

/** Nina's hourly price for leaks in Rotterdam, in cents (including VAT). */
async function ninasPrice(): Promise<number> {
  const offering = await (await getDb()).handymanOffering.findUniqueOrThrow({
    where: { city_taskType_handymanId: { city: "Rotterdam", taskType: "Pipe_leakage", handymanId: nina.handymanId } },
    select: { hourlyPriceCents: true },
  });
  return offering.hourlyPriceCents;
}

const SIMPLE = { labour_amount: "100", labour_vat: "21" };

async function send(fields: Record<string, string> = SIMPLE) {
  as(nina);
  return quoteActions.sendQuoteAction(IDLE_STEP, form({ request_id: requestId, ...fields }));
}

async function currentQuote(now = new Date()) {
  return (await listCurrentQuotes([requestId], now)).get(requestId)!;
}

async function statuses() {
  const rows = await (await getDb()).quote.findMany({ where: { requestId }, orderBy: { createdAt: "asc" }, select: { status: true } });
  return rows.map((row) => row.status);
}

let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments();
});
afterAll(async () => {
  await payments.close();
});

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  offerId = (await openOfferOf(requestId)).id;
  as(nina);
  expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ next: "/pro?notice=accepted" });
});

describe("sending a quote", () => {
  it("computes labour by the hour from the handyman's price, materials, VAT per rate and the total on the server, and mails the homeowner", async () => {
    const price = await ninasPrice();
    const answer = await send({
      labour_hours: "2,5",
      labour_vat: "21",
      labour_description: "Replace the leaking trap",
      material_1_description: "Siphon",
      material_1_amount: "12,40",
      material_1_vat: "21",
      material_2_description: "Sealant",
      material_2_amount: "3.05",
      material_2_vat: "21",
      valid_days: "10",
    });
    expect(answer).toMatchObject({ message: null, next: "/pro?notice=quote-sent" });
    const labourNet = Math.round((10 * price * 100) / (4 * 121));
    const quote = await currentQuote();
    expect(quote.lines.map((line) => [line.kind, line.netCents, line.vatRate, line.quarterHours])).toEqual([
      ["labour", labourNet, 21, 10],
      ["materials", 1240, 21, null],
      ["materials", 305, 21, null],
    ]);
    expect(quote.vatByRate).toEqual([{ rate: 21, netCents: labourNet + 1545, vatCents: Math.round(((labourNet + 1545) * 21) / 100) }]);
    const total = labourNet + 1545 + Math.round(((labourNet + 1545) * 21) / 100);
    expect(quote).toMatchObject({ status: "sent", totalCents: total });
    // The stored total is the same sum (the payment reads it from there).
    expect((await (await getDb()).quote.findUniqueOrThrow({ where: { id: quote.id } })).totalCents).toBe(total);
    expect(new Date(quote.validUntil).getTime() - new Date(quote.sentAt).getTime()).toBe(10 * DAY);
    const life = await storedLife(requestId);
    expect(life.state).toBe("accepted");
    expect(life.events.at(-1)).toMatchObject({ action: "send_quote", fromState: "accepted", toState: "accepted", actorRole: "handyman", handymanId: 18 });
    const [mail] = (await mailTo(owner.email)).filter((m) => /quote/.test(m.subject));
    expect(mail!.text).toContain(`€${(total / 100).toFixed(2)}`);
  });

  it("stands seven days unless told otherwise, and keeps line breaks sent as CRLF as one rule", async () => {
    await send({ ...SIMPLE, material_1_description: "Pipe\r\nand two elbows", material_1_amount: "8", material_1_vat: "21" });
    const quote = await currentQuote();
    expect(new Date(quote.validUntil).getTime() - new Date(quote.sentAt).getTime()).toBe(7 * DAY);
    expect(quote.lines[1]!.description).toBe("Pipe\nand two elbows");
  });

  const twentyRows = Object.fromEntries(
    Array.from({ length: 20 }, (_, index) => [
      [`material_${index + 1}_description`, `Part ${index + 1}`],
      [`material_${index + 1}_amount`, "1"],
      [`material_${index + 1}_vat`, "21"],
    ]).flat(),
  );

  it.each([
    ["a total of €0", { labour_amount: "0", labour_vat: "21" }, "labour_amount", /from €0\.01/],
    ["a total above €10,000 including VAT", { labour_amount: "8300", labour_vat: "21" }, null, /at most €10,000\.00 including VAT/],
    ["a negative line", { ...SIMPLE, material_1_description: "Refund", material_1_amount: "-5", material_1_vat: "21" }, "material_1_amount", /from €0\.01/],
    ["a fractional cent", { ...SIMPLE, material_2_description: "Washer", material_2_amount: "1.005", material_2_vat: "21" }, "material_2_amount", /euros and cents/],
    ["a VAT rate other than 9 or 21", { labour_amount: "100", labour_vat: "6" }, "labour_vat", /VAT rate is 21%/],
    ["a VAT rate of 9% on a leak's labour (the rule gives 21%)", { labour_amount: "100", labour_vat: "9" }, "labour_vat", /VAT rate is 21%/],
    ["a VAT rate that is not a number", { ...SIMPLE, material_1_description: "Tap", material_1_amount: "20", material_1_vat: "high" }, "material_1_vat", /VAT rate/],
    ["more than twenty lines", { ...SIMPLE, ...twentyRows }, "materials", /at most 20 lines/],
    ["hours and a fixed amount together", { labour_hours: "2", labour_amount: "80", labour_vat: "21" }, "labour_hours", /not both/],
    ["hours not in quarters", { labour_hours: "1.1", labour_vat: "21" }, "labour_hours", /quarters of an hour/],
    ["a material without a description", { ...SIMPLE, material_1_amount: "5", material_1_vat: "21" }, "material_1_description", /description and an amount/],
    ["a validity of 0 days", { ...SIMPLE, valid_days: "0" }, "valid_days", /from 1 to 30/],
    ["a validity of 31 days", { ...SIMPLE, valid_days: "31" }, "valid_days", /from 1 to 30/],
    ["a description with a control character", { ...SIMPLE, labour_description: "Fix\u0000" }, "labour_description", /control characters/],
  ])("refuses %s clearly and stores nothing", async (_what, fields, field, message) => {
    const before = await snapshotTables();
    const answer = await send(fields);
    expect(answer.next).toBeUndefined();
    if (field) expect(answer.fieldErrors[field], JSON.stringify(answer)).toMatch(message);
    else expect(answer.message).toMatch(message);
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses a handyman who does not hold the job (another handyman, or before accepting), as not found", async () => {
    const otherId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, otherId, "price", LEAK)).status).toBe(200);
    const hidde = await createSignedInHandyman(10, "hidde@example.test");
    const before = await snapshotTables();
    as(hidde);
    expect(await quoteActions.sendQuoteAction(IDLE_STEP, form({ request_id: requestId, ...SIMPLE }))).toMatchObject({ message: "That request was not found." });
    // The second request is offered to Nina but not accepted by her.
    as(nina);
    expect(await quoteActions.sendQuoteAction(IDLE_STEP, form({ request_id: otherId, ...SIMPLE }))).toMatchObject({ message: "That request was not found." });
    as(owner);
    expect(await quoteActions.sendQuoteAction(IDLE_STEP, form({ request_id: requestId, ...SIMPLE }))).toMatchObject({ message: "That page was not found." });
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses a quote on a cancelled request", async () => {
    as(owner);
    expect(await steps.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "accepted" }))).toMatchObject({ next: expect.stringContaining("notice=cancelled") });
    const before = await snapshotTables();
    expect(await send()).toMatchObject({ message: expect.stringMatching(/cannot be done now/) });
    expect(await snapshotTables()).toBe(before);
  });

  it("a new quote replaces the open one; the database keeps at most one sent quote per request", async () => {
    await send();
    await send({ labour_amount: "90", labour_vat: "21" });
    expect(await statuses()).toEqual(["replaced", "sent"]);
    expect((await currentQuote()).totalCents).toBe(9000 + 1890);
    const db = await getDb();
    const sent = await db.quote.findFirstOrThrow({ where: { requestId, status: "sent" } });
    await expect(
      db.quote.create({ data: { requestId, handymanId: 18, netCents: 100, vatCents: 21, totalCents: 121, validUntil: sent.validUntil } }),
    ).rejects.toThrow();
  });
});

describe("answering a quote", () => {
  it("accepting keeps the request accepted, records the step and pays the stored total at the checkout", async () => {
    await send({ labour_amount: "100", labour_vat: "21", material_1_description: "Tap", material_1_amount: "50", material_1_vat: "21" });
    const quote = await currentQuote();
    as(owner);
    // Accepting leads to the payment's checkout, for the quote's stored total.
    expect(await redirectOf(quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: quote.id })))).toMatch(/\/checkout\/tr_\w+$/);
    expect(await (await getDb()).payment.findFirstOrThrow({ where: { quoteId: quote.id } })).toMatchObject({ amountCents: 10000 + 2100 + 5000 + 1050 });
    expect(await statuses()).toEqual(["accepted"]);
    const life = await storedLife(requestId);
    expect(life.state).toBe("accepted");
    expect(life.events.at(-1)).toMatchObject({ action: "accept_quote", actorRole: "homeowner", actorUserId: owner.id, handymanId: 18 });
    expect(quote.totalCents).toBe(10000 + 2100 + 5000 + 1050);
    // Accepting twice is refused, and the payment's amount never comes from the form.
    const again = await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: quote.id, amount: "1" }));
    expect(again).toMatchObject({ message: "This quote is already accepted." });
  });

  it("accepting asks the name and address the invoice is made out to: missing or invalid, each is refused beside its field and nothing is accepted", async () => {
    await send();
    const quote = await currentQuote();
    as(owner);
    const before = await snapshotTables();
    const missing = await quoteActions.acceptQuoteAction(IDLE_STEP, form({ request_id: requestId, quote_id: quote.id }));
    expect(Object.keys(missing.fieldErrors).sort()).toEqual(["billing_name", "billing_postcode", "billing_street"]);
    const bad = await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, billing_postcode: "0123 AB", request_id: requestId, quote_id: quote.id }));
    expect(bad.fieldErrors).toEqual({ billing_postcode: "Enter a Dutch postcode, like 1234 AB." });
    await expect(acceptQuote(sessionOf(owner), quote.id, { billing_name: "J", billing_street: "Straat 1", billing_postcode: "1234 AB" }, "en")).rejects.toMatchObject({ status: 400 });
    expect(await snapshotTables()).toBe(before);
    expect(await statuses()).toEqual(["sent"]);
  });

  it("accepting stores the name and address on the request with the acceptance (postcode as 1234 AB), and the next request's Accept form is filled in with them", async () => {
    await send();
    const quote = await currentQuote();
    const db = await getDb();
    expect(await billingPrefill(sessionOf(owner), requestId)).toEqual({ name: "", street: "", postcode: "" });
    await acceptQuote(sessionOf(owner), quote.id, { billing_name: " Joke de Vries ", billing_street: "Oudegracht 12", billing_postcode: "3511ar" }, "en");
    expect(await db.repairRequest.findUniqueOrThrow({ where: { id: requestId }, select: { billingName: true, billingStreet: true, billingPostcode: true } })).toEqual({
      billingName: "Joke de Vries",
      billingStreet: "Oudegracht 12",
      billingPostcode: "3511 AR",
    });
    const prefilled = { name: "Joke de Vries", street: "Oudegracht 12", postcode: "3511 AR" };
    expect(await billingPrefill(sessionOf(owner), requestId)).toEqual(prefilled);
    const next = await submitRequest(owner, LEAK);
    expect(await billingPrefill(sessionOf(owner), next)).toEqual(prefilled);
    // Never another homeowner's.
    const stranger = await createSignedInUser("stranger@example.test");
    expect(await billingPrefill(sessionOf(stranger), requestId)).toEqual({ name: "", street: "", postcode: "" });
  });

  it("of two tabs accepting at once exactly one wins; the other is told the quote is already accepted", async () => {
    await send();
    const quote = await currentQuote();
    const user = sessionOf(owner);
    const results = await Promise.allSettled([acceptQuote(user, quote.id, TEST_BILLING, "en"), acceptQuote(user, quote.id, TEST_BILLING, "en")]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<{ amountCents: number; description: string }>).value).toMatchObject({
      amountCents: 12100,
      description: "Fixwell: pipe leakage job in Rotterdam by Nina",
    });
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(ApiError);
    expect(lost[0]!.reason).toMatchObject({ code: "conflict", message: "This quote is already accepted." });
    expect((await storedLife(requestId)).events.filter((event) => event.action === "accept_quote")).toHaveLength(1);
  });

  it("a lapsed quote reads as lapsed without any sweep, cannot be accepted, and is replaced by a new one", async () => {
    await send({ ...SIMPLE, valid_days: "1" });
    const quote = await currentQuote();
    const later = new Date(Date.now() + 2 * DAY);
    expect((await currentQuote(later)).status).toBe("lapsed");
    const before = await snapshotTables();
    await expect(acceptQuote(sessionOf(owner), quote.id, TEST_BILLING, "en", later)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/lapsed/) });
    await expect(declineQuote(sessionOf(owner), quote.id, later)).rejects.toMatchObject({ code: "conflict" });
    expect(await snapshotTables()).toBe(before);
    await sendQuote(sessionOf(nina), requestId, { labour: { amount: "80", vatRate: 21 } }, later);
    expect(await statuses()).toEqual(["replaced", "sent"]);
  });

  it("a declined quote cannot be accepted; a new one replaces it, and the replaced one cannot be accepted either", async () => {
    await send();
    const first = await currentQuote();
    as(owner);
    expect(await quoteActions.declineQuoteAction(IDLE_STEP, form({ request_id: requestId, quote_id: first.id }))).toMatchObject({ next: `/dashboard/orders/${requestId}?notice=quote-declined` });
    expect(await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: first.id }))).toMatchObject({ message: expect.stringMatching(/was declined/) });
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "decline_quote" });
    await send({ labour_amount: "70", labour_vat: "21" });
    expect(await statuses()).toEqual(["replaced", "sent"]);
    as(owner);
    expect(await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: first.id }))).toMatchObject({ message: expect.stringMatching(/replaced by a newer one/) });
  });

  it("an accepted quote not paid yet is never replaced", async () => {
    await send();
    await acceptQuote(sessionOf(owner), (await currentQuote()).id, TEST_BILLING, "en");
    const before = await snapshotTables();
    expect(await send({ labour_amount: "50", labour_vat: "21" })).toMatchObject({ message: "The homeowner accepted your quote; until it is paid, it cannot be replaced." });
    expect(await snapshotTables()).toBe(before);
  });

  it("another homeowner's quote, or a forged id, is not found and nothing changes", async () => {
    await send();
    const quote = await currentQuote();
    const stranger = await createSignedInUser("stranger@example.test");
    const before = await snapshotTables();
    as(stranger);
    for (const id of [quote.id, "not-an-id"]) {
      expect(await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: id }))).toMatchObject({ message: "That quote was not found." });
      expect(await quoteActions.declineQuoteAction(IDLE_STEP, form({ request_id: requestId, quote_id: id }))).toMatchObject({ message: "That quote was not found." });
    }
    expect(await snapshotTables()).toBe(before);
  });
});
