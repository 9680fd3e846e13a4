// A problem with the work and the disputes operators settle, through the real @mollie/api-client against the
// stand-in: a reported problem keeps the money held past the 48-hour confirmation; the homeowner confirming
// withdraws it and releases; an operator's release, partial refund or full refund moves the money once, as
// the ledger shows it; two operators at once make one decision; bad amounts, late or foreign reports move nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { paidJob as paidJobOf } from "../helpers/payments";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";

// Commission applies to every quote in these tests: 10% from a day long past (read when env() first parses).
process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { getPaymentBalance } = await import("@/lib/payments");
const { connectProvider } = await import("@/lib/payments/provider");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { confirmDone, completeJobs, AUTO_CONFIRM_AFTER_MS } = await import("@/lib/requests/completion");
const { reportProblem, PROBLEM_WINDOW_MS } = await import("@/lib/requests/disputes");
const { decideDispute, listDisputes, getDisputeOrThrow, countOverdueDisputes, DISPUTE_OVERDUE_MS } = await import("@/lib/ops/disputes");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

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

/** A request Nina accepted, quoted (labour €200 and materials €50, both at 21%) and the owner paid. */
async function paidJob(): Promise<{ paymentId: string; quoteId: string }> {
  // The webhook goes nowhere in this test: the reconciliation's own fetch books the payment.
  const job = await paidJobOf(owner, nina, LEAK, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" }, materials: [{ description: "Pipe", amount: "50", vatRate: "21" }] });
  ({ requestId, offerId } = job);
  expect((await import("@/lib/env")).env()).toMatchObject({ COMMISSION_PERCENT: 10, COMMISSION_FROM: "2000-01-01" });
  return { paymentId: job.paymentId, quoteId: job.quoteId };
}

async function markDone() {
  as(nina);
  expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });
}

/** Nina goes through the stand-in's onboarding and comes back with what it sends. */
async function onboard(handyman: TestHandyman): Promise<{ state: string; organizationId: string }> {
  const url = await startPayoutOnboarding({ id: handyman.handymanId, name: "Nina", email: handyman.email }, "http://localhost/pro");
  const answer = await fetch(url, { redirect: "manual" });
  const back = new URL(answer.headers.get("location")!);
  return { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! };
}

async function connect(handyman: TestHandyman): Promise<string> {
  const returned = await onboard(handyman);
  await finishPayoutOnboarding({ id: handyman.handymanId, email: handyman.email }, returned);
  return returned.organizationId;
}

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
});

const PROBLEM = "The tap still drips after the repair, and the cupboard below is wet again.";
/** Labour €200 and materials €50, both at 21%: what the owner paid. */
const PAID = 30_250;

async function disputedJob(): Promise<{ paymentId: string; quoteId: string; disputeId: string }> {
  await connect(nina);
  const job = await paidJob();
  await markDone();
  const disputeId = await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
  return { ...job, disputeId };
}

const ageFinish = async (ms: number) =>
  (await getDb()).requestEvent.updateMany({ where: { requestId, action: "finish" }, data: { at: new Date(Date.now() - ms) } });

const operatorOf = (user: TestUser) => ({ ...sessionOf(user), role: "operator" }) as never;

