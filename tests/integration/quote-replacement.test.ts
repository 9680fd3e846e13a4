// A paid quote replaced by a lower one, through the quote's server actions, lib/quotes and lib/payments with
// the real @mollie/api-client against the stand-in: the handyman may send a lower quote while the paid job is
// not done (never an equal or higher one); the homeowner is mailed what accepting refunds; accepting hands the
// payment to the new quote and refunds the difference once (two tabs, a retry), the provider down leaves the
// refund to the sweep; declining keeps the paid quote; the release's commission comes from the new quote's
// labour; and at every step the ledger adds up.
process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { createSignedInUser, type TestUser } from "../helpers/session";

const steps = await import("@/lib/requests/step-actions");
const quoteActions = await import("@/lib/quotes/actions");
const { acceptQuote, listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { getPaymentBalance, paymentOfQuote, reconcilePayments } = await import("@/lib/payments");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const DAY = 24 * 60 * 60 * 1000;

const inPage = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let offerId: string;
/** The paid quote: €100 labour + 21% VAT = €121.00. */
let paidQuoteId: string;
let paymentId: string;

async function send(fields: Record<string, string>) {
  as(nina);
  return quoteActions.sendQuoteAction(IDLE_STEP, inPage({ request_id: requestId, ...fields }));
}

async function current() {
  return (await listCurrentQuotes([requestId])).get(requestId)!;
}

/** The homeowner's Accept button on the order page, posted without JavaScript. */
const accept = (quoteId: string) => quoteActions.acceptQuoteAction(IDLE_STEP, postedForm({ ...TEST_BILLING, request_id: requestId, quote_id: quoteId }));

async function quoteStatuses() {
  const rows = await (await getDb()).quote.findMany({ where: { requestId }, orderBy: { createdAt: "asc" }, select: { status: true, totalCents: true } });
  return rows.map((row) => [row.status, row.totalCents]);
}

async function expectLedgerAddsUp() {
  const balance = await getPaymentBalance(paymentId);
  expect(balance.paid).toBe(balance.held + balance.released + balance.commission + balance.refunded);
  expect(balance.held).toBeGreaterThanOrEqual(0);
  return balance;
}

/** The handyman's lower quote (labour €80 + 21% = €96.80), as the current paid quote's replacement. */
async function sendLower(amount = "80") {
  expect(await send({ labour_amount: amount, labour_vat: "21" })).toMatchObject({ next: "/pro?notice=quote-sent" });
  return (await current()).replacement!;
}

beforeAll(async () => {
  payments = await startTestPayments();
});

afterAll(async () => {
  await payments.close();
});

beforeEach(async () => {
  payments.reset();
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  offerId = (await openOfferOf(requestId)).id;
  as(nina);
  expect(await steps.acceptOfferAction(IDLE_STEP, inPage({ offer_id: offerId }))).toMatchObject({ next: "/pro?notice=accepted" });
  expect(await send({ labour_amount: "100", labour_vat: "21" })).toMatchObject({ next: "/pro?notice=quote-sent" });
  paidQuoteId = (await current()).id;
  as(owner);
  await payAtCheckout((await redirectOf(accept(paidQuoteId)))!, "paid");
  const payment = await (await getDb()).payment.findFirstOrThrow({ where: { quoteId: paidQuoteId } });
  expect(payment).toMatchObject({ status: "paid", amountCents: 12_100 });
  paymentId = payment.id;
});

describe("a lower quote after payment", () => {
  it("waits beside the paid quote, mails the homeowner what accepting refunds, and accepting it refunds the difference and moves the payment to it", async () => {
    const lower = await sendLower();
    expect(lower).toMatchObject({ status: "sent", totalCents: 9_680 });
    // The paid quote stands, paid, until the homeowner answers.
    expect(await current()).toMatchObject({ id: paidQuoteId, status: "accepted", paid: true });
    const [mail] = (await mailTo(owner.email)).filter((m) => /sent you a quote/.test(m.subject)).slice(-1);
    expect(mail!.text).toContain("€96.80");
    expect(mail!.text).toContain("It replaces the quote you paid, €121.00. If you accept it, the difference of €24.20 is refunded to you.");

    as(owner);
    expect(await redirectOf(accept(lower.id))).toBe(`/dashboard/orders/${requestId}?notice=replacement-accepted`);
    expect(await quoteStatuses()).toEqual([
      ["replaced", 12_100],
      ["accepted", 9_680],
    ]);
    const payment = await (await getDb()).payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(payment).toMatchObject({ quoteId: lower.id, status: "paid", amountCents: 12_100 });
    const transfers = await (await getDb()).paymentTransfer.findMany({ where: { paymentId } });
    expect(transfers).toEqual([expect.objectContaining({ kind: "refund", reasonKey: `replaced:${lower.id}`, amountCents: 2_420, state: "done" })]);
    expect(await expectLedgerAddsUp()).toMatchObject({ paid: 12_100, refunded: 2_420, held: 9_680 });
    // The stand-in refunded it, once.
    expect(payments.standIn.calls.filter((call) => /^POST \/v2\/payments\/tr_\w+\/refunds$/.test(call))).toHaveLength(1);
    expect(await current()).toMatchObject({ id: lower.id, status: "accepted", paid: true, replacement: null });
    expect(await paymentOfQuote(lower.id)).toMatchObject({ status: "paid", refundedCents: 2_420, refundRequestedCents: 0 });
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "accept_replacement_quote", actorRole: "homeowner", actorUserId: owner.id, fromState: "accepted", toState: "accepted" });
    // Nothing is paid twice: the new quote is already paid.
    expect(await quoteActions.payQuoteAction(IDLE_STEP, postedForm({ request_id: requestId, quote_id: lower.id }))).toMatchObject({ message: "This quote is already paid." });
  });

  it("releases the rest with commission computed from the new quote's labour, and the ledger adds up", async () => {
    // The new quote: €60 labour and €20 materials, both at 21%: €96.80; commission 10% of €60.
    expect(await send({ labour_amount: "60", labour_vat: "21", material_1_description: "Pipe", material_1_amount: "20", material_1_vat: "21" })).toMatchObject({ next: "/pro?notice=quote-sent" });
    const lower = (await current()).replacement!;
    as(owner);
    await redirectOf(accept(lower.id));
    as(nina);
    expect(await steps.markDoneAction(IDLE_STEP, inPage({ offer_id: offerId }))).toMatchObject({ message: null });
    const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/pro");
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! });
    as(owner);
    expect(await steps.confirmDoneAction(IDLE_STEP, inPage({ request_id: requestId }))).toMatchObject({ message: null });
    expect(await expectLedgerAddsUp()).toEqual({ paid: 12_100, refunded: 2_420, commission: 600, released: 9_080, held: 0 });
  });

  it("declined, leaves the paid quote standing, and the handyman may send another lower one", async () => {
    const lower = await sendLower();
    as(owner);
    expect(await quoteActions.declineQuoteAction(IDLE_STEP, inPage({ request_id: requestId, quote_id: lower.id }))).toMatchObject({ message: null });
    expect(await current()).toMatchObject({ id: paidQuoteId, status: "accepted", paid: true, replacement: { id: lower.id, status: "declined" } });
    expect(await (await getDb()).paymentTransfer.count()).toBe(0);
    expect(await (await getDb()).payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ quoteId: paidQuoteId });
    const again = await sendLower("90");
    expect(again).toMatchObject({ status: "sent", totalCents: 10_890 });
    expect(await quoteStatuses()).toEqual([
      ["accepted", 12_100],
      ["replaced", 9_680],
      ["sent", 10_890],
    ]);
  });

  it("accepted from two tabs at once, refunds once", async () => {
    const lower = await sendLower();
    as(owner);
    const outcomes = await Promise.all(
      [1, 2].map(async () => {
        try {
          return { message: (await accept(lower.id))?.message };
        } catch (error) {
          return { to: (error as { redirectedTo?: string }).redirectedTo };
        }
      }),
    );
    expect(outcomes).toEqual(expect.arrayContaining([{ to: `/dashboard/orders/${requestId}?notice=replacement-accepted` }, { message: "This quote is already accepted." }]));
    expect(await (await getDb()).paymentTransfer.findMany({ where: { paymentId }, select: { amountCents: true } })).toEqual([{ amountCents: 2_420 }]);
    expect(await expectLedgerAddsUp()).toMatchObject({ refunded: 2_420, held: 9_680 });
  });

  it("with the provider down, is accepted all the same, the refund stays requested and the sweep finishes it once", async () => {
    const lower = await sendLower();
    payments.standIn.controls.down = true;
    as(owner);
    expect(await redirectOf(accept(lower.id))).toBe(`/dashboard/orders/${requestId}?notice=replacement-accepted`);
    expect(await quoteStatuses()).toEqual([
      ["replaced", 12_100],
      ["accepted", 9_680],
    ]);
    expect(await paymentOfQuote(lower.id)).toMatchObject({ refundedCents: 0, refundRequestedCents: 2_420 });
    expect(await expectLedgerAddsUp()).toMatchObject({ refunded: 0, held: 12_100 });
    expect((await reconcilePayments()).finished).toBe(0);
    payments.standIn.controls.down = false;
    expect((await reconcilePayments()).finished).toBe(1);
    expect((await reconcilePayments()).finished).toBe(0);
    expect(await paymentOfQuote(lower.id)).toMatchObject({ refundedCents: 2_420, refundRequestedCents: 0 });
    expect(await expectLedgerAddsUp()).toMatchObject({ refunded: 2_420, held: 9_680 });
  });
});

