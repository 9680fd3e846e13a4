// Property-based fuzzing of the quote's server actions (send, accept, decline) with generated fields,
// as the handyman holding the job, another handyman, the homeowner, another homeowner and signed out.
// The properties: never an error thrown; a refusal is the form's answer and changes nothing; a quote
// that goes through is the holder's, its stored amounts add up and stay within the rules; an answer that
// goes through is the homeowner's. Fixed seed, bounded runs.
import fc from "fast-check";
import { TEST_BILLING } from "../helpers/billing";
import { billingDetailsSchema } from "@/lib/validations/invoice-details";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";

const quoteActions = await import("@/lib/quotes/actions");
const { acceptOfferAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { MAX_QUOTE_TOTAL_CENTS, vatRateOfLine } = await import("@/lib/quotes/rules");

// The leak's lines by the rule (lib/quotes/vat.ts): plumbing is at 21%, labour and materials alike.
const RULE = { taskType: "Pipe-leakage", homeOlderThanTwoYears: null } as const;
/** A posted rate the rule's `rate` lets through: none (blank), or that very number. */
const postedRateFits = (posted: string | undefined, rate: number) => posted === undefined || posted.trim() === "" || (/^\s*\d{1,3}\s*$/.test(posted) && Number(posted) === rate);

const SEED = 20261128;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 120), 200);

let owner: TestUser;
let stranger: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;

beforeAll(async () => {
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
  const offerId = (await openOfferOf(requestId)).id;
  expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
}, 60_000);

const { nastyString } = hostileValues(["\u0000", "\ud800", "a".repeat(300), "Pipe\r\nfitting", "-5", "0", "0,00", "1.005", "12,50", "99999", "8300", "1e3", "NaN", "Infinity", " 45 ", "2,25", "0.1", "9", "21", "6", "0", "31", "7"]);
const AMOUNT = fc.oneof(nastyString, { arbitrary: fc.integer({ min: -100, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2)), weight: 3 });
const FIELDS = ["labour_hours", "labour_amount", "labour_description", "labour_vat", "valid_days", ...[1, 2, 3, 20, 21].flatMap((row) => [`material_${row}_description`, `material_${row}_amount`, `material_${row}_vat`])] as const;

const VAT = fc.oneof({ arbitrary: fc.constantFrom("9", "21"), weight: 3 }, nastyString);
/** Any fields at all, or a quote close to a sound one (so some go through and their amounts are checked). */
const quoteFields = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nastyString, AMOUNT), { maxKeys: 10 }),
  fc.record(
    {
      labour_amount: AMOUNT,
      labour_vat: VAT,
      labour_description: nastyString,
      material_1_description: nastyString,
      material_1_amount: AMOUNT,
      material_1_vat: VAT,
      valid_days: fc.oneof({ arbitrary: fc.integer({ min: -1, max: 40 }).map(String), weight: 3 }, nastyString),
    },
    { requiredKeys: ["labour_amount", "labour_vat", "valid_days"] },
  ),
  // A sound quote but for its posted rates, so a rate other than the rule's meets the refusal it alone causes.
  fc.record({
    labour_amount: fc.integer({ min: 1, max: 500_000 }).map((cents) => (cents / 100).toFixed(2)),
    labour_vat: VAT,
    material_1_description: fc.constant("Sealant"),
    material_1_amount: fc.constant("3.05"),
    material_1_vat: fc.oneof(VAT, fc.constant("")),
    valid_days: fc.integer({ min: 1, max: 30 }).map(String),
  }),
);

type Who = "nina" | "hidde" | "owner" | "stranger" | "signed out";
const WHO: readonly Who[] = ["nina", "hidde", "owner", "stranger", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { nina, hidde, owner, stranger }[who].cookie);

/** Runs an action; its state, or null when it redirected (a signed-out post goes home). */
type Answer = { message: string | null; next?: string; fieldErrors?: Partial<Record<string, string>> };
async function answerOf(run: Promise<Answer>) {
  let state: Answer | null = null;
  const to = await redirectOf(run.then((answer) => void (state = answer)));
  return { state: state as Answer | null, to };
}

