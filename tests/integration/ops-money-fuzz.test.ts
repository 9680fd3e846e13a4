// Property-based fuzzing of the console's money handlers (app/api/ops/money/**), like ops-roster-fuzz.test.ts:
// generated query strings (period, status, days, cursors, page sizes, months, repeated and unknown keys),
// payment ids, sessions and every method. The property: never a 5xx, the API's error shape on every 4xx, a
// 2xx only ever for an operator and only on a GET, and nothing written — these routes only read. A real
// payment (through the stand-in) is in the ledger, so the accepted answers have figures to add up.
// Fixed seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as moneyRoute from "../../app/api/ops/money/route";
import * as paymentsRoute from "../../app/api/ops/money/payments/route";
import * as paymentRoute from "../../app/api/ops/money/payments/[paymentId]/route";
import * as exportRoute from "../../app/api/ops/money/export/route";
import * as invoicesRoute from "../../app/api/ops/money/invoices/route";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, hostileValues, type Outcome, type RouteHandler } from "../helpers/fuzz";
import { createSignedInHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { paidPayment, startTestPayments, type TestPayments } from "../helpers/payments";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const exporter = await import("@/lib/ops/invoice-export");

const SEED = 20261129;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);

type Party = "operator" | "homeowner" | "handyman" | "none" | "garbage";
const parties: Record<Exclude<Party, "none" | "garbage">, TestUser> = {} as never;
let payments: TestPayments;
let paymentId: string;
/** Real cursors of the money view (per day and per month, one period a page) and of the payments list. */
const realCursors: string[] = [];

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  payments = await startTestPayments();
  parties.operator = await createSignedInOperator("fuzz-money-ops@example.test");
  parties.homeowner = await createSignedInUser("fuzz-money-owner@example.test");
  parties.handyman = await createSignedInHandyman(18, "fuzz-money-nina@example.test");
  paymentId = (await paidPayment(parties.homeowner, parties.handyman, payments)).paymentId;
  await paidPayment(parties.homeowner, parties.handyman, payments);
  // An invoice of this month for the invoice export to write (its issuer's name a formula, with a comma).
  await (await getDb()).invoice.create({
    data: {
      id: crypto.randomUUID(), kind: "invoice", series: "2026-H18", number: 1, sourceKey: `invoice:${paymentId}`, issuer: "handyman",
      issuerName: '=cmd|" /C calc"!A0, B.V.', issuerStreet: "Coolsingel 40", issuerPostcode: "3011 AD", issuerCity: "Rotterdam", issuerKvk: "12345678",
      recipientName: "fuzz-money-owner@example.test", recipientStreet: "", recipientPostcode: "", recipientCity: "Rotterdam",
      workDescription: "leak", workDate: new Date(), lines: [], rates: [{ rate: 21, netCents: 25_000, vatCents: 5_250 }],
      netCents: 25_000, vatCents: 5_250, totalCents: 30_250, locale: "en", handymanId: 18, paymentId,
    },
  });
  const operatorGet = async (path: string) => (await call(moneyRoute.GET, apiRequest("GET", path, { cookie: parties.operator.cookie }))).body as { nextCursor?: string | null };
  // One period a page over a ledger of one day has no next page: the payments list at one a page has.
  const listed = (await call(paymentsRoute.GET, apiRequest("GET", "/api/ops/money/payments?limit=1", { cookie: parties.operator.cookie }))).body as { nextCursor: string | null };
  expect(listed.nextCursor).toEqual(expect.any(String));
  realCursors.push(listed.nextCursor!);
  for (const period of ["day", "month"]) {
    const page = await operatorGet(`/api/ops/money?period=${period}&limit=1`);
    if (page.nextCursor) realCursors.push(page.nextCursor);
  }
}, 120_000);

afterAll(async () => {
  await payments?.close();
});

const cookieFor = (party: Party) => (party === "none" ? undefined : party === "garbage" ? GARBAGE_COOKIE : parties[party].cookie);
// Mostly the operator, so the handlers' own checks are what the inputs meet.
const party = fc.oneof({ arbitrary: fc.constant<Party>("operator"), weight: 4 }, fc.constantFrom<Party>("homeowner", "handyman", "none", "garbage"));

