// Property-based fuzzing of the console's pages the way the server renders them: generated query strings
// for /ops/requests, /ops/audit, /ops/handymen, /ops/money and /ops/money/payments (search, filters, cursor, page size), and generated
// ids for /ops/requests/{id} and /ops/money/payments/{id}, as an operator, in both languages for the money pages. The property:
// the page renders (a bad filter is explained in the page, a bad cursor or page size is explained in the page, an
// unknown id is the site's 404), never an error, and rendering writes nothing. Fixed seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actionRequest } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { paidPayment, startTestPayments, type TestPayments } from "../helpers/payments";
import { createSignedInUser } from "../helpers/session";

// The money pages speak the page's language through next-intl's getTranslations, which runs outside the
// server's renderer here: its translations are the catalogue's through lib/i18n, as in pro-page-fuzz.test.ts.
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

const { renderToStaticMarkup } = await import("react-dom/server");
const { default: RequestsPage } = await import("@/app/[locale]/ops/requests/page");
const { default: RequestPage } = await import("@/app/[locale]/ops/requests/[requestId]/page");
const { default: AuditPage } = await import("@/app/[locale]/ops/audit/page");
const { default: HandymenPage } = await import("@/app/[locale]/ops/handymen/page");
const { default: ThreadPage } = await import("@/app/[locale]/ops/threads/[threadId]/page");
const { default: MoneyPage } = await import("@/app/[locale]/ops/money/page");
const { default: PaymentsPage } = await import("@/app/[locale]/ops/money/payments/page");
const { default: PaymentPage } = await import("@/app/[locale]/ops/money/payments/[paymentId]/page");
const { listThreadsOfRequest, reportThread } = await import("@/lib/messages/threads");
const { listRosterPage } = await import("@/lib/ops/handymen");
const { recordAudit } = await import("@/lib/ops/audit");
const { listPayments } = await import("@/lib/ops/money");

const SEED = 20261126;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);

type Query = Record<string, string | string[]>;
let requestId: string;
/** A reported thread: its page is audited, so opened from another site it must write nothing. */
let threadId: string;
let operatorCookie: string;
/** A real cursor of the roster's (the second page at 5 a page), and the operator it was made for. */
let rosterCursor: string;
/** A paid payment (through the stand-in), and real cursors of the payments list and the money view per month. */
let payments: TestPayments;
let paymentId: string;
let paymentsCursor: string;

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const operator = await createSignedInOperator("fuzz-pages@example.test");
  const owner = await createSignedInUser("fuzz-pages-owner@example.test");
  const nina = await createSignedInHandyman(18);
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  const db = await getDb();
  for (let i = 0; i < 3; i++) await db.$transaction((tx) => recordAudit(tx, operator, { action: "edit", targetType: "handyman", targetId: 18, after: { i } }));
  threadId = (await listThreadsOfRequest(owner, requestId))[0].id;
  await reportThread(owner, threadId, "Rude");
  operatorCookie = operator.cookie;
  actionRequest.headers = new Headers({ cookie: operator.cookie });
  rosterCursor = (await listRosterPage(operator, {}, { limit: 5 })).nextCursor!;
  payments = await startTestPayments();
  paymentId = (await paidPayment(owner, nina, payments)).paymentId;
  await paidPayment(owner, nina, payments);
  paymentsCursor = (await listPayments(operator, {}, { limit: 1 })).nextCursor!;
  actionRequest.headers = new Headers({ cookie: operator.cookie });
}, 120_000);

afterAll(async () => {
  await payments?.close();
});

/**
 * Runs a page as the server would and checks the property; returns its HTML (its element tree as text when
 * it holds async components, which only the server's renderer runs), or "404" for the site's not-found.
 */
