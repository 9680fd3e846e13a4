// /pro's money list (lib/handymen/payments.ts getProPaymentsOrThrow), against a real database: a handyman's
// paid payments only, newest first with the id breaking ties, 20 a page, walked forwards and back without
// losing or repeating a row; the totals held and released; and, through the real @mollie/api-client against
// the stand-in, each row's amounts equal to the ledger's after a release with commission and a partial refund.
import { randomUUID } from "node:crypto";
import { TEST_BILLING } from "../helpers/billing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";

process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const { getProPaymentsOrThrow, parseProPaymentsCursor } = await import("@/lib/handymen/payments");
const { PRO_PAGE_SIZE } = await import("@/lib/handymen/offers");
const { encodeCursor } = await import("@/lib/paging/cursor");
const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment, syncPayment, getPaymentBalance, refund } = await import("@/lib/payments");
const { connectProvider } = await import("@/lib/payments/provider");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { confirmDone } = await import("@/lib/requests/completion");

const BASE = Date.parse("2026-06-02T09:00:00.000Z");
type Stored = { id: string; createdAt: Date; amountCents: number };

let owner: TestUser;
let nina: TestHandyman;
let bram: TestHandyman;

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  bram = await createSignedInHandyman(19, "bram@example.test");
});

/**
 * `count` paid payments to `handymanId`, each on a request of its own, stored directly with their "paid"
 * ledger entry: every three share one timestamp (ties the id must break). One open payment beside them,
 * which carries no money and is never listed.
 */
async function storePayments(handymanId: number, count: number): Promise<Stored[]> {
  const db = await getDb();
  const rows = Array.from({ length: count + 1 }, (_, i) => ({
    id: randomUUID(),
    requestId: randomUUID(),
    createdAt: new Date(BASE + Math.floor(i / 3) * 60_000),
    amountCents: 10_000 + i,
    status: i === count ? ("open" as const) : ("paid" as const),
  }));
  await db.repairRequest.createMany({
    data: rows.map((row) => ({ id: row.requestId, userId: owner.id, city: "Amsterdam" as const, taskType: "Painting" as const, state: "accepted" as const, date: new Date("2026-07-01"), details: "paint" })),
  });
  await db.payment.createMany({
    data: rows.map((row) => ({
      id: row.id,
      quoteId: randomUUID(),
      attempt: 1,
      requestId: row.requestId,
      handymanId,
      amountCents: row.amountCents,
      description: "paint",
      status: row.status,
      mode: "test",
      idempotencyKey: `payment:${row.id}`,
      createdAt: row.createdAt,
    })),
  });
  const paid = rows.filter((row) => row.status === "paid");
  await db.ledgerEntry.createMany({ data: paid.map((row) => ({ paymentId: row.id, kind: "paid" as const, amountCents: row.amountCents, providerId: `tr_${row.id.replaceAll("-", "")}` })) });
  return paid;
}

const inOrder = (rows: Stored[]) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);

const pageOf = (user: TestHandyman, cursor?: string) => getProPaymentsOrThrow(user, parseProPaymentsCursor(user, cursor));

