// The handyman cancels a job they accepted (issue #34, "The handyman cancels"), through the real
// @mollie/api-client against the stand-in: a paid job's money comes back in full (the ledger shows it), the
// request goes to the next handyman in the same ranking who has not passed on it, the homeowner is mailed,
// and the cancellation counts in the handyman's reliability on their public profile. An unpaid job moves no
// money; two tabs cancel once; someone else's job is unknown (404); a finished job is 409; and the request
// paid again to the next handyman and then cancelled by its homeowner refunds that payment, not the first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { TEST_BILLING } from "../helpers/billing";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { createSignedInHandyman, mailTo, openOfferOf, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createUserWithPassword, type TestUser } from "../helpers/session";
import { acceptedJob as acceptedJobOf, payAtCheckout, payQuote, startTestPayments, type TestPayments } from "../helpers/payments";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment, getPaymentBalance } = await import("@/lib/payments");
const { withdrawJob, cancelRequest, acceptOffer, markDone } = await import("@/lib/requests/workflow");
const { lookUpProfile } = await import("@/lib/handymen/profile");
const { refundPaidAfterCancel } = await import("@/lib/requests/cancellation");

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
  nina = await createSignedInHandyman(NINA, `nina-${Date.now()}@example.test`);
});

/** A request of the owner's offered to Nina (first by price) and accepted by her. */
async function acceptedJob(date = amsterdamDay(5)): Promise<{ requestId: string; offerId: string }> {
  return acceptedJobOf(owner, nina, { ...LEAK, date });
}

/** `handyman`'s quote of €242 (labour €200 at 21%) on the request, accepted and paid by the owner. */
async function quoteAndPay(requestId: string, handyman: TestUser): Promise<string> {
  return (await payQuote(owner, handyman, requestId, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" } }, payments)).paymentId;
}

async function ninasReliability() {
  const slug = (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: NINA }, select: { slug: true } })).slug;
  const found = await lookUpProfile(slug);
  if (found.kind !== "listed") throw new Error(`Nina's profile is ${found.kind}`);
  return found.profile.reliability;
}