describe("reporting a problem with the work", () => {
  it("keeps the money held past the 48-hour confirmation, and the handyman is mailed what is wrong", async () => {
    const { paymentId } = await disputedJob();
    await ageFinish(AUTO_CONFIRM_AFTER_MS + 60_000);
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
    expect(await getPaymentBalance(paymentId)).toMatchObject({ held: PAID, released: 0, refunded: 0 });
    await expect((await getDb()).repairRequest.findUniqueOrThrow({ where: { id: requestId } })).resolves.toMatchObject({ confirmedAt: null });
    const mail = (await mailTo(nina.email)).find((m) => m.subject.startsWith("A problem reported"));
    expect(mail?.text).toContain(PROBLEM);
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "report_problem", actorRole: "homeowner", fromState: "done", toState: "done" });
  });

  it("the homeowner confirming after all withdraws the dispute and releases less commission", async () => {
    const { paymentId, disputeId } = await disputedJob();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    expect(await getPaymentBalance(paymentId)).toMatchObject({ held: 0, commission: 2_000, released: PAID - 2_000 });
    expect(await (await getDb()).dispute.findUniqueOrThrow({ where: { id: disputeId } })).toMatchObject({ state: "withdrawn", decision: null });
  });

  it("is refused after 14 days, on an unpaid job, on someone else's job (404) and the second time (409), storing nothing", async () => {
    await connect(nina);
    await paidJob();
    await markDone();
    const stranger = await createSignedInUser("stranger@example.test");
    await ageFinish(PROBLEM_WINDOW_MS + 60_000);
    let before = await snapshotTables();
    await expect(reportProblem(sessionOf(owner), requestId, { text: PROBLEM })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("14 days") });
    await expect(reportProblem(sessionOf(stranger), requestId, { text: PROBLEM })).rejects.toMatchObject({ status: 404 });
    await expect(reportProblem(sessionOf(nina), requestId, { text: PROBLEM })).rejects.toMatchObject({ status: 404 });
    expect(await snapshotTables()).toBe(before);
    await ageFinish(PROBLEM_WINDOW_MS - 60_000);
    await expect(reportProblem(sessionOf(owner), requestId, { text: "" })).rejects.toMatchObject({ status: 400 });
    await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    before = await snapshotTables();
    const twice = await Promise.allSettled([reportProblem(sessionOf(owner), requestId, { text: PROBLEM }), reportProblem(sessionOf(owner), requestId, { text: PROBLEM })]);
    expect(twice.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(twice[0]).toMatchObject({ reason: { status: 409 } });
    expect(await snapshotTables()).toBe(before);
  });

  it("is refused on a job not paid through Fixwell (409)", async () => {
    requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    offerId = (await openOfferOf(requestId)).id;
    as(nina);
    expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ next: "/pro?notice=accepted" });
    await markDone();
    const before = await snapshotTables();
    await expect(reportProblem(sessionOf(owner), requestId, { text: PROBLEM })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("not paid") });
    expect(await snapshotTables()).toBe(before);
  });
});