describe("refusals", () => {
  it("a replacement equal to or higher than what was paid is refused with a clear message, and nothing is stored", async () => {
    const before = await snapshotTables();
    const message = "After payment a new quote can only be lower than the €121.00 that was paid: the difference is then refunded. A higher price cannot be asked through Fixwell once the job is paid.";
    expect(await send({ labour_amount: "100", labour_vat: "21" })).toMatchObject({ message });
    expect(await send({ labour_amount: "150", labour_vat: "21" })).toMatchObject({ message });
    expect(await snapshotTables()).toBe(before);
  });

  it("a quote accepted but not paid yet cannot be replaced, not even by a lower one", async () => {
    await (await getDb()).payment.update({ where: { id: paymentId }, data: { status: "failed" } });
    const before = await snapshotTables();
    expect(await send({ labour_amount: "50", labour_vat: "21" })).toMatchObject({ message: "The homeowner accepted your quote; until it is paid, it cannot be replaced." });
    expect(await snapshotTables()).toBe(before);
  });

  it("no replacement once the job is done", async () => {
    as(nina);
    expect(await steps.markDoneAction(IDLE_STEP, inPage({ offer_id: offerId }))).toMatchObject({ message: null });
    const before = await snapshotTables();
    expect(await send({ labour_amount: "50", labour_vat: "21" })).toMatchObject({ message: expect.stringMatching(/done/i) });
    expect(await snapshotTables()).toBe(before);
  });

  it("a lower quote sent before the job was done cannot be accepted once it is done", async () => {
    const lower = await sendLower();
    as(nina);
    expect(await steps.markDoneAction(IDLE_STEP, inPage({ offer_id: offerId }))).toMatchObject({ message: null });
    const before = await snapshotTables();
    as(owner);
    expect((await accept(lower.id))?.message).toMatch(/done/i);
    expect(await snapshotTables()).toBe(before);
  });

  it("another homeowner's replacement is not found, and nothing changes", async () => {
    const lower = await sendLower();
    const stranger = await createSignedInUser("stranger@example.test");
    const before = await snapshotTables();
    const calls = payments.standIn.calls.length;
    as(stranger);
    expect(await accept(lower.id)).toMatchObject({ message: "That quote was not found." });
    expect(await quoteActions.declineQuoteAction(IDLE_STEP, inPage({ request_id: requestId, quote_id: lower.id }))).toMatchObject({ message: "That quote was not found." });
    expect(await snapshotTables()).toBe(before);
    expect(payments.standIn.calls.length).toBe(calls);
  });

  it("a lapsed replacement cannot be accepted, and the paid quote stands", async () => {
    const lower = await sendLower();
    const before = await snapshotTables();
    await expect(acceptQuote(sessionOf(owner), lower.id, TEST_BILLING, "en", new Date(Date.now() + 8 * DAY))).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/lapsed/) });
    expect(await snapshotTables()).toBe(before);
    expect(await current()).toMatchObject({ id: paidQuoteId, status: "accepted" });
  });
});
