// A finished job's money through the real @mollie/api-client against the stand-in: the homeowner confirms
// the job the handyman marked done (or it is confirmed by itself 48 hours later) and the payment is released
// to the handyman's connected organization less the commission, exactly once; a handyman without a payout
// account waits until they connect, and a forged return from the onboarding connects nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { createSignedInHandyman, mailTo, storedLife, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
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
const { commissionCents } = await import("@/lib/payments/commission");
const { confirmDone, completeJobs, AUTO_CONFIRM_AFTER_MS } = await import("@/lib/requests/completion");

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

async function expectedCommission(quoteId: string): Promise<number> {
  const quote = await (await getDb()).quote.findUniqueOrThrow({ where: { id: quoteId }, select: { createdAt: true, lines: { select: { kind: true, netCents: true } } } });
  return commissionCents(quote, { percent: 10, from: new Date(0) });
}

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
});

describe("confirming a finished job releases its payment less commission", () => {
  it("books released and commission so that paid = held + released + commission + refunded", async () => {
    await connect(nina);
    const { paymentId, quoteId } = await paidJob();
    await markDone();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    const commission = await expectedCommission(quoteId);
    expect(commission).toBe(2_000);
    const balance = await getPaymentBalance(paymentId);
    expect(balance).toMatchObject({ held: 0, commission, released: balance.paid - commission, refunded: 0 });
    expect(balance.paid).toBe(balance.held + balance.released + balance.commission + balance.refunded);
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "confirm_done", actorRole: "homeowner", fromState: "done", toState: "done" });
  });

  it("tells the handyman once that the quote was paid, and once that the money was released", async () => {
    await connect(nina);
    const subjects = async () => (await mailTo(nina.email)).map((mail) => mail.subject);
    await paidJob();
    expect((await subjects()).filter((subject) => subject.endsWith("accepted and paid"))).toEqual(["Your quote for the pipe leakage job in Rotterdam was accepted and paid"]);
    await markDone();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    await completeJobs();
    const released = (await subjects()).filter((subject) => subject.startsWith("Money released"));
    expect(released).toEqual(["Money released for the pipe leakage job in Rotterdam"]);
    expect((await subjects()).filter((subject) => subject.endsWith("accepted and paid"))).toHaveLength(1);
  });

  it("confirming twice (two tabs) releases once and answers the second with 409", async () => {
    await connect(nina);
    const { paymentId } = await paidJob();
    await markDone();
    const results = await Promise.allSettled([confirmDone(sessionOf(owner), requestId), confirmDone(sessionOf(owner), requestId)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const db = await getDb();
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "release" } })).toBe(1);
    expect(await db.ledgerEntry.count({ where: { paymentId, kind: "released" } })).toBe(1);
    expect(standIn.calls.filter((call) => call.endsWith("/routes")).length).toBeGreaterThanOrEqual(1);
  });

  it("the order page's form confirms and leads back with its notice; posted again it answers that it is already confirmed", async () => {
    await connect(nina);
    const { paymentId } = await paidJob();
    await markDone();
    as(owner);
    expect(await steps.confirmDoneAction(IDLE_STEP, form({ request_id: requestId }))).toMatchObject({ message: null, next: expect.stringContaining("notice=job-confirmed") });
    expect(await steps.confirmDoneAction(IDLE_STEP, form({ request_id: requestId }))).toMatchObject({ message: "You already confirmed this job is done." });
    expect((await getPaymentBalance(paymentId)).held).toBe(0);
  });

  it("is refused before the handyman marked the job done, and changes nothing", async () => {
    await connect(nina);
    await paidJob();
    const before = await snapshotTables();
    await expect(confirmDone(sessionOf(owner), requestId)).rejects.toMatchObject({ status: 409 });
    expect(await snapshotTables()).toBe(before);
  });

  it("another homeowner cannot confirm the job (404), nor the handyman (404), and nothing moves", async () => {
    await connect(nina);
    await paidJob();
    await markDone();
    const stranger = await createSignedInUser("stranger@example.test");
    const before = await snapshotTables();
    await expect(confirmDone(sessionOf(stranger), requestId)).rejects.toMatchObject({ status: 404 });
    await expect(confirmDone(sessionOf(nina), requestId)).rejects.toMatchObject({ status: 404 });
    expect(await snapshotTables()).toBe(before);
  });
});

describe("the sweep", () => {
  it("confirms a job 48 hours after done, not before, and releases it", async () => {
    await connect(nina);
    const { paymentId } = await paidJob();
    await markDone();
    const db = await getDb();
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
    await db.requestEvent.updateMany({ where: { requestId, action: "finish" }, data: { at: new Date(Date.now() - AUTO_CONFIRM_AFTER_MS + 60_000) } });
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
    await db.requestEvent.updateMany({ where: { requestId, action: "finish" }, data: { at: new Date(Date.now() - AUTO_CONFIRM_AFTER_MS - 1_000) } });
    expect(await completeJobs()).toEqual({ confirmed: 1, released: 1 });
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "confirm_done", actorRole: "system" });
    expect((await getPaymentBalance(paymentId)).held).toBe(0);
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
  });

  it("leaves a confirmed job of a handyman without a payout account waiting, and releases it once they connect", async () => {
    const { paymentId } = await paidJob();
    await markDone();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("waiting");
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
    expect((await getPaymentBalance(paymentId)).released).toBe(0);
    await connect(nina);
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 1 });
    const balance = await getPaymentBalance(paymentId);
    expect(balance).toMatchObject({ held: 0, commission: 2_000 });
    expect(await completeJobs()).toEqual({ confirmed: 0, released: 0 });
  });
});

describe("connecting a payout account", () => {
  it("stores the organization the provider confirms for this handyman", async () => {
    const organizationId = await connect(nina);
    expect(organizationId).toMatch(/^org_/);
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: nina.handymanId } })).payoutOrganizationId).toBe(organizationId);
  });

  it("refuses a return carrying another handyman's organization, or a state that is not ours, and stores nothing", async () => {
    const other = await createSignedInHandyman(19, "other@example.test");
    const theirs = await onboard(other);
    const ours = await onboard(nina);
    const before = await snapshotTables();
    await expect(finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: ours.state, organizationId: theirs.organizationId })).rejects.toMatchObject({ name: "PaymentRefusedError" });
    await expect(finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: theirs.state, organizationId: ours.organizationId })).rejects.toMatchObject({ name: "PaymentRefusedError" });
    await expect(finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: "x".repeat(32), organizationId: ours.organizationId })).rejects.toMatchObject({ name: "PaymentRefusedError" });
    expect(await snapshotTables()).toBe(before);
    expect((await finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, ours)).organizationId).toBe(ours.organizationId);
  });
});
