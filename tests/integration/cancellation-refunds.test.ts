// A paid job cancelled, through the real @mollie/api-client against the stand-in: the cancellation rule
// (lib/payments/cancellation.ts) decides, the ledger shows it. The homeowner early (all back) and late (an
// hour to the handyman less commission, the rest back), an operator on their behalf, the handyman deleting
// their account, the homeowner deleting theirs; two cancels at once refunding once; a provider down during
// the cancel (the cancel stands, the refund is finished by the sweeps); a late fee waiting for the payout
// account; and a Cancel button whose amount changed before the press.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import { getDb, resetDatabase } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { chooseCriterion, mailTo, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createUserWithPassword, type TestUser } from "../helpers/session";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { paidJob as paidJobOf, payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";

// Commission applies to every quote in these tests: 10% from a day long past (read when env() first parses).
process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment, getPaymentBalance, reconcilePayments } = await import("@/lib/payments");
const { cancelRequest } = await import("@/lib/requests/workflow");
const { settleDueCancellations, cancellationView, refundPaidAfterCancel } = await import("@/lib/requests/cancellation");
const { lateFrom } = await import("@/lib/payments/cancellation");
const { cancelRequestForHomeowner } = await import("@/lib/ops/requests");
const { deleteAccount } = await import("@/lib/account/delete");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const PASSWORD = "Quiet-harbour-lantern-42";
const NINA = 18;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;
let hourly: number;

beforeAll(async () => {
  payments = await startTestPayments();
});

afterAll(async () => {
  await payments.close();
});

beforeEach(async () => {
  payments.reset();
  await resetDatabase();
  owner = await createUserWithPassword(`owner-${Date.now()}@example.test`, PASSWORD);
  const user = await createUserWithPassword(`nina-${Date.now()}@example.test`, PASSWORD);
  const db = await getDb();
  await db.user.update({ where: { id: user.id }, data: { role: "handyman" } });
  await db.handyman.update({ where: { id: NINA }, data: { userId: user.id } });
  nina = { ...user, handymanId: NINA };
  hourly = (await db.handyman.findUniqueOrThrow({ where: { id: NINA } })).hourlyPriceCents;
});

