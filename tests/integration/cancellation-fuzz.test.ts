// Property-based fuzzing of the homeowner's Cancel on a paid job: generated request ids, seen states and the
// amounts the button is said to have shown (refund_cents, fee_cents), posted as the homeowner, another
// homeowner, the handyman and signed out, against the payment provider's stand-in. The properties: never an
// error thrown; only the homeowner cancels, only with the amounts the rule gives now, and once; anything
// else changes nothing; the money refunded is never more than was paid and is refunded once. Fixed seed,
// bounded runs.
import fc from "fast-check";
import { TEST_BILLING } from "../helpers/billing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";

const { acceptOfferAction, cancelRequestAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment, getPaymentBalance } = await import("@/lib/payments");

const SEED = 20261129;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 200);

let payments: TestPayments;
let owner: TestUser;
let stranger: TestUser;
let nina: TestHandyman;
let requestId: string;
let paymentId: string;
let paid: number;

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  payments = await startTestPayments();
  owner = await createSignedInUser("fuzz-cancel-owner@example.test");
  stranger = await createSignedInUser("fuzz-cancel-stranger@example.test");
  nina = await createSignedInHandyman(18, "fuzz-cancel-nina@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  sendCookie(nina.cookie);
  expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: (await openOfferOf(requestId)).id, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
  const quote = await sendQuote({ id: nina.id, email: nina.email }, requestId, { labour: { description: "Fix", amount: "100", vatRate: "21" }, materials: [] });
  const accepted = await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
  const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/x`, webhookUrl: `${payments.origin}/api/payments/webhook` });
  await payAtCheckout(started.checkoutUrl, "paid");
  const payment = await (await getDb()).payment.findFirstOrThrow({ where: { requestId, status: "paid" } });
  paymentId = payment.id;
  paid = payment.amountCents;
}, 60_000);

afterAll(async () => {
  await payments?.close();
});

const { nastyString } = hostileValues(["0", "-1", "1e3", "12100", "99999999", "12100.5", " 12100"]);

type Who = "owner" | "stranger" | "nina" | "signed out";
const WHO: readonly Who[] = ["owner", "stranger", "nina", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { owner, stranger, nina }[who].cookie);

describe("the homeowner's Cancel on a paid job under generated input", () => {
  it("never throws; only the homeowner cancels, with the rule's own amounts, once; anything else changes nothing", async () => {
    const db = await getDb();
    let cancelled = 0;
    const cents = (real: () => string) => fc.oneof({ arbitrary: fc.constant("real"), weight: 3 }, fc.constant(undefined), nastyString, fc.integer().map(String)).map((value) => (value === "real" ? real() : value));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        fc.oneof({ arbitrary: fc.constant("request"), weight: 3 }, fc.uuid(), nastyString),
        fc.oneof(fc.constantFrom("accepted", "offered", "cancelled", ""), nastyString),
        cents(() => String(paid)),
        cents(() => "0"),
        async (who, id, state, refund, fee) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const fields: Record<string, string> = { request_id: id === "request" ? requestId : id, state, in_page: "1" };
          if (refund !== undefined) fields.refund_cents = refund;
          if (fee !== undefined) fields.fee_cents = fee;
          let answer: { message: string | null; next?: string } | null = null;
          await redirectOf(cancelRequestAction(IDLE_STEP, postedForm(fields)).then((state) => void (answer = state)));
          const got = answer as { message: string | null; next?: string } | null;
          if (got?.next?.includes("notice=cancelled")) {
            expect(who).toBe("owner");
            expect(id).toBe("request");
            cancelled += 1;
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(cancelled).toBeLessThanOrEqual(1);
    // The homeowner's own press with the rule's amounts cancels (if no generated one did), and a press after it changes nothing.
    sendCookie(owner.cookie);
    const real = postedForm({ request_id: requestId, state: "accepted", refund_cents: String(paid), fee_cents: "0", in_page: "1" });
    if (cancelled === 0) expect(await cancelRequestAction(IDLE_STEP, real)).toMatchObject({ next: expect.stringContaining("notice=cancelled") });
    const after = await tablesFingerprint();
    expect(await cancelRequestAction(IDLE_STEP, real)).toMatchObject({ message: expect.any(String) });
    expect(await tablesFingerprint()).toBe(after);
    cancelled = 1;
    const balance = await getPaymentBalance(paymentId);
    expect(balance.refunded).toBeLessThanOrEqual(paid);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(cancelled);
    if (cancelled) expect(balance).toMatchObject({ refunded: paid, held: 0 });
  });
});