describe("/pro's money list pages", () => {
  it("walks 45 payments with tied timestamps forwards and back, 20 a page, losing and repeating none", async () => {
    const stored = await storePayments(nina.handymanId, 45);
    const forwards: string[][] = [];
    let page = await pageOf(nina);
    expect(page.previous).toBeNull();
    forwards.push(page.rows.map((row) => row.id));
    while (page.next) {
      page = await pageOf(nina, page.next);
      forwards.push(page.rows.map((row) => row.id));
    }
    expect(forwards.map((rows) => rows.length)).toEqual([PRO_PAGE_SIZE, PRO_PAGE_SIZE, 5]);
    expect(forwards.flat()).toEqual(inOrder(stored));
    const backwards: string[][] = [forwards.at(-1)!];
    while (page.previous) {
      page = await pageOf(nina, page.previous);
      backwards.unshift(page.rows.map((row) => row.id));
    }
    expect(backwards).toEqual(forwards);
  });

  it("shows each handyman only their own payments, and totals only theirs in one sum", async () => {
    const ninas = await storePayments(nina.handymanId, 3);
    const brams = await storePayments(bram.handymanId, 2);
    const [forNina, forBram] = [await pageOf(nina), await pageOf(bram)];
    expect(forNina.rows.map((row) => row.id)).toEqual(inOrder(ninas));
    expect(forBram.rows.map((row) => row.id)).toEqual(inOrder(brams));
    expect(forNina.totals).toEqual({ held: ninas.reduce((sum, row) => sum + row.amountCents, 0), released: 0 });
    expect(forBram.totals).toEqual({ held: brams.reduce((sum, row) => sum + row.amountCents, 0), released: 0 });
    expect(forNina.rows[0]).toMatchObject({ state: "held", job: { taskType: "Painting", city: "Amsterdam", date: "2026-07-01" } });
    expect(JSON.stringify(forNina)).not.toContain(owner.email);
  });

  it("refuses another handyman's cursor and a forged one with a 400", async () => {
    await storePayments(nina.handymanId, 25);
    const ninasNext = (await pageOf(nina)).next!;
    expect(() => parseProPaymentsCursor(bram, ninasNext)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseProPaymentsCursor(nina, `${ninasNext}x`)).toThrow(expect.objectContaining({ status: 400 }));
    const otherList = encodeCursor({ list: "pro.jobs", owner: nina.id }, "after", [new Date(BASE).toISOString(), randomUUID()]);
    expect(() => parseProPaymentsCursor(nina, otherList)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("is a 404 for a homeowner", async () => {
    await expect(getProPaymentsOrThrow(owner)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the money list's amounts come from the ledger", () => {
  let standIn: MollieStandIn;
  const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
  const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
  const as = (user: TestUser) => {
    actionRequest.headers = new Headers({ cookie: user.cookie });
  };
  const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

  beforeAll(async () => {
    standIn = await startMollieStandIn();
    connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs: 1_500 });
  });
  afterAll(async () => {
    await standIn.close();
  });

  /** A request Nina accepted, quoted (labour €200 and materials €50, both at 21%), the owner paid, and Nina marked done. */
  async function paidJobDone(): Promise<{ requestId: string; paymentId: string }> {
    const requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    const offerId = (await openOfferOf(requestId)).id;
    as(nina);
    expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ next: "/pro?notice=accepted" });
    const quote = await sendQuote(sessionOf(nina), requestId, {
      labour: { description: "Fix the leak", amount: "200", vatRate: "21" },
      materials: [{ description: "Pipe", amount: "50", vatRate: "21" }],
    });
    const accepted = await acceptQuote(sessionOf(owner), quote.id, TEST_BILLING, "en");
    const started = await startPayment({ ...accepted, redirectUrl: "http://localhost/orders/1", webhookUrl: "http://127.0.0.1:9/none" });
    await fetch(started.checkoutUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "status=paid", redirect: "manual" });
    const payment = await (await getDb()).payment.findFirstOrThrow({ where: { requestId } });
    await syncPayment(payment.providerPaymentId!);
    as(nina);
    expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });
    return { requestId, paymentId: payment.id };
  }

  async function connectNina() {
    const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/pro");
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! });
  }

  it("says a confirmed job's payment waits for the payout account, then shows it released less commission and partly refunded", async () => {
    const { requestId, paymentId } = await paidJobDone();
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("waiting");
    let page = await pageOf(nina);
    expect(page.rows).toEqual([expect.objectContaining({ id: paymentId, state: "waiting_for_payout", balance: await getPaymentBalance(paymentId) })]);
    // The job in the catalogue's words (a trade with a hyphen, which the database spells with an underscore).
    expect(page.rows[0].job).toMatchObject({ taskType: "Pipe-leakage", city: "Rotterdam" });
    expect(page.totals).toEqual({ held: 30_250, released: 0 });

    await connectNina();
    const { releaseJob } = await import("@/lib/requests/completion");
    expect(await releaseJob(requestId)).toBe("released");
    page = await pageOf(nina);
    const released = await getPaymentBalance(paymentId);
    expect(released).toMatchObject({ paid: 30_250, held: 0, commission: 2_000, released: 28_250, refunded: 0 });
    expect(page.rows).toEqual([expect.objectContaining({ state: "released", balance: released })]);
    expect(page.totals).toEqual({ held: 0, released: 28_250 });

    expect((await refund(paymentId, 5_000, "partly-refunded")).state).toBe("done");
    page = await pageOf(nina);
    const afterRefund = await getPaymentBalance(paymentId);
    expect(afterRefund).toMatchObject({ refunded: 5_000, released: 23_250, commission: 2_000, held: 0 });
    expect(page.rows).toEqual([expect.objectContaining({ state: "released", balance: afterRefund })]);
    expect(page.totals).toEqual({ held: 0, released: 23_250 });
    expect(await pageOf(bram)).toMatchObject({ rows: [], totals: { held: 0, released: 0 } });
  });

  it("shows a payment refunded in part while held as held, with the refund, and a wholly refunded one as refunded", async () => {
    const { paymentId } = await paidJobDone();
    await refund(paymentId, 250, "materials-not-needed");
    let [row] = (await pageOf(nina)).rows;
    expect(row).toMatchObject({ state: "held", balance: { paid: 30_250, refunded: 250, held: 30_000 } });
    expect(row.balance).toEqual(await getPaymentBalance(paymentId));
    await refund(paymentId, 30_000, "cancelled");
    [row] = (await pageOf(nina)).rows;
    expect(row).toMatchObject({ state: "refunded", balance: { refunded: 30_250, held: 0 } });
    expect((await pageOf(nina)).totals).toEqual({ held: 0, released: 0 });
  });
});
