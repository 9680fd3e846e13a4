// The console's money view (lib/ops/money.ts, lib/ops/money-export.ts and their /api/ops/money routes),
// against a real database: the figures per day and per month after a real payment, release and refund
// through the real @mollie/api-client against the stand-in, paid = held + released + commission + refunded
// on every row and in the totals; the calendar pages walked forwards and back over more periods than a
// page; the filters; bad addresses as 400s; the payments list and a payment's page; and the month's CSV,
// whose sums per kind equal the ledger's, read in batches, with formula-like cells defused.
import { randomUUID } from "node:crypto";
import { TEST_BILLING } from "../helpers/billing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { startTestPayments, payAtCheckout, type TestPayments } from "../helpers/payments";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const money = await import("@/lib/ops/money");
const exporter = await import("@/lib/ops/money-export");
const { GET: moneyRoute } = await import("@/app/api/ops/money/route");
const { GET: paymentsRoute } = await import("@/app/api/ops/money/payments/route");
const { GET: paymentRoute } = await import("@/app/api/ops/money/payments/[paymentId]/route");
const { GET: exportRoute } = await import("@/app/api/ops/money/export/route");
const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment, syncPayment, refund, getPaymentBalance } = await import("@/lib/payments");
const { startPayoutOnboarding, finishPayoutOnboarding } = await import("@/lib/payments/payouts");
const { confirmDone } = await import("@/lib/requests/completion");

let operator: TestUser;
let owner: TestUser;
let nina: TestHandyman;

beforeEach(async () => {
  await resetDatabase();
  operator = await createSignedInOperator("money-ops@example.test");
  owner = await createSignedInUser("money-owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
});

const identity = (row: { paid: number; held: number; released: number; commission: number; refunded: number }) =>
  expect(row.paid, JSON.stringify(row)).toBe(row.held + row.released + row.commission + row.refunded);

const view = (query: Record<string, string> = {}) => {
  const params = new URLSearchParams(query);
  const filters = money.parseMoneyFilters(params);
  return money.listMoney(operator, filters, money.parseMoneyPage(operator, filters, params));
};

/**
 * `count` payments stored with their ledger lines, `perDay` a day (sharing one moment, so ids break the
 * ties) going back from `lastDay` at 10:00 UTC.
 */
async function storeDays(count: number, lastDay: string, { status = "paid", perDay = 1 }: { status?: "paid" | "failed"; perDay?: number } = {}) {
  const db = await getDb();
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(`${lastDay}T10:00:00.000Z`);
    at.setUTCDate(at.getUTCDate() - Math.floor(i / perDay));
    return { id: randomUUID(), requestId: randomUUID(), at, amountCents: 10_000 + i };
  });
  await db.repairRequest.createMany({
    data: rows.map((row) => ({ id: row.requestId, userId: owner.id, city: "Amsterdam" as const, taskType: "Painting" as const, state: "accepted" as const, date: new Date("2026-07-01"), details: "paint" })),
  });
  await db.payment.createMany({
    data: rows.map((row) => ({
      id: row.id,
      quoteId: randomUUID(),
      attempt: 1,
      requestId: row.requestId,
      handymanId: nina.handymanId,
      amountCents: row.amountCents,
      description: "paint",
      status,
      mode: "test",
      idempotencyKey: `payment:${row.id}`,
      createdAt: row.at,
    })),
  });
  // Paid that day; a tenth back the same day; the rest released less 5% commission an hour later.
  await db.ledgerEntry.createMany({
    data: rows.flatMap((row) => {
      const refunded = Math.floor(row.amountCents / 10);
      const commission = Math.floor(row.amountCents / 20);
      const later = new Date(row.at.getTime() + 3_600_000);
      return [
        { paymentId: row.id, kind: "paid" as const, amountCents: row.amountCents, providerId: `tr_${row.id}`, createdAt: row.at },
        { paymentId: row.id, kind: "refunded" as const, amountCents: refunded, providerId: `re_${row.id}`, createdAt: row.at },
        { paymentId: row.id, kind: "released" as const, amountCents: row.amountCents - refunded - commission, providerId: `crt_${row.id}`, createdAt: later },
        { paymentId: row.id, kind: "commission" as const, amountCents: commission, providerId: `crt_${row.id}`, createdAt: later },
      ];
    }),
  });
  return rows;
}