describe("an operator decides a dispute", () => {
  it("release: the handyman gets what is held less the commission, both sides mailed the reason", async () => {
    const { paymentId, disputeId } = await disputedJob();
    const operator = await createSignedInOperator();
    const outcome = await decideDispute(operatorOf(operator), disputeId, { decision: "release", reason: "The photos show the leak is fixed.", password: OPERATOR_PASSWORD });
    expect(outcome).toEqual({ decision: "release", refundCents: 0, releaseCents: PAID - 2_000, commissionCents: 2_000 });
    const balance = await getPaymentBalance(paymentId);
    expect(balance).toMatchObject({ held: 0, refunded: 0, commission: 2_000, released: PAID - 2_000 });
    expect(balance.paid).toBe(balance.held + balance.released + balance.commission + balance.refunded);
    for (const email of [owner.email, nina.email]) {
      const mail = (await mailTo(email)).find((m) => m.subject.startsWith("Decision on the problem"));
      expect(mail?.text).toContain("The photos show the leak is fixed.");
    }
    const audit = await (await getDb()).auditEntry.findFirstOrThrow({ where: { action: "decide_dispute" } });
    expect(audit).toMatchObject({ actorId: operator.id, targetId: requestId });
    expect(JSON.stringify(audit.after)).not.toContain("leak is fixed");
    // Settled: the sweep neither confirms nor releases anything again.
    await ageFinish(AUTO_CONFIRM_AFTER_MS + 60_000);
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
  });

  it("partial refund: the amount goes back, the rest is released less commission on its share, and the ledger adds up", async () => {
    const { paymentId, disputeId } = await disputedJob();
    const operator = await createSignedInOperator();
    const outcome = await decideDispute(operatorOf(operator), disputeId, { decision: "partial_refund", amount: "100,50", reason: "Half the work needs redoing.", password: OPERATOR_PASSWORD });
    // 10% of €200 labour is €20.00; €202.00 of €302.50 is released, so €20.00 × 202/302.5 = €13.36 commission.
    expect(outcome).toEqual({ decision: "partial_refund", refundCents: 10_050, releaseCents: 20_200 - 1_336, commissionCents: 1_336 });
    const balance = await getPaymentBalance(paymentId);
    expect(balance).toEqual({ paid: PAID, refunded: 10_050, commission: 1_336, released: 20_200 - 1_336, held: 0 });
  });

  it("full refund: everything held goes back to the homeowner, nothing is released", async () => {
    const { paymentId, disputeId } = await disputedJob();
    const operator = await createSignedInOperator();
    await decideDispute(operatorOf(operator), disputeId, { decision: "full_refund", reason: "The handyman did not do the job.", password: OPERATOR_PASSWORD });
    expect(await getPaymentBalance(paymentId)).toEqual({ paid: PAID, refunded: PAID, commission: 0, released: 0, held: 0 });
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
    expect(await (await getDb()).paymentTransfer.count({ where: { paymentId, kind: "release" } })).toBe(0);
  });

  it("two operators deciding at once: one decision, the other gets 409, the money moves once", async () => {
    const { paymentId, disputeId } = await disputedJob();
    const [ann, bob] = [await createSignedInOperator(), await createSignedInOperator()];
    const results = await Promise.allSettled([
      decideDispute(operatorOf(ann), disputeId, { decision: "full_refund", reason: "Not done.", password: OPERATOR_PASSWORD }),
      decideDispute(operatorOf(bob), disputeId, { decision: "release", reason: "Done well.", password: OPERATOR_PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const balance = await getPaymentBalance(paymentId);
    expect(balance.held).toBe(0);
    expect(balance.refunded === PAID || balance.released === PAID - 2_000).toBe(true);
    expect(await (await getDb()).auditEntry.count({ where: { action: "decide_dispute" } })).toBe(1);
  });

  it("a refund larger than held, negative, malformed or missing is a 400; a wrong password a 403; nothing moves", async () => {
    const { paymentId, disputeId } = await disputedJob();
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    const decide = (input: Record<string, unknown>) => decideDispute(operatorOf(operator), disputeId, { decision: "partial_refund", reason: "Some of it.", password: OPERATOR_PASSWORD, ...input });
    await expect(decide({ amount: "302.51" })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("at most") });
    for (const amount of ["-5", "0", "abc", "1.005", "", undefined, -3]) await expect(decide({ amount })).rejects.toMatchObject({ status: 400 });
    await expect(decide({ amount: "10", reason: "" })).rejects.toMatchObject({ status: 400 });
    await expect(decide({ amount: "10", decision: "keep" })).rejects.toMatchObject({ status: 400 });
    await expect(decide({ amount: "10", password: "wrong" })).rejects.toMatchObject({ status: 403 });
    await expect(decideDispute(operatorOf(operator), "00000000-0000-4000-8000-000000000000", { decision: "release", reason: "x y z", password: OPERATOR_PASSWORD })).rejects.toMatchObject({ status: 404 });
    expect(await snapshotTables()).toBe(before);
    expect((await getPaymentBalance(paymentId)).held).toBe(PAID);
  });
});

describe("the disputes list", () => {
  it("pages the open disputes oldest first and raises one open for more than 30 days", async () => {
    const { disputeId } = await disputedJob();
    const operator = await createSignedInOperator();
    const page = await listDisputes(operatorOf(operator), { show: "open" });
    expect(page.rows).toMatchObject([{ id: disputeId, requestId, heldCents: PAID, overdue: false }]);
    expect(await countOverdueDisputes()).toBe(0);
    expect(await countOverdueDisputes(new Date(Date.now() + DISPUTE_OVERDUE_MS + 60_000))).toBe(1);
    const detail = await getDisputeOrThrow(disputeId);
    expect(detail).toMatchObject({ text: PROBLEM, balance: { held: PAID }, commissionOnHeldCents: 2_000 });
    expect(detail.timeline.map((e) => e.action)).toContain("report_problem");
  });
});