/** A job Nina accepted and quoted (labour €200 excl. VAT at 21% = €242) and the owner paid, on `date`. */
async function paidJob(date = amsterdamDay(5)): Promise<{ requestId: string; paymentId: string; paid: number }> {
  const { requestId, paymentId, amountCents } = await paidJobOf(owner, nina, { ...LEAK, date }, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" } }, payments);
  return { requestId, paymentId, paid: amountCents };
}

async function connectNina(): Promise<string> {
  const organizationId = payments.standIn.createOrganization("Nina", nina.email);
  await (await getDb()).handyman.update({ where: { id: NINA }, data: { payoutOrganizationId: organizationId } });
  return organizationId;
}

async function stateOf(requestId: string) {
  return (await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state;
}

/** paid = held + released + commission + refunded, always. */
function addsUp(balance: Awaited<ReturnType<typeof getPaymentBalance>>) {
  expect(balance.paid).toBe(balance.held + balance.released + balance.commission + balance.refunded);
}

const commissionOnFee = (fee: number) => Math.round((Math.round((fee * 100) / 121) * 1000) / 10_000);

describe("the homeowner cancels a paid job", () => {
  it("more than 24 hours before the day: the Cancel button's post refunds everything, and the order page's view says so", async () => {
    const { requestId, paymentId, paid } = await paidJob();
    as(owner);
    const answer = await steps.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "accepted", refund_cents: String(paid), fee_cents: "0" }));
    expect(answer).toMatchObject({ next: `/dashboard/orders/${requestId}?notice=cancelled` });
    expect(await stateOf(requestId)).toBe("cancelled");
    const balance = await getPaymentBalance(paymentId);
    expect(balance).toEqual({ paid, refunded: paid, released: 0, commission: 0, held: 0 });
    expect(await cancellationView(requestId)).toMatchObject({ refundCents: paid, feeCents: 0, refund: "done", fee: "none" });
  });

  it("within 24 hours: one hour at Nina's price goes to her organization less commission, the rest is refunded, and the ledger adds up", async () => {
    const organizationId = await connectNina();
    const date = amsterdamDay(5);
    const { requestId, paymentId, paid } = await paidJob(date);
    const fee = Math.min(hourly, paid);
    expect(fee).toBeGreaterThan(0);
    const now = new Date(lateFrom(date).getTime() + 60_000);
    expect(await cancelRequest(sessionOf(owner), requestId, "accepted", now)).toBe("done");
    const balance = await getPaymentBalance(paymentId);
    addsUp(balance);
    expect(balance).toEqual({ paid, refunded: paid - fee, released: fee - commissionOnFee(fee), commission: commissionOnFee(fee), held: 0 });
    const route = (await (await getDb()).paymentTransfer.findFirstOrThrow({ where: { paymentId, kind: "release" } })).organizationId;
    expect(route).toBe(organizationId);
    // Nina is told of the fee in her mail.
    const mails = await mailTo(nina.email);
    expect(mails.some((mail) => mail.text.includes("late cancellation"))).toBe(true);
    expect(await cancellationView(requestId)).toMatchObject({ refund: "done", fee: "done", feeCents: fee });
  });

  it("a second before the 24 hours begin is still a full refund", async () => {
    const date = amsterdamDay(5);
    const { requestId, paymentId, paid } = await paidJob(date);
    await cancelRequest(sessionOf(owner), requestId, "accepted", new Date(lateFrom(date).getTime() - 1_000));
    expect((await getPaymentBalance(paymentId)).refunded).toBe(paid);
  });

  it("late, with no payout account: the fee stays held until Nina connects one, then the sweep releases it", async () => {
    const date = amsterdamDay(5);
    const { requestId, paymentId, paid } = await paidJob(date);
    const fee = Math.min(hourly, paid);
    expect(await cancelRequest(sessionOf(owner), requestId, "accepted", new Date(lateFrom(date).getTime() + 1))).toBe("waiting");
    expect(await getPaymentBalance(paymentId)).toMatchObject({ refunded: paid - fee, held: fee, released: 0 });
    expect(await settleDueCancellations()).toBe(0);
    await connectNina();
    expect(await settleDueCancellations()).toBe(1);
    expect(await getPaymentBalance(paymentId)).toMatchObject({ refunded: paid - fee, held: 0, released: fee - commissionOnFee(fee) });
    // Once released, the sweep has nothing more to do.
    expect(await settleDueCancellations()).toBe(0);
  });

  it("two cancels at once (two tabs) cancel once and refund once", async () => {
    const { requestId, paymentId, paid } = await paidJob();
    const refundsBefore = payments.standIn.calls.filter((call) => /refunds$/.test(call)).length;
    const results = await Promise.allSettled([cancelRequest(sessionOf(owner), requestId, "accepted"), cancelRequest(sessionOf(owner), requestId, "accepted")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
    expect(payments.standIn.calls.filter((call) => /refunds$/.test(call)).length - refundsBefore).toBe(1);
    expect(await getPaymentBalance(paymentId)).toMatchObject({ refunded: paid, held: 0 });
    expect(await (await getDb()).paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
  });

  it("with the provider down the cancel still goes through, the refund stays requested, and the reconciliation sweep finishes it; a late fee follows", async () => {
    await connectNina();
    const date = amsterdamDay(5);
    const { requestId, paymentId, paid } = await paidJob(date);
    const fee = Math.min(hourly, paid);
    payments.standIn.controls.down = true;
    expect(await cancelRequest(sessionOf(owner), requestId, "accepted", new Date(lateFrom(date).getTime() + 1))).toBe("requested");
    expect(await stateOf(requestId)).toBe("cancelled");
    expect(await (await getDb()).paymentTransfer.findFirstOrThrow({ where: { paymentId, kind: "refund" } })).toMatchObject({ state: "requested", amountCents: paid - fee });
    expect(await cancellationView(requestId)).toMatchObject({ refund: "requested", fee: "waiting" });
    expect((await getPaymentBalance(paymentId)).refunded).toBe(0);
    payments.standIn.controls.down = false;
    expect(await reconcilePayments()).toMatchObject({ finished: 1 });
    expect(await settleDueCancellations()).toBe(1);
    const balance = await getPaymentBalance(paymentId);
    addsUp(balance);
    expect(balance).toMatchObject({ refunded: paid - fee, held: 0, released: fee - commissionOnFee(fee) });
  });

  it("when the amount changed since the page was shown (the 24 hours began), nothing is cancelled and the page asks again", async () => {
    // A job tomorrow: every moment of today is within the 24 hours, so the full refund the post shows is stale.
    const { requestId, paymentId, paid } = await paidJob(amsterdamDay(1));
    as(owner);
    const answer = await steps.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "accepted", refund_cents: String(paid), fee_cents: "0" }));
    expect(answer).toMatchObject({ next: `/dashboard/orders/${requestId}?notice=cancel-amount-changed` });
    expect(await stateOf(requestId)).toBe("accepted");
    expect(await getPaymentBalance(paymentId)).toMatchObject({ held: paid, refunded: 0 });
    expect(await (await getDb()).requestCancellation.count()).toBe(0);
  });

  it("a posted amount that is not a number of cents is refused and cancels nothing", async () => {
    const { requestId } = await paidJob();
    as(owner);
    const answer = await steps.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "accepted", refund_cents: "-5", fee_cents: "0" }));
    expect(answer.message).toBeTruthy();
    expect(await stateOf(requestId)).toBe("accepted");
  });
});