describe("the handyman cancels a job they accepted", () => {
  it("paid: the /pro form's post refunds everything, voids Nina's quote, offers the request to the next handyman, mails the owner, and marks Nina's reliability", async () => {
    const { requestId, offerId } = await acceptedJob();
    const paymentId = await quoteAndPay(requestId, nina);
    const paid = (await getPaymentBalance(paymentId)).paid;
    expect(paid).toBe(24_200);

    as(nina);
    expect(await steps.withdrawJobAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null, next: "/pro?notice=job-withdrawn" });

    const db = await getDb();
    expect(await getPaymentBalance(paymentId)).toEqual({ paid, refunded: paid, released: 0, commission: 0, held: 0 });
    const refund = await db.paymentTransfer.findFirstOrThrow({ where: { paymentId, kind: "refund" } });
    expect(refund).toMatchObject({ reasonKey: `withdrawn:${paymentId}`, state: "done", amountCents: paid });
    expect(await db.jobWithdrawal.findMany({ where: { requestId }, select: { handymanId: true, paymentId: true, refundCents: true } })).toEqual([{ handymanId: NINA, paymentId, refundCents: paid }]);

    const request = await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(request.state).toBe("offered");
    const next = await openOfferOf(requestId);
    expect(next.handymanId).not.toBe(NINA);
    expect((await db.offer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe("withdrawn");
    expect((await db.quote.findMany({ where: { requestId }, select: { status: true } })).map((q) => q.status)).toEqual(["replaced"]);
    // The request's own cancellation record is untouched: it is not cancelled.
    expect(await db.requestCancellation.count({ where: { requestId } })).toBe(0);
    const events = await db.requestEvent.findMany({ where: { requestId }, orderBy: [{ at: "asc" }, { id: "asc" }], select: { action: true, actorRole: true } });
    expect(events.slice(-2)).toEqual([
      { action: "withdraw_job", actorRole: "handyman" },
      { action: "pass_on", actorRole: "system" },
    ]);

    const mail = (await mailTo(owner.email)).at(-1);
    expect(mail?.subject).toMatch(/cancelled your pipe leakage job/i);
    expect(mail?.text).toContain("The €242.00 you paid is refunded to you in full");

    expect(await ninasReliability()).toEqual({ accepted: 1, cancelled: 1 });
  });

  it("the next handyman's paid job cancelled by the owner refunds that payment by the rule, and the first payment is refunded once", async () => {
    const { requestId } = await acceptedJob();
    const first = await quoteAndPay(requestId, nina);
    await withdrawJob(sessionOf(nina), (await (await getDb()).offer.findFirstOrThrow({ where: { requestId, handymanId: NINA } })).id);
    const offer = await openOfferOf(requestId);
    const next = await createSignedInHandyman(offer.handymanId);
    await acceptOffer(sessionOf(next), offer.id);
    const second = await quoteAndPay(requestId, next);
    expect(second).not.toBe(first);

    expect(await cancelRequest(sessionOf(owner), requestId, "accepted")).toBe("done");
    const db = await getDb();
    expect(await db.requestCancellation.findUniqueOrThrow({ where: { requestId } })).toMatchObject({ paymentId: second, byRole: "homeowner" });
    expect((await getPaymentBalance(second)).refunded).toBe(24_200);
    expect((await getPaymentBalance(first)).refunded).toBe(24_200);
    expect(await db.paymentTransfer.count({ where: { paymentId: first, kind: "refund" } })).toBe(1);
  });

  it("unpaid: nothing moves, the request is passed on, and the count is 1 of every job Nina accepted", async () => {
    await acceptedJob(amsterdamDay(6));
    const { requestId, offerId } = await acceptedJob(amsterdamDay(7));
    expect(await withdrawJob(sessionOf(nina), offerId)).toBe("nothing");
    const db = await getDb();
    expect(await db.paymentTransfer.count()).toBe(0);
    expect(await db.jobWithdrawal.findFirstOrThrow({ where: { requestId } })).toMatchObject({ paymentId: null, refundCents: 0 });
    expect((await openOfferOf(requestId)).handymanId).not.toBe(NINA);
    expect((await mailTo(owner.email)).at(-1)?.text).not.toContain("refunded");
    expect(await ninasReliability()).toEqual({ accepted: 2, cancelled: 1 });
  });

  it("a checkout finished after Nina cancelled pays no one: all of it is refunded as soon as the provider says it is paid", async () => {
    const { requestId, offerId } = await acceptedJob();
    const quote = await sendQuote(sessionOf(nina), requestId, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" }, materials: [] });
    const accepted = await acceptQuote(sessionOf(owner), quote.id, TEST_BILLING, "en");
    const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/dashboard/orders/${requestId}`, webhookUrl: `${payments.origin}/api/payments/webhook` });
    expect(await withdrawJob(sessionOf(nina), offerId)).toBe("nothing");
    await payAtCheckout(started.checkoutUrl, "paid");
    const db = await getDb();
    const payment = await db.payment.findFirstOrThrow({ where: { requestId } });
    expect(payment.status).toBe("paid");
    await refundPaidAfterCancel();
    expect(await getPaymentBalance(payment.id)).toMatchObject({ refunded: 24_200, held: 0 });
    expect(await refundPaidAfterCancel()).toBe(0);
  });

  it("two tabs pressing at once cancel once: one refund, one pass-on, the other tab a 409", async () => {
    const { requestId, offerId } = await acceptedJob();
    const paymentId = await quoteAndPay(requestId, nina);
    const answers = await Promise.allSettled([withdrawJob(sessionOf(nina), offerId), withdrawJob(sessionOf(nina), offerId)]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((a) => a.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "conflict" });
    const db = await getDb();
    expect(await db.jobWithdrawal.count({ where: { requestId } })).toBe(1);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
    expect(await db.offer.count({ where: { requestId, status: "open" } })).toBe(1);
    expect((await getPaymentBalance(paymentId)).held).toBe(0);
    expect(await ninasReliability()).toEqual({ accepted: 1, cancelled: 1 });
  });

  it("another handyman posting Nina's job is told it was not found, and nothing changes", async () => {
    const { requestId, offerId } = await acceptedJob();
    const other = await createSignedInHandyman(10);
    as(other);
    const answer = await steps.withdrawJobAction(IDLE_STEP, form({ offer_id: offerId }));
    expect(answer).not.toHaveProperty("next");
    expect(answer.message).toMatch(/not found/);
    await expect(withdrawJob(sessionOf(other), offerId)).rejects.toMatchObject({ code: "not_found" });
    expect((await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("accepted");
    expect(await (await getDb()).jobWithdrawal.count()).toBe(0);
  });

  it("a job marked done cannot be cancelled by its handyman: 409, and it stays done", async () => {
    const { requestId, offerId } = await acceptedJob();
    await markDone(sessionOf(nina), offerId);
    await expect(withdrawJob(sessionOf(nina), offerId)).rejects.toMatchObject({ code: "conflict" });
    as(nina);
    expect((await steps.withdrawJobAction(IDLE_STEP, form({ offer_id: offerId }))).message).toBeTruthy();
    expect((await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("done");
    expect(await ninasReliability()).toEqual({ accepted: 1, cancelled: 0 });
  });
});