describe("the quote's actions under generated fields", () => {
  it("sending: never throws; only the holder's quote goes through, within the rules and at the rule's rates; a refusal changes nothing", async () => {
    let sent = 0;
    let wrongRateRefused = 0;
    await fc.assert(
      fc.asyncProperty(quoteFields, fc.oneof({ arbitrary: fc.constant<Who>("nina"), weight: 3 }, fc.constantFrom(...WHO)), fc.oneof({ arbitrary: fc.constant("request"), weight: 3 }, nastyString), async (fields, who, id) => {
        sendCookie(cookieOf(who));
        const before = await tablesFingerprint();
        const data = postedForm({ ...fields, request_id: id === "request" ? requestId : id, in_page: "1" });
        const { state } = await answerOf(quoteActions.sendQuoteAction(IDLE_STEP, data));
        if (state?.next) {
          expect(who).toBe("nina");
          sent += 1;
          const quote = await (await getDb()).quote.findFirstOrThrow({ where: { requestId, status: "sent" }, include: { lines: true } });
          const net = quote.lines.reduce((sum, line) => sum + line.netCents, 0);
          expect(quote.netCents).toBe(net);
          expect(quote.totalCents).toBe(quote.netCents + quote.vatCents);
          expect(quote.totalCents).toBeGreaterThan(0);
          expect(quote.totalCents).toBeLessThanOrEqual(MAX_QUOTE_TOTAL_CENTS);
          // Every line is at the rule's rate, and no line went through with another rate posted for it.
          const fieldsOf = fields as Record<string, string | undefined>;
          expect(postedRateFits(fieldsOf.labour_vat, vatRateOfLine("labour", RULE))).toBe(true);
          for (const row of [1, 2, 3, 20, 21]) {
            if ((fieldsOf[`material_${row}_description`] ?? "").trim() === "" && (fieldsOf[`material_${row}_amount`] ?? "").trim() === "") continue;
            expect(postedRateFits(fieldsOf[`material_${row}_vat`], vatRateOfLine("materials", RULE))).toBe(true);
          }
          for (const line of quote.lines) {
            expect(line.vatRate).toBe(vatRateOfLine(line.kind, RULE));
            expect(line.netCents).toBeGreaterThan(0);
            expect(line.description).not.toMatch(/\r|\u0000/);
          }
          return;
        }
        if (state?.fieldErrors && Object.values(state.fieldErrors).some((error) => /VAT rate is \d+%/.test(error ?? ""))) wrongRateRefused += 1;
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(sent).toBeGreaterThan(0);
    // The generated posts did meet the refusal of a rate other than the rule's.
    expect(wrongRateRefused).toBeGreaterThan(0);
  });

  it("answering: never throws; only the homeowner's answer goes through; a refusal changes nothing", async () => {
    const db = await getDb();
    let answered = 0;
    let acceptedWithBilling = 0;
    let billingRefused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("accept", "decline"),
        fc.constantFrom(...WHO),
        fc.oneof(fc.constant("current"), fc.uuid(), nastyString),
        fc.oneof(fc.constant(""), nastyString),
        // The invoice's name and address accepting asks for: good ones, or each field left out or nasty.
        fc.oneof(
          fc.constant<Record<string, string>>(TEST_BILLING),
          fc.record({
            billing_name: fc.oneof(fc.constant(TEST_BILLING.billing_name), fc.constant(""), nastyString),
            billing_street: fc.oneof(fc.constant(TEST_BILLING.billing_street), fc.constant(""), nastyString),
            billing_postcode: fc.oneof(fc.constant("3511ar"), fc.constant("0123 AB"), fc.constant("1234 SS"), fc.constant(""), nastyString),
          }),
        ),
        async (which, who, quoteChoice, amount, billing) => {
          // A fresh quote to answer now and then, so accepting and declining both get their chance.
          if (!(await db.quote.findFirst({ where: { requestId, status: "sent" } })) && !(await db.quote.findFirst({ where: { requestId, status: "accepted" } }))) {
            sendCookie(nina.cookie);
            expect((await quoteActions.sendQuoteAction(IDLE_STEP, postedForm({ request_id: requestId, labour_amount: "50", labour_vat: "21", in_page: "1" }))).next).toBeTruthy();
          }
          const current = await db.quote.findFirst({ where: { requestId, status: { not: "replaced" } }, orderBy: { createdAt: "desc" } });
          const quoteId = quoteChoice === "current" ? (current?.id ?? "") : quoteChoice;
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const data = postedForm({ request_id: requestId, quote_id: quoteId, amount, ...billing, in_page: "1" });
          const { state } = await answerOf(which === "accept" ? quoteActions.acceptQuoteAction(IDLE_STEP, data) : quoteActions.declineQuoteAction(IDLE_STEP, data));
          if (state?.next) {
            expect(who).toBe("owner");
            answered += 1;
            const quote = await db.quote.findUniqueOrThrow({ where: { id: quoteId } });
            expect(quote.status).toBe(which === "accept" ? "accepted" : "declined");
            if (which === "accept") {
              // Accepted only with a valid name and address, stored as the schema reads them.
              const parsed = billingDetailsSchema.parse(billing);
              expect(await db.repairRequest.findUniqueOrThrow({ where: { id: requestId }, select: { billingName: true, billingStreet: true, billingPostcode: true } })).toEqual({
                billingName: parsed.billing_name,
                billingStreet: parsed.billing_street,
                billingPostcode: parsed.billing_postcode,
              });
              acceptedWithBilling += 1;
            }
            return;
          }
          if (state?.fieldErrors && Object.keys(state.fieldErrors).some((field) => field.startsWith("billing_"))) billingRefused += 1;
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(0);
    // Both sides of the name and address were met: accepted with good ones, refused beside a bad field.
    expect(acceptedWithBilling).toBeGreaterThan(0);
    expect(billingRefused).toBeGreaterThan(0);
  });
});