describe("others cancel a paid job", () => {
  it("an operator cancelling on the homeowner's behalf refunds everything, even within 24 hours, and the homeowner's mail says how much", async () => {
    await connectNina();
    const { requestId, paymentId, paid } = await paidJob(amsterdamDay(1));
    const operator = await createSignedInOperator();
    await cancelRequestForHomeowner(sessionOf(operator) as never, requestId, { reason: "The homeowner asked us by phone.", state: "accepted", password: OPERATOR_PASSWORD });
    expect(await getPaymentBalance(paymentId)).toEqual({ paid, refunded: paid, released: 0, commission: 0, held: 0 });
    const mails = await mailTo(owner.email);
    expect(mails.some((mail) => mail.text.includes("back"))).toBe(true);
  });

  it("the handyman deleting their account refunds the homeowner in full", async () => {
    const { requestId, paymentId, paid } = await paidJob(amsterdamDay(1));
    expect((await deleteAccount(nina.id, PASSWORD)).kind).toBe("deleted");
    expect(await stateOf(requestId)).toBe("cancelled");
    expect(await getPaymentBalance(paymentId)).toEqual({ paid, refunded: paid, released: 0, commission: 0, held: 0 });
    expect(await (await getDb()).requestCancellation.findUniqueOrThrow({ where: { requestId } })).toMatchObject({ byRole: "system", rule: "system" });
  });

  it("the homeowner deleting their account cancels their paid job under the homeowner's rule and refunds it", async () => {
    const { requestId, paymentId, paid } = await paidJob();
    expect((await deleteAccount(owner.id, PASSWORD)).kind).toBe("deleted");
    expect(await stateOf(requestId)).toBe("cancelled");
    expect(await getPaymentBalance(paymentId)).toEqual({ paid, refunded: paid, released: 0, commission: 0, held: 0 });
  });

  it("an unpaid job cancels for free: nothing is written, nothing moves", async () => {
    const requestId = await submitRequest(owner, LEAK);
    expect(await cancelRequest(sessionOf(owner), requestId)).toBe("nothing");
    expect(await (await getDb()).requestCancellation.count()).toBe(0);
  });
});

describe("a payment completed after its job was cancelled", () => {
  /** Nina's accepted and quoted job whose checkout the owner opened (in another tab) but has not finished. */
  async function openCheckout(): Promise<{ requestId: string; checkoutUrl: string }> {
    const where = { ...LEAK, date: amsterdamDay(5) };
    const requestId = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
    const offer = await openOfferOf(requestId);
    as(nina);
    expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offer.id }))).toMatchObject({ next: "/pro?notice=accepted" });
    const quote = await sendQuote(sessionOf(nina), requestId, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" }, materials: [] });
    const accepted = await acceptQuote(sessionOf(owner), quote.id, TEST_BILLING, "en");
    const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/dashboard/orders/${requestId}`, webhookUrl: `${payments.origin}/api/payments/webhook` });
    return { requestId, checkoutUrl: started.checkoutUrl };
  }

  it("is refunded in full as soon as the provider's webhook says it is paid", async () => {
    const { requestId, checkoutUrl } = await openCheckout();
    expect(await cancelRequest(sessionOf(owner), requestId, "accepted")).toBe("nothing");
    await payAtCheckout(checkoutUrl, "paid");
    const payment = await (await getDb()).payment.findFirstOrThrow({ where: { requestId } });
    expect(payment.status).toBe("paid");
    expect(await getPaymentBalance(payment.id)).toEqual({ paid: payment.amountCents, refunded: payment.amountCents, released: 0, commission: 0, held: 0 });
    // A second webhook, and the sweep after it, refund nothing more.
    await fetch(`${payments.origin}/api/payments/webhook`, { method: "POST", body: new URLSearchParams({ id: payment.providerPaymentId! }) });
    expect(await refundPaidAfterCancel()).toBe(0);
    expect(await (await getDb()).paymentTransfer.count({ where: { paymentId: payment.id, kind: "refund" } })).toBe(1);
  });

  it("whose webhook never came is found by reconciliation and refunded by the minute sweep", async () => {
    const { requestId, checkoutUrl } = await openCheckout();
    expect(await cancelRequest(sessionOf(owner), requestId, "accepted")).toBe("nothing");
    payments.standIn.controls.webhooks = "never";
    await payAtCheckout(checkoutUrl, "paid");
    const db = await getDb();
    const before = await db.payment.findFirstOrThrow({ where: { requestId } });
    expect(before.status).toBe("open");
    await reconcilePayments({ olderThanMs: 0 });
    const payment = await db.payment.findFirstOrThrow({ where: { requestId } });
    expect(payment.status).toBe("paid");
    expect(await refundPaidAfterCancel()).toBe(1);
    expect(await getPaymentBalance(payment.id)).toEqual({ paid: payment.amountCents, refunded: payment.amountCents, released: 0, commission: 0, held: 0 });
    expect(await refundPaidAfterCancel()).toBe(0);
  });

  it("a paid job that was not cancelled is left alone", async () => {
    const { paymentId, paid } = await paidJob();
    expect(await refundPaidAfterCancel()).toBe(0);
    expect((await getPaymentBalance(paymentId)).held).toBe(paid);
  });
});