const { nastyString, pathString } = hostileValues(["a".repeat(600), "\u0000", "\ud800", "1e309", "NaN"]);

/** The property, a 2xx only ever for an operator, and nothing written whatever the answer. */
async function checkRead(who: Party, run: () => Promise<Outcome>, onAccepted?: (outcome: Outcome) => void): Promise<Outcome> {
  const before = await tablesFingerprint();
  const outcome = await checkProperty(run, (accepted) => {
    expect(who).toBe("operator");
    onAccepted?.(accepted);
  });
  expect(await tablesFingerprint()).toBe(before);
  return outcome;
}

const day = fc.oneof(
  fc.constantFrom("0000-01-01", "1999-12-31", "2000-01-01", "2026-11-29", "2999-12-31", "3000-01-01", "9999-12-31", "+275760-09-13", "-0001-01-01", "2026-02-30", "2026-13-01", "2026-1-1"),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);
const month = fc.oneof(
  fc.constantFrom("2026-06", "2026-11", "2000-01", "2999-12", "1999-12", "3000-01", "2026-00", "2026-13", "2026-6", "2026-06-01", "202606", "+2026-06", ""),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 })).map(([y, m]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`),
);
const cursor = () =>
  fc.oneof(
    fc.constantFrom(...realCursors),
    fc.constantFrom(...realCursors).map((real) => `${real.slice(0, -2)}x`),
    fc.constantFrom("abc.def", "9999999999999999999", "0", "-1", "1".repeat(40), "eyJrIjpbIjIwMjYtMTEtMjkiXX0.x"),
    nastyString,
  );
const limit = fc.oneof(fc.constantFrom("1", "7", "31", "200", "201", "0", "-1", "1.5", "1e3", "10000", "abc", ""), nastyString);

/** A query string from generated pairs: keys may repeat, and unknown ones come along. */
function searchOf(pairs: [string, string][]): string {
  return new URLSearchParams(pairs.map(([key, value]) => [key, value.isWellFormed() ? value : "x"])).toString();
}

const valueFor = (key: string) =>
  key === "period"
    ? fc.oneof(fc.constantFrom("day", "month", "week", "DAY", "", "year"), nastyString)
    : key === "status"
      ? fc.oneof(fc.constantFrom("paid", "open", "pending", "failed", "canceled", "expired", "refunded", "PAID", ""), nastyString)
      : key === "from" || key === "to"
        ? fc.oneof(day, nastyString)
        : key === "cursor"
          ? cursor()
          : key === "limit"
            ? limit
            : key === "month"
              ? month
              : nastyString;

const pairsOf = (keys: readonly string[]) =>
  fc.array(
    fc.constantFrom(...keys).chain((key) => valueFor(key).map((value): [string, string] => [key, value])),
    { maxLength: 6 },
  );

describe("the console's money handlers under generated input", () => {
  it("GET /api/ops/money answers any period, status, days, cursor and page size with a page that adds up, or a 400", async () => {
    await fc.assert(
      fc.asyncProperty(pairsOf(["period", "status", "from", "to", "cursor", "limit", "other"]), party, async (pairs, who) => {
        await checkRead(who, () => call(moneyRoute.GET, apiRequest("GET", `/api/ops/money?${searchOf(pairs)}`, { cookie: cookieFor(who) })), (outcome) => {
          const body = outcome.body as { rows: { paid: number; held: number; released: number; commission: number; refunded: number }[]; totals: { paid: number; held: number; released: number; commission: number; refunded: number } };
          expect(body.rows.length).toBeLessThanOrEqual(200);
          for (const row of [...body.rows, body.totals]) expect(row.paid).toBe(row.held + row.released + row.commission + row.refunded);
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/money/payments answers any status, days, cursor and page size with at most 200 payments, or a 400", async () => {
    await fc.assert(
      fc.asyncProperty(pairsOf(["status", "from", "to", "cursor", "limit", "period", "other"]), party, async (pairs, who) => {
        await checkRead(who, () => call(paymentsRoute.GET, apiRequest("GET", `/api/ops/money/payments?${searchOf(pairs)}`, { cookie: cookieFor(who) })), (outcome) => {
          expect((outcome.body as { rows: unknown[] }).rows.length).toBeLessThanOrEqual(200);
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/money/payments/{id} shows the known payment to an operator and is a 404 for any other id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(paymentId), fc.uuid(), fc.constantFrom(paymentId.toUpperCase(), `${paymentId} `, "00000000-0000-0000-0000-000000000000", "1"), pathString), party, async (id, who) => {
        const outcome = await checkRead(who, () => call(paymentRoute.GET, apiRequest("GET", `/api/ops/money/payments/${encodeURIComponent(id)}`, { cookie: cookieFor(who) }), { paymentId: id }), (accepted) => {
          expect((accepted.body as { payment: { id: string } }).payment.id).toBe(paymentId);
        });
        if (who !== "operator" || id.toLowerCase() !== paymentId) expect(outcome.status).toBe(404);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/money/export answers any month with the month's CSV or a 400 naming `month`", async () => {
    await fc.assert(
      fc.asyncProperty(pairsOf(["month", "month", "other"]), party, async (pairs, who) => {
        const outcome = await checkRead(who, () => call(exportRoute.GET, apiRequest("GET", `/api/ops/money/export?${searchOf(pairs)}`, { cookie: cookieFor(who) })), (accepted) => {
          expect(String(accepted.body).split("\r\n")[0]).toBe("entry_id,date,payment_id,request_id,kind,amount_eur,provider_id");
        });
        if (outcome.status === 400) expect(JSON.stringify(outcome.body)).toContain("month");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/money/invoices answers any month with the month's invoices as CSV or a 400 naming `month`", async () => {
    await fc.assert(
      fc.asyncProperty(pairsOf(["month", "month", "other"]), party, async (pairs, who) => {
        const outcome = await checkRead(who, () => call(invoicesRoute.GET, apiRequest("GET", `/api/ops/money/invoices?${searchOf(pairs)}`, { cookie: cookieFor(who) })), (accepted) => {
          const [header, ...lines] = String(accepted.body).trimEnd().split("\r\n");
          expect(header).toBe(exporter.INVOICE_EXPORT_COLUMNS.join(","));
          // The formula in the issuer's name never reaches a cell unquoted; the amounts end the line.
          for (const line of lines) {
            expect(line).not.toMatch(/(^|,)=/);
            expect(line.endsWith(",250.00,52.50,302.50")).toBe(true);
          }
        });
        if (outcome.status === 400) expect(JSON.stringify(outcome.body)).toContain("month");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("answers every other method on every money route with the 404 of a hidden route, an operator with 405 (204 to OPTIONS), and writes nothing", async () => {
    const routes: [string, Record<string, unknown>, Record<string, string>][] = [
      ["/api/ops/money", moneyRoute, {}],
      ["/api/ops/money/payments", paymentsRoute, {}],
      ["/api/ops/money/payments/{id}", paymentRoute, { paymentId: "" }],
      ["/api/ops/money/export?month=2026-06", exportRoute, {}],
      ["/api/ops/money/invoices?month=2026-06", invoicesRoute, {}],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "OPTIONS"), party, fc.oneof(fc.constant("{}"), nastyString), async ([path, route, params], method, who, body) => {
        const handler = route[method] as RouteHandler<Record<string, string>>;
        const args = "paymentId" in params ? { paymentId } : params;
        const url = path.replace("{id}", paymentId);
        const outcome = await checkRead(who, () => call(handler, apiRequest(method, url, { cookie: cookieFor(who), body: method === "OPTIONS" ? undefined : body }), args));
        // Hidden from everyone else; an operator is told the route only reads (OPTIONS: 204 naming GET).
        if (who !== "operator") expect(outcome.status).toBe(404);
        else expect(outcome.status).toBe(method === "OPTIONS" ? 204 : 405);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
