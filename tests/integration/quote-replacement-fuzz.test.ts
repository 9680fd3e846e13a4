// Property-based fuzzing of a paid quote's replacement through the quote's server actions (send, accept,
// decline) with generated fields, as the handyman holding the job, another handyman, the homeowner, another
// homeowner and signed out, against the payment stand-in. The properties: never an error thrown; a refusal
// is the form's answer and changes nothing; a replacement that goes through is the holder's and lower than
// the quote that stands; an accepted replacement is the homeowner's; and after every step the ledger adds
// up, with exactly the differences of the accepted replacements refunded. Fixed seed, bounded runs.
import fc from "fast-check";
import { TEST_BILLING } from "../helpers/billing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { createSignedInUser, type TestUser } from "../helpers/session";

const quoteActions = await import("@/lib/quotes/actions");
const { acceptOfferAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { getPaymentBalance } = await import("@/lib/payments");

const SEED = 20261129;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 200);
const PAID_CENTS = 121_000;

let payments: TestPayments;
let owner: TestUser;
let stranger: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
let paymentId: string;

beforeAll(async () => {
  payments = await startTestPayments();
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  owner = await createSignedInUser("fuzz-owner@example.test");
  stranger = await createSignedInUser("fuzz-stranger@example.test");
  nina = await createSignedInHandyman(18, "fuzz-nina@example.test");
  hidde = await createSignedInHandyman(10, "fuzz-hidde@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  sendCookie(nina.cookie);
  expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: (await openOfferOf(requestId)).id, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
  // A paid quote of €1,210.00 (€1,000 labour and 21% VAT).
  expect(await quoteActions.sendQuoteAction(IDLE_STEP, postedForm({ request_id: requestId, labour_amount: "1000", labour_vat: "21", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
  const quote = await (await getDb()).quote.findFirstOrThrow({ where: { requestId, status: "sent" } });
  sendCookie(owner.cookie);
  await payAtCheckout((await redirectOf(quoteActions.acceptQuoteAction(IDLE_STEP, postedForm({ ...TEST_BILLING, request_id: requestId, quote_id: quote.id }))))!, "paid");
  paymentId = (await (await getDb()).payment.findFirstOrThrow({ where: { quoteId: quote.id, status: "paid" } })).id;
}, 60_000);

afterAll(async () => {
  await payments.close();
});

const { nastyString } = hostileValues(["\u0000", "a".repeat(300), "-5", "0", "0,00", "1.005", "12,50", "99999", "1e3", "NaN", " 45 ", "9", "21", "6", "31", "7"]);
/** Mostly amounts around the paid one, so some replacements are lower and some are not. */
const AMOUNT = fc.oneof(nastyString, { arbitrary: fc.integer({ min: -100, max: 150_000 }).map((cents) => (cents / 100).toFixed(2)), weight: 4 });
const VAT = fc.oneof({ arbitrary: fc.constantFrom("9", "21"), weight: 4 }, nastyString);

type Who = "nina" | "hidde" | "owner" | "stranger" | "signed out";
const WHO: readonly Who[] = ["nina", "hidde", "owner", "stranger", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { nina, hidde, owner, stranger }[who].cookie);

/** Runs an action; its state, or where it redirected. */
async function answerOf(run: Promise<{ message: string | null; next?: string }>) {
  let state: { message: string | null; next?: string } | null = null;
  const to = await redirectOf(run.then((answer) => void (state = answer)));
  return { state: state as { message: string | null; next?: string } | null, to };
}

describe("a paid quote's replacement under generated fields and people", () => {
  it("never throws; only the holder's lower quote goes through, only the homeowner's answer; a refusal changes nothing; the ledger refunds exactly the differences", async () => {
    const db = await getDb();
    let sent = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("send", "accept", "decline"),
        fc.oneof({ arbitrary: fc.constantFrom<Who>("nina", "owner"), weight: 3 }, fc.constantFrom(...WHO)),
        fc.oneof(
          { arbitrary: fc.record({ labour_amount: fc.integer({ min: 1, max: 150_000 }).map((cents) => (cents / 100).toFixed(2)), labour_vat: fc.constantFrom("9", "21"), valid_days: fc.constant("7") }), weight: 3 },
          fc.record({ labour_amount: AMOUNT, labour_vat: VAT, valid_days: fc.oneof(fc.constant("7"), nastyString) }),
        ),
        fc.oneof({ arbitrary: fc.constant("replacement"), weight: 4 }, fc.constant("paid"), fc.uuid(), nastyString),
        async (what, who, fields, quoteChoice) => {
          const standing = await db.quote.findFirstOrThrow({ where: { requestId, status: "accepted" } });
          const replacement = await db.quote.findFirst({ where: { requestId, status: "sent" } });
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          if (what === "send") {
            const { state } = await answerOf(quoteActions.sendQuoteAction(IDLE_STEP, postedForm({ ...fields, request_id: requestId, in_page: "1" })));
            if (state?.next) {
              expect(who).toBe("nina");
              sent += 1;
              const quote = await db.quote.findFirstOrThrow({ where: { requestId, status: "sent" } });
              expect(quote.totalCents).toBeLessThan(standing.totalCents);
              expect(await db.quote.findUniqueOrThrow({ where: { id: standing.id } })).toMatchObject({ status: "accepted" });
            } else {
              expect(await tablesFingerprint()).toBe(before);
            }
          } else {
            const quoteId = quoteChoice === "replacement" ? (replacement?.id ?? "") : quoteChoice === "paid" ? standing.id : quoteChoice;
            const data = postedForm({ request_id: requestId, quote_id: quoteId, in_page: "1" });
            const { state, to } = await answerOf(what === "accept" ? quoteActions.acceptQuoteAction(IDLE_STEP, data) : quoteActions.declineQuoteAction(IDLE_STEP, data));
            if ((to ?? state?.next ?? "").endsWith("notice=replacement-accepted")) {
              expect(who).toBe("owner");
              expect(quoteId).toBe(replacement?.id);
              accepted += 1;
              expect(await db.quote.findUniqueOrThrow({ where: { id: standing.id } })).toMatchObject({ status: "replaced" });
              expect(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ quoteId });
            } else if (state?.next) {
              expect(who).toBe("owner");
              expect(what).toBe("decline");
              expect(await db.quote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "declined" });
            } else {
              // Nobody is ever sent to pay again: the job is paid.
              expect(to ?? "").not.toMatch(/checkout/);
              expect(await tablesFingerprint()).toBe(before);
            }
          }
          const now = await db.quote.findFirstOrThrow({ where: { requestId, status: "accepted" } });
          const balance = await getPaymentBalance(paymentId);
          expect(balance).toMatchObject({ paid: PAID_CENTS, refunded: PAID_CENTS - now.totalCents, held: now.totalCents, released: 0, commission: 0 });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(sent).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });
});
