// Property-based fuzzing of a problem with the work and its decision, against the payment stand-in: the
// homeowner's "Report the problem" (lib/requests/step-actions.ts) and the console's decision
// (lib/ops/disputes-actions.ts) under generated ids, texts, decisions, amounts, reasons and passwords, posted
// as the homeowner, another homeowner, the handyman, an operator and signed out. The properties: never an
// error thrown but the console's 404 to non-operators; only the homeowner reports, once; only an operator with
// their password and a valid form decides, once; anything refused changes nothing; the money refunded and
// released never exceeds what was paid. Fixed seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { paidJob, startTestPayments, type TestPayments } from "../helpers/payments";
import { elementTreeText } from "../helpers/element-tree";

vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getTranslations: async (arg: { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const [namespace, ...within] = arg.namespace.split(".");
    const t = getTranslator(arg.locale as "en", namespace as never);
    return (key: string, values?: Record<string, string | number>) => t([...within, key].join(".") as never, values as never);
  },
}));

const { markDoneAction, reportProblemAction } = await import("@/lib/requests/step-actions");
const { decideDisputeAction } = await import("@/lib/ops/disputes-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { default: DisputesPage } = await import("@/app/[locale]/ops/disputes/page");
const { default: DisputePage } = await import("@/app/[locale]/ops/disputes/[disputeId]/page");
const { getPaymentBalance } = await import("@/lib/payments");

const SEED = 20261130;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 40), 200);
const PROBLEM = "The new tap still leaks under the sink.";

let payments: TestPayments;
let owner: TestUser;
let stranger: TestUser;
let operator: TestUser;
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
  owner = await createSignedInUser("fuzz-dispute-owner@example.test");
  stranger = await createSignedInUser("fuzz-dispute-stranger@example.test");
  operator = await createSignedInOperator();
  nina = await createSignedInHandyman(18, "fuzz-dispute-nina@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  const job = await paidJob(owner, nina, where, { labour: { description: "Fix", amount: "100", vatRate: "21" } }, payments);
  ({ requestId, paymentId, amountCents: paid } = job);
  const offerId = job.offerId;
  sendCookie(nina.cookie);
  expect(await markDoneAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ message: null });
}, 60_000);

afterAll(async () => {
  await payments?.close();
});

const { nastyString } = hostileValues(["0", "-1", "-0.01", "1e3", "121", "121.01", "99999999", "12,5", " 60.50"]);

type Who = "owner" | "stranger" | "nina" | "operator" | "signed out";
const WHO: readonly Who[] = ["owner", "stranger", "nina", "operator", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { owner, stranger, nina, operator }[who].cookie);