async function renders(page: () => Promise<React.ReactNode>, render: (node: React.ReactNode) => string = renderToStaticMarkup): Promise<string> {
  const before = await tablesFingerprint();
  let html: string;
  try {
    html = render(await page());
  } catch (error) {
    if ((error as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") html = "404";
    else throw error;
  }
  expect(await tablesFingerprint()).toBe(before);
  return html;
}

const { nastyString } = hostileValues(["\u0000", "a".repeat(300)]);
const day = fc.oneof(
  fc.constantFrom("0000-01-01", "0001-01-01", "1999-12-31", "2000-01-01", "2026-11-26", "2999-12-31", "3000-01-01", "9999-12-31", "+275760-09-13", "2026-02-30"),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);
const cursor = fc.oneof(
  fc.constantFrom("9999999999999999999", "9223372036854775807", "9223372036854775808", "18446744073709551616", "0", "-1", "1e3", "00012", "1".repeat(40)),
  fc.bigInt({ min: -1n, max: 2n ** 70n }).map(String),
  nastyString,
);
/** One value or a repeated one, as a query string can carry. */
const valueOrList = <T extends string>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 4 }, fc.array(arb, { minLength: 2, maxLength: 3 }));

describe("the console's pages under generated query strings", () => {
  it("renders the probes that once failed", async () => {
    expect(await renders(() => RequestsPage({ searchParams: Promise.resolve({ from: "0000-01-01" }) }))).toMatch(/between 2000 and 2999/);
    expect(await renders(() => RequestsPage({ searchParams: Promise.resolve({ to: "9999-12-31" }) }))).toMatch(/between 2000 and 2999/);
    expect(await renders(() => AuditPage({ searchParams: Promise.resolve({ cursor: "9999999999999999999" }) }))).toMatch(/page link is not valid/);
  });

  it("/ops/requests renders for any filters, explaining the bad ones", async () => {
    const query = fc.dictionary(
      fc.constantFrom("state", "city", "taskType", "from", "to", "cursor", "limit", "other"),
      valueOrList(fc.oneof(fc.constantFrom("offered", "Rotterdam", "The Hague", "Painting", "", "0", "-1", "10000", "abc", "50"), day, cursor, nastyString)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const html = await renders(() => RequestsPage({ searchParams: Promise.resolve(params as Query) }));
        expect(html).toContain("Requests");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/audit renders for any cursor and target", async () => {
    const query = fc.record(
      { cursor: valueOrList(cursor), targetType: valueOrList(fc.oneof(fc.constantFrom("handyman", "request", "user", "job_opening"), nastyString)), targetId: valueOrList(fc.oneof(fc.constantFrom("18", requestId), nastyString)) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const html = await renders(() => AuditPage({ searchParams: Promise.resolve(params as Query) }));
        expect(html).toContain("Audit log");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/handymen renders for any search, filters, cursor and page size, explaining the bad ones", async () => {
    expect(await renders(() => HandymenPage({ searchParams: Promise.resolve({ state: "gone" }) }), elementTreeText)).toMatch(/Choose a state: no_account, invited, active, suspended, paused, removed\./);
    expect(await renders(() => HandymenPage({ searchParams: Promise.resolve({ q: "%_\\", cursor: rosterCursor }) }), elementTreeText)).toMatch(/No handyman matches these filters\./);
    expect(await renders(() => HandymenPage({ searchParams: Promise.resolve({ cursor: rosterCursor.slice(0, -3) }) }), elementTreeText)).toMatch(/page link is not valid/);
    const query = fc.dictionary(
      fc.constantFrom("q", "city", "taskType", "state", "cursor", "limit", "other"),
      valueOrList(fc.oneof(fc.constantFrom("Ann", "a", "%", "_", "\\", "Rotterdam", "The Hague", "Painting", "suspended", "no_account", "paused", "removed", "", "0", "-1", "10000", "abc", "50", rosterCursor), cursor, nastyString)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const html = await renders(() => HandymenPage({ searchParams: Promise.resolve(params as Query) }), elementTreeText);
        expect(html).toContain("Handymen");
        expect(html).toMatch(/handym[ae]n|not valid|Choose|Search for at most|Give one name|page link/);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/requests/{id} renders a known id, is the site's 404 for any other, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(requestId), fc.uuid(), nastyString), async (id) => {
        const html = await renders(() => RequestPage({ params: Promise.resolve({ requestId: id }) }), elementTreeText);
        expect(html === "404").toBe(id !== requestId);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/threads/{id} opened from another site writes nothing and shows nothing of any thread, whatever the id and cursor", async () => {
    try {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.constant(threadId), fc.uuid(), nastyString), fc.option(valueOrList(cursor), { nil: undefined }), fc.constantFrom("cross-site", "same-site"), async (id, at, site) => {
          actionRequest.headers = new Headers({ cookie: operatorCookie, "sec-fetch-site": site });
          const html = await renders(() => ThreadPage({ params: Promise.resolve({ threadId: id }), searchParams: Promise.resolve({ cursor: at }) }), elementTreeText);
          expect(html).toContain("opened from another site, so it is not shown");
        }),
        { seed: SEED, numRuns: RUNS },
      );
    } finally {
      actionRequest.headers = new Headers({ cookie: operatorCookie });
    }
  });
  it("/ops/money renders per day and per month in both languages for any filters, cursor and page size, explaining the bad ones", async () => {
    const english = await renders(() => MoneyPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({}) }));
    expect(english).toMatch(/<h1[^>]*>Money<\/h1>/);
    expect(english).toContain("€605.00");
    const dutch = await renders(() => MoneyPage({ params: Promise.resolve({ locale: "nl" }), searchParams: Promise.resolve({ period: "month" }) }));
    expect(dutch).toMatch(/€\s605,00/);
    expect(await renders(() => MoneyPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({ from: "2026-02-30" }) }))).toMatch(/Give the first day as a date/);
    expect(await renders(() => MoneyPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({ cursor: paymentsCursor }) }))).toMatch(/page link is not valid/);
    const query = fc.dictionary(
      fc.constantFrom("period", "status", "from", "to", "cursor", "limit", "other"),
      valueOrList(fc.oneof(fc.constantFrom("day", "month", "week", "paid", "open", "refunded", "", "0", "-1", "1", "201", "10000", "abc", paymentsCursor), day, cursor, nastyString)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom("en", "nl", "de"), async (params, locale) => {
        const html = await renders(() => MoneyPage({ params: Promise.resolve({ locale }), searchParams: Promise.resolve(params as Query) }));
        expect(html).toMatch(/<h1[^>]*>(Money|Geld)<\/h1>/);
        expect(html.match(/<h1/g)).toHaveLength(1);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/money/payments renders in both languages for any filters, cursor and page size, explaining the bad ones", async () => {
    expect(await renders(() => PaymentsPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({ cursor: paymentsCursor }) }))).toContain(`/ops/money/payments/${paymentId}`);
    expect(await renders(() => PaymentsPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({ status: "gone" }) }))).toMatch(/Choose a payment status/);
    const query = fc.dictionary(
      fc.constantFrom("status", "from", "to", "cursor", "limit", "other"),
      valueOrList(fc.oneof(fc.constantFrom("paid", "open", "failed", "refunded", "", "0", "-1", "1", "201", "10000", "abc", paymentsCursor), day, cursor, nastyString)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom("en", "nl"), async (params, locale) => {
        const html = await renders(() => PaymentsPage({ params: Promise.resolve({ locale }), searchParams: Promise.resolve(params as Query) }));
        expect(html).toMatch(/<h1[^>]*>(Payments|Betalingen)<\/h1>/);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/money/payments/{id} renders the paid payment with its ledger line, is the site's 404 for any other id, and writes nothing", async () => {
    const shown = await renders(() => PaymentPage({ params: Promise.resolve({ locale: "en", paymentId }) }), elementTreeText);
    expect(shown).toContain("PaymentInvoices");
    expect(shown).toMatch(/ledger-row/);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(paymentId), fc.uuid(), nastyString), fc.constantFrom("en", "nl"), async (id, locale) => {
        const html = await renders(() => PaymentPage({ params: Promise.resolve({ locale, paymentId: id }) }), elementTreeText);
        expect(html === "404").toBe(id !== paymentId);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
