// The homeowner pays an accepted quote, through the quote's server actions, lib/payments and the real
// @mollie/api-client against the stand-in: accepting leads to the provider's checkout for the quote's stored
// total; a provider that cannot be asked leaves the quote accepted, nothing paid, and says to try again;
// paying again after a failed payment starts a new attempt; two tabs pay one payment; and nobody pays
// another homeowner's quote.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { createSignedInUser, type TestUser } from "../helpers/session";

const steps = await import("@/lib/requests/step-actions");
const quoteActions = await import("@/lib/quotes/actions");
const { listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;

/** Posted by the page's form without JavaScript (no in_page field): an answer that went through redirects. */
const form = (fields: Record<string, string>) => postedForm(fields);
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let quoteId: string;

async function paymentRows() {
  return (await getDb()).payment.findMany({ where: { quoteId }, orderBy: { attempt: "asc" } });
}

const accept = () => quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: quoteId }));
const pay = () => quoteActions.payQuoteAction(IDLE_STEP, form({ request_id: requestId, quote_id: quoteId }));

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
  as(nina);
  expect(await steps.acceptOfferAction(IDLE_STEP, postedForm({ offer_id: (await openOfferOf(requestId)).id, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
  expect(await quoteActions.sendQuoteAction(IDLE_STEP, postedForm({ request_id: requestId, labour_amount: "100", labour_vat: "21", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
  quoteId = (await listCurrentQuotes([requestId])).get(requestId)!.id;
  as(owner);
});

describe("accepting a quote pays it", () => {
  it("redirects to the provider's checkout for the quote's stored total, and a paid checkout returns to the order page as paid", async () => {
    const checkout = await redirectOf(accept());
    expect(checkout).toMatch(new RegExp(`^${payments.standIn.url}/checkout/tr_\\w+$`));
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({ status: "open", amountCents: 12100, requestId, handymanId: 18, checkoutUrl: checkout, description: "Fixwell: pipe leakage job in Rotterdam by Nina" });
    // The provider sends the payer back to the order page on the configured origin, and posts its webhook there.
    expect(await payAtCheckout(checkout!, "paid")).toBe(`${payments.origin}/dashboard/orders/${requestId}`);
    expect((await paymentRows()).map((row) => row.status)).toEqual(["paid"]);
    expect(payments.standIn.deliveredWebhooks).toEqual([{ paymentId: payment!.providerPaymentId, status: 200 }]);
    // A paid quote is not paid again.
    expect(await pay()).toMatchObject({ message: "This quote is already paid." });
  });

  it("with the provider down keeps the quote accepted, records nothing as paid, says to try again, and Pay then goes through", async () => {
    const made = payments.standIn.paymentCount();
    payments.standIn.controls.down = true;
    expect(await redirectOf(accept())).toBe(`/dashboard/orders/${requestId}?notice=payment-not-started`);
    await expect((await getDb()).quote.findUniqueOrThrow({ where: { id: quoteId } })).resolves.toMatchObject({ status: "accepted" });
    expect((await paymentRows()).map((row) => [row.status, row.providerPaymentId])).toEqual([["open", null]]);
    expect(await (await getDb()).ledgerEntry.count()).toBe(0);
    // Still down: Pay says the same.
    expect(await redirectOf(pay())).toBe(`/dashboard/orders/${requestId}?notice=payment-not-started`);
    payments.standIn.controls.down = false;
    const checkout = await redirectOf(pay());
    expect(checkout).toMatch(/\/checkout\/tr_\w+$/);
    // The retry was the same payment, made with the same idempotency key.
    expect((await paymentRows()).map((row) => [row.attempt, row.checkoutUrl])).toEqual([[1, checkout]]);
    expect(payments.standIn.paymentCount() - made).toBe(1);
  });
});

describe("paying again", () => {
  it("after a failed payment starts a new attempt, even before the failure's webhook arrived, and that one can be paid", async () => {
    payments.standIn.controls.webhooks = "never";
    const first = await redirectOf(accept());
    await payAtCheckout(first!, "failed");
    expect((await paymentRows()).map((row) => row.status)).toEqual(["open"]);
    payments.standIn.controls.webhooks = "immediate";
    const second = await redirectOf(pay());
    expect(second).toMatch(/\/checkout\/tr_\w+$/);
    expect(second).not.toBe(first);
    await payAtCheckout(second!, "paid");
    expect((await paymentRows()).map((row) => [row.attempt, row.status])).toEqual([
      [1, "failed"],
      [2, "paid"],
    ]);
  });

  it("from two tabs at once leads both to one provider payment", async () => {
    const made = payments.standIn.paymentCount();
    payments.standIn.controls.down = true;
    await redirectOf(accept());
    payments.standIn.controls.down = false;
    const [one, two] = await Promise.all([redirectOf(pay()), redirectOf(pay())]);
    expect(one).toMatch(/\/checkout\/tr_\w+$/);
    expect(two).toBe(one);
    expect(payments.standIn.paymentCount() - made).toBe(1);
    expect(await paymentRows()).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("another homeowner cannot pay the quote (not found) and nothing changes", async () => {
    await redirectOf(accept());
    const other = await createSignedInUser("other@example.test");
    const before = await snapshotTables();
    // What the provider was asked to do (a GET the client retries in the background from an earlier call is not
    // this test's): no payment may be made for another homeowner.
    const posts = () => payments.standIn.calls.filter((call) => call.startsWith("POST ")).length;
    const calls = posts();
    as(other);
    expect(await pay()).toMatchObject({ message: "That quote was not found." });
    expect(await quoteActions.payQuoteAction(IDLE_STEP, form({ request_id: requestId, quote_id: "not-a-quote" }))).toMatchObject({ message: "That quote was not found." });
    expect(await snapshotTables()).toBe(before);
    expect(posts()).toBe(calls);
  });

  it("a quote not accepted cannot be paid", async () => {
    expect(await pay()).toMatchObject({ message: "Only an accepted quote can be paid." });
    expect(await paymentRows()).toHaveLength(0);
  });
});