/** The action's answer: its state, where it redirected, or "404" for the console's not-found. */
async function post(run: () => Promise<{ message: string | null; next?: string }>): Promise<{ message: string | null; next?: string } | "404" | string> {
  try {
    let answer: { message: string | null; next?: string } | null = null;
    const to = await redirectOf(run().then((state) => void (answer = state)));
    return to ?? answer!;
  } catch (error) {
    if ((error as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") return "404";
    throw error;
  }
}

describe("a problem with the work and its decision under generated input", () => {
  it("only the homeowner reports a problem, once; anything else changes nothing", async () => {
    let reported = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        fc.oneof({ arbitrary: fc.constant("request"), weight: 3 }, fc.uuid(), nastyString),
        fc.oneof({ arbitrary: fc.constant(PROBLEM), weight: 2 }, nastyString, fc.string({ maxLength: 3000 })),
        async (who, id, text) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const answer = await post(() => reportProblemAction(IDLE_STEP, postedForm({ request_id: id === "request" ? requestId : id, text, in_page: "1" })));
          if (typeof answer === "object" && answer.next?.includes("notice=problem-reported")) {
            expect(who).toBe("owner");
            expect(id).toBe("request");
            reported += 1;
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(reported).toBeLessThanOrEqual(1);
    sendCookie(owner.cookie);
    if (reported === 0) expect(await reportProblemAction(IDLE_STEP, postedForm({ request_id: requestId, text: PROBLEM, in_page: "1" }))).toMatchObject({ next: expect.stringContaining("notice=problem-reported") });
    expect(await (await getDb()).dispute.count()).toBe(1);
    expect((await getPaymentBalance(paymentId)).held).toBe(paid);
  });

  it("only an operator with their password and a valid form decides, once; the money never moves beyond what was paid", async () => {
    const db = await getDb();
    const disputeId = (await db.dispute.findFirstOrThrow({ where: { requestId } })).id;
    let decided = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        fc.oneof({ arbitrary: fc.constant("dispute"), weight: 3 }, fc.uuid(), nastyString),
        fc.oneof(fc.constantFrom("release", "partial_refund", "full_refund", ""), nastyString),
        fc.oneof(fc.constantFrom("60.50", "121", "121.01", "-1", "0", ""), nastyString),
        fc.oneof({ arbitrary: fc.constant("The work was checked."), weight: 2 }, nastyString),
        fc.oneof({ arbitrary: fc.constant(OPERATOR_PASSWORD), weight: 2 }, nastyString),
        async (who, id, decision, amount, reason, password) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const fields = { dispute_id: id === "dispute" ? disputeId : id, decision, amount, reason, password, in_page: "1" };
          const answer = await post(() => decideDisputeAction(IDLE_STEP, postedForm(fields)));
          if (answer === "404") expect(who).not.toBe("operator");
          if (typeof answer === "object" && answer.next?.includes("notice=dispute-decided")) {
            expect(who).toBe("operator");
            expect(password).toBe(OPERATOR_PASSWORD);
            decided += 1;
            return;
          }
          // A refused decision writes nothing but, for a wrong password, the rate limiter's count.
          if (password === OPERATOR_PASSWORD) expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(decided).toBeLessThanOrEqual(1);
    // The real decision (if no generated one made it), by another operator (the first may be rate-limited by now); again, it is a 409.
    const second = await createSignedInOperator();
    sendCookie(second.cookie);
    const real = postedForm({ dispute_id: disputeId, decision: "partial_refund", amount: "60.50", reason: "Half of it needs redoing.", password: OPERATOR_PASSWORD, in_page: "1" });
    if (decided === 0) {
      expect(await post(() => decideDisputeAction(IDLE_STEP, real))).toMatchObject({ next: expect.stringContaining("notice=dispute-decided") });
      decided = 1;
      expect((await getPaymentBalance(paymentId)).refunded).toBe(6_050);
    }
    const after = await tablesFingerprint();
    expect(await post(() => decideDisputeAction(IDLE_STEP, real))).toMatchObject({ message: expect.stringContaining("already decided") });
    expect(await tablesFingerprint()).toBe(after);
    const balance = await getPaymentBalance(paymentId);
    expect(balance.refunded + balance.released + balance.commission + balance.held).toBe(paid);
    expect(await db.auditEntry.count({ where: { action: "decide_dispute" } })).toBe(decided);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBeLessThanOrEqual(1);
  });

  it("/ops/disputes and /ops/disputes/{id} render for an operator whatever the address (a bad cursor explained, an unknown id the site's 404), are 404 to everyone else, and write nothing", async () => {
    const disputeId = (await (await getDb()).dispute.findFirstOrThrow({ where: { requestId } })).id;
    const render = async (page: () => Promise<React.ReactNode>) => {
      const before = await tablesFingerprint();
      let html: string;
      try {
        html = elementTreeText(await page());
      } catch (error) {
        if ((error as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") html = "404";
        else throw error;
      }
      expect(await tablesFingerprint()).toBe(before);
      return html;
    };
    sendCookie(operator.cookie);
    expect(await render(() => DisputesPage({ searchParams: Promise.resolve({ show: "all" }) }))).toContain("Disputes");
    expect(await render(() => DisputePage({ params: Promise.resolve({ disputeId }) }))).toContain(PROBLEM);
    await fc.assert(
      fc.asyncProperty(fc.option(nastyString, { nil: undefined }), fc.option(fc.oneof(fc.constantFrom("open", "all"), nastyString), { nil: undefined }), fc.oneof(fc.constant(disputeId), fc.uuid(), nastyString), async (cursor, show, id) => {
        expect(await render(() => DisputesPage({ searchParams: Promise.resolve({ cursor, show }) }))).not.toBe("404");
        expect((await render(() => DisputePage({ params: Promise.resolve({ disputeId: id }) }))) === "404").toBe(id !== disputeId);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    for (const who of ["owner", "nina", "stranger", "signed out"] as const) {
      sendCookie(cookieOf(who));
      expect(await render(() => DisputesPage({ searchParams: Promise.resolve({}) }))).toBe("404");
      expect(await render(() => DisputePage({ params: Promise.resolve({ disputeId }) }))).toBe("404");
    }
  });
});