describe("the figures after real money moves", () => {
  let payments: TestPayments;
  const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
  const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
  const as = (user: TestUser) => {
    actionRequest.headers = new Headers({ cookie: user.cookie });
  };
  const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

  beforeAll(async () => {
    payments = await startTestPayments();
  });
  afterAll(async () => {
    await payments.close();
  });

  it("shows a payment, its release with commission and a refund taken back from the handyman, per day and per month, adding up", async () => {
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
    const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/orders/1`, webhookUrl: `${payments.origin}/api/payments/webhook` });
    await payAtCheckout(started.checkoutUrl, "paid");
    const payment = await (await getDb()).payment.findFirstOrThrow({ where: { requestId } });
    await syncPayment(payment.providerPaymentId!);
    as(nina);
    expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });

    // Held before anything moves on.
    let day = await view();
    expect(day.rows).toHaveLength(1);
    expect(day.rows[0]).toMatchObject({ paid: 30_250, held: 30_250, released: 0, commission: 0, refunded: 0, entries: 1 });

    const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/pro");
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    await finishPayoutOnboarding({ id: nina.handymanId, email: nina.email }, { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! });
    expect(await confirmDone(sessionOf(owner), requestId)).toBe("released");
    expect((await refund(payment.id, 5_000, "partly-refunded")).state).toBe("done");

    const balance = await getPaymentBalance(payment.id);
    expect(balance).toMatchObject({ paid: 30_250, held: 0, commission: 2_000, released: 23_250, refunded: 5_000 });
    day = await view();
    const month = await view({ period: "month" });
    const today = money.amsterdamDayOf(new Date());
    expect(day.rows).toEqual([expect.objectContaining({ period: today, ...balance })]);
    expect(month.rows).toEqual([expect.objectContaining({ period: `${today.slice(0, 7)}-01`, ...balance })]);
    expect(day.totals).toMatchObject(balance);
    expect(month.totals).toMatchObject(balance);
    for (const row of [...day.rows, ...month.rows, day.totals]) identity(row);

    // The payment's page: its ledger lines, its release and refund, its request and quote.
    const detail = await money.getPaymentDetailOrThrow(payment.id);
    expect(detail.ledger.map((entry) => entry.kind).sort()).toEqual(["commission", "paid", "refunded", "released", "reversed"]);
    expect(detail.transfers.map((transfer) => [transfer.kind, transfer.state])).toEqual([["release", "done"], ["refund", "done"]]);
    expect(detail).toMatchObject({ request: { id: requestId }, quote: { id: quote.id, status: "accepted", totalCents: 30_250 }, balance });

    // The month's CSV sums per kind to the ledger's, and through the route as a download.
    const response = await exportRoute(apiRequest("GET", `/api/ops/money/export?month=${today.slice(0, 7)}`, { cookie: operator.cookie }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(exporter.EXPORT_COLUMNS.join(","));
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((line) => line.includes(payment.id) && line.includes(requestId))).toBe(true);
  });
});

describe("the calendar pages", () => {
  it("walks 40 days, 7 a page, newest first, forwards and back, each row and the totals adding up to the ledger's", async () => {
    const stored = await storeDays(40, "2026-06-20");
    const walked: string[][] = [];
    let params: Record<string, string> = { limit: "7" };
    let page = await view(params);
    expect(page.previousCursor).toBeNull();
    walked.push(page.rows.map((row) => row.period));
    while (page.nextCursor) {
      params = { limit: "7", cursor: page.nextCursor };
      page = await view(params);
      walked.push(page.rows.map((row) => row.period));
    }
    expect(walked.map((rows) => rows.length)).toEqual([7, 7, 7, 7, 7, 5]);
    const expected = stored.map((row) => row.at.toISOString().slice(0, 10));
    expect(walked.flat()).toEqual(expected);
    const backwards: string[][] = [walked.at(-1)!];
    while (page.previousCursor) {
      page = await view({ limit: "7", cursor: page.previousCursor });
      backwards.unshift(page.rows.map((row) => row.period));
    }
    expect(backwards).toEqual(walked);

    const all = await view({ limit: "200" });
    const paid = stored.reduce((sum, row) => sum + row.amountCents, 0);
    expect(all.totals.paid).toBe(paid);
    expect(all.totals.held).toBe(0);
    expect(all.rows.reduce((sum, row) => sum + row.paid, 0)).toBe(paid);
    for (const row of [...all.rows, all.totals]) identity(row);
    expect(all.rows[0]).toMatchObject({ period: "2026-06-20", paid: 10_000, refunded: 1_000, commission: 500, released: 8_500, held: 0, entries: 4 });
  });

  it("counts a movement at 00:30 in Amsterdam (22:30 UTC the day before) on its Amsterdam day and month", async () => {
    const [row] = await storeDays(1, "2026-05-31");
    // 22:30 UTC on 31 May is 00:30 on 1 June in Amsterdam (summer time).
    await (await getDb()).ledgerEntry.create({ data: { paymentId: row.id, kind: "refunded", amountCents: 7, providerId: "re_late", createdAt: new Date("2026-05-31T22:30:00.000Z") } });
    const days = await view();
    expect(days.rows.map((r) => [r.period, r.refunded])).toEqual([
      ["2026-06-01", 7],
      ["2026-05-31", 1_000],
    ]);
    const months = await view({ period: "month" });
    expect(months.rows.map((r) => [r.period, r.paid, r.refunded])).toEqual([
      ["2026-06-01", 0, 7],
      ["2026-05-01", 10_000, 1_000],
    ]);
    for (const r of [...days.rows, ...months.rows]) identity(r);
  });

  it("keeps to the filtered days and payment status, and shows days without movements as zeros", async () => {
    await storeDays(3, "2026-06-20");
    await storeDays(1, "2026-06-10");
    const range = await view({ from: "2026-06-09", to: "2026-06-19" });
    expect(range.rows.map((row) => row.period)).toEqual(["2026-06-19", "2026-06-18", "2026-06-17", "2026-06-16", "2026-06-15", "2026-06-14", "2026-06-13", "2026-06-12", "2026-06-11", "2026-06-10"]);
    expect(range.rows.find((row) => row.period === "2026-06-15")).toMatchObject({ paid: 0, entries: 0 });
    expect(range.totals.paid).toBe(10_001 + 10_002 + 10_000);
    expect((await view({ status: "failed" })).totals).toMatchObject({ paid: 0, entries: 0 });
    expect((await view({ status: "paid" })).totals.paid).toBe(10_000 + 10_001 + 10_002 + 10_000);
    // A range of centuries costs no more than the ledger's own days.
    const wide = await view({ from: "2000-01-01", to: "2999-12-31" });
    expect(wide.rows[0].period).toBe("2026-06-20");
    expect(wide.rows.at(-1)!.period).toBe("2026-06-10");
    expect(wide.rows).toHaveLength(11);
  });

  it("refuses bad filters, limits and cursors with a 400 naming the field, never a 500", async () => {
    await storeDays(3, "2026-06-20");
    const other = await createSignedInOperator("other-ops@example.test");
    const first = await view({ limit: "1" });
    const cases: [string, string][] = [
      ["period=week", "period"],
      ["period=day&period=month", "period"],
      ["status=refunded", "status"],
      ["from=2026-02-30", "from"],
      ["from=1999-12-31", "from"],
      ["to=3000-01-01", "to"],
      ["from=2026-06-20&to=2026-06-01", "to"],
      ["limit=0", "limit"],
      ["limit=10000", "limit"],
      ["limit=abc", "limit"],
      ["cursor=abc", "cursor"],
      [`cursor=${first.nextCursor}x`, "cursor"],
      [`period=month&cursor=${first.nextCursor}`, "cursor"],
    ];
    for (const [query, field] of cases) {
      const response = await moneyRoute(apiRequest("GET", `/api/ops/money?${query}`, { cookie: operator.cookie }), routeContext());
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { issues?: { path: string }[] } };
      expect(body.error.issues?.map((issue) => issue.path), query).toContain(field);
    }
    // Another operator's cursor is not theirs.
    const foreign = await moneyRoute(apiRequest("GET", `/api/ops/money?cursor=${first.nextCursor}`, { cookie: other.cookie }), routeContext());
    expect(foreign.status).toBe(400);
    const ok = await moneyRoute(apiRequest("GET", `/api/ops/money?limit=1&cursor=${first.nextCursor}`, { cookie: operator.cookie }), routeContext());
    expect(ok.status).toBe(200);
    expect(ok.headers.get("link")).toContain('rel="next"');
  });
});

describe("the payments list and a payment's page", () => {
  it("pages 60 payments newest first, filters by status and day, and answers 404 for an unknown or malformed id", async () => {
    const stored = await storeDays(60, "2026-06-20");
    await storeDays(2, "2026-04-01", { status: "failed" });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await paymentsRoute(apiRequest("GET", `/api/ops/money/payments?status=paid${cursor ? `&cursor=${cursor}` : ""}`, { cookie: operator.cookie }), routeContext());
      expect(response.status).toBe(200);
      const body = (await response.json()) as { rows: { id: string; balance: { paid: number } }[]; nextCursor: string | null };
      seen.push(...body.rows.map((row) => row.id));
      cursor = body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(stored.map((row) => row.id));
    const failed = await money.listPayments(operator, money.parsePaymentFilters(new URLSearchParams("status=failed")));
    expect(failed.rows).toHaveLength(2);
    const june20 = await money.listPayments(operator, money.parsePaymentFilters(new URLSearchParams("from=2026-06-20&to=2026-06-20")));
    expect(june20.rows.map((row) => row.id)).toEqual([stored[0].id]);
    expect(june20.rows[0].balance).toMatchObject({ paid: 10_000, refunded: 1_000, released: 8_500, commission: 500, held: 0 });

    for (const [query, status] of [["status=nope", 400], ["from=x", 400], ["cursor=%00", 400], ["limit=201", 400]] as const) {
      const response = await paymentsRoute(apiRequest("GET", `/api/ops/money/payments?${query}`, { cookie: operator.cookie }), routeContext());
      expect(response.status, query).toBe(status);
    }
    for (const id of [randomUUID(), "1", "' OR 1=1 --"]) {
      const response = await paymentRoute(apiRequest("GET", `/api/ops/money/payments/${encodeURIComponent(id)}`, { cookie: operator.cookie }), routeContext({ paymentId: id }));
      expect(response.status, id).toBe(404);
    }
    const found = await paymentRoute(apiRequest("GET", `/api/ops/money/payments/${stored[0].id}`, { cookie: operator.cookie }), routeContext({ paymentId: stored[0].id }));
    expect(found.status).toBe(200);
    expect(((await found.json()) as { payment: { ledger: unknown[] } }).payment.ledger).toHaveLength(4);
  });

  it("is a 404 for a homeowner and a handyman on every money route", async () => {
    const [row] = await storeDays(1, "2026-06-20");
    for (const user of [owner, nina]) {
      const calls: [(req: Request, ctx: { params: Promise<{ paymentId: string }> }) => Promise<Response>, string][] = [
        [moneyRoute, "/api/ops/money"],
        [paymentsRoute, "/api/ops/money/payments"],
        [paymentRoute, `/api/ops/money/payments/${row.id}`],
        [exportRoute, "/api/ops/money/export?month=2026-06"],
      ];
      for (const [handler, path] of calls) {
        const response = await handler(apiRequest("GET", path, { cookie: user.cookie }), routeContext({ paymentId: row.id }));
        expect(response.status, `${user.email} ${path}`).toBe(404);
      }
    }
  });
});

describe("the month's CSV", () => {
  const sumsOf = (csv: string) => {
    const sums: Record<string, number> = {};
    for (const line of csv.trimEnd().split("\r\n").slice(1)) {
      const cells = line.split(",");
      const [whole, cents] = cells[5].split(".");
      sums[cells[4]] = (sums[cells[4]] ?? 0) + Number(whole) * 100 + Number(cents);
    }
    return sums;
  };
  const readAll = async (month: string) => new Response(exporter.moneyExportStream(month)).text();

  it("has the ledger's sums per kind for the month, over more rows than a batch, and only that month's", async () => {
    await storeDays(150, "2026-06-30"); // 600 lines, June and part of May
    const csv = await readAll("2026-06");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 30 * 4);
    const may = await readAll("2026-05");
    expect(may.trimEnd().split("\r\n")).toHaveLength(1 + 31 * 4);
    const db = await getDb();
    for (const [month, text] of [["2026-06", csv], ["2026-05", may]] as const) {
      const range = exporter.monthRange(month);
      const ledger = await db.ledgerEntry.groupBy({ by: ["kind"], where: { createdAt: { gte: range.from, lt: range.until } }, _sum: { amountCents: true } });
      expect(sumsOf(text), month).toEqual(Object.fromEntries(ledger.map((sum) => [sum.kind, sum._sum.amountCents])));
    }
    const all = await readAll("2026-01");
    expect(all).toBe(`${exporter.EXPORT_COLUMNS.join(",")}\r\n`);
  });

  it("reads a month larger than a batch whole, in order, each line once", async () => {
    await storeDays(130, "2026-08-31", { perDay: 5 }); // 520 lines, 20 a day, from 6 to 31 August
    const august = (await readAll("2026-08")).trimEnd().split("\r\n").slice(1);
    expect(august.length).toBeGreaterThan(exporter.MONEY_EXPORT_BATCH);
    expect(august).toHaveLength(520);
    const ids = august.map((line) => line.split(",")[0]);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = august.map((line) => line.split(",")[1]);
    expect([...dates].sort()).toEqual(dates);
    expect(await readAll("2026-07")).toBe(`${exporter.EXPORT_COLUMNS.join(",")}\r\n`);
  });

  it("defuses cells a spreadsheet would run, writes Amsterdam times and euros with a dot, and refuses a bad month", async () => {
    const [row] = await storeDays(1, "2026-06-20");
    await (await getDb()).ledgerEntry.create({
      data: { paymentId: row.id, kind: "reversed", amountCents: 123_456, providerId: '=HYPERLINK("http://evil.example","x")', createdAt: new Date("2026-06-20T22:30:00.000Z") },
    });
    const lines = (await readAll("2026-06")).trimEnd().split("\r\n");
    const evil = lines.find((line) => line.includes("HYPERLINK"))!;
    expect(evil).toContain(`,2026-06-21 00:30:00,`);
    expect(evil).toContain(",reversed,1234.56,");
    expect(evil.endsWith(`,"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
    expect(["=1", "+1", "-1", "@x", "\tx", "plain"].map(exporter.csvCell)).toEqual(["'=1", "'+1", "'-1", "'@x", "'\tx", "plain"]);
    for (const month of ["", "2026-13", "2026-6", "1999-12", "x", "2026-06&month=2026-07"]) {
      const response = await exportRoute(apiRequest("GET", `/api/ops/money/export?month=${month}`, { cookie: operator.cookie }), routeContext());
      expect(response.status, month).toBe(400);
    }
  });
});
