// The money view of the operator console (/ops/money): what the ledger says moved, per Amsterdam day or
// month, newest first; the payments, a keyset page at a time; one payment with its ledger lines, its
// transfers and the request and quote it belongs to. Read-only: nothing here calls lib/payments' movers.
//
// The periods are a calendar: a page is `limit` consecutive days (or months) going back from the newest
// one with a movement, never before the first one, and a day without movements reads as zeros. So a page
// never costs more than the ledger rows of its own days, summed by the database over the index on
// ledger_entries(created_at) (one range for the page, one for the totals of the whole filtered range).
// Each period's figures are the ledger's sums per kind made into a balance by balanceOf (the one rule):
// paid = held + released + commission + refunded, where "held" is the period's change in what waits on the
// provider's balance (negative on a day that released more than came in) and "released" is net of reversals.
import "server-only";
import { z } from "zod";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import { blankAsUndefined, parseQueryFilters, queryParam, type Query } from "../api/query";
import { badCursor, decodeCursor, parsePageSize, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { balanceOf, type Balance, type LedgerKind } from "../payments/ledger";
import { fromDbCity, fromDbTaskType, type City, type TaskType } from "../requests/catalogue";
import type { Operator } from "./access";
import { amsterdamMidnight, filterDay, nextDay, SITE_TIME_ZONE } from "./requests";

export const MONEY_PERIODS = ["day", "month"] as const;
export type MoneyPeriod = (typeof MONEY_PERIODS)[number];

export const PAYMENT_STATUSES = ["open", "pending", "paid", "failed", "canceled", "expired"] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];

/** Periods a page (?limit= 1–MONEY_MAX_LIMIT): a month of days, or two years of months. */
export const MONEY_PAGE_SIZE: Record<MoneyPeriod, number> = { day: 31, month: 24 };
export const MONEY_MAX_LIMIT = 200;
/** Payments a page of the payments list. */
export const PAYMENTS_PAGE_SIZE = 50;

const statusFilter = z.preprocess(blankAsUndefined, z.enum(PAYMENT_STATUSES, { error: `Choose a payment status: ${PAYMENT_STATUSES.join(", ")}.` }).optional());

const moneyFiltersSchema = z
  .object({
    period: z.preprocess(blankAsUndefined, z.enum(MONEY_PERIODS, { error: "Choose per day or per month." }).default("day")),
    status: statusFilter,
    from: filterDay("first").optional(),
    to: filterDay("last").optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "The first day must not be after the last day.", path: ["to"] });

export type MoneyFilters = z.infer<typeof moneyFiltersSchema>;

const paymentFiltersSchema = z
  .object({ status: statusFilter, from: filterDay("first").optional(), to: filterDay("last").optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "The first day must not be after the last day.", path: ["to"] });

export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/** ?period=day|month&status=&from=&to= of the money view; a repeated or unknown value is a 400 naming it. */
export function parseMoneyFilters(query: Query): MoneyFilters {
  return parseQueryFilters(query, ["period", "status", "from", "to"], moneyFiltersSchema);
}

/** ?status=&from=&to= of the payments list. */
export function parsePaymentFilters(query: Query): PaymentFilters {
  return parseQueryFilters(query, ["status", "from", "to"], paymentFiltersSchema);
}

// ---- periods --------------------------------------------------------------------------------------------

/** The first day of `isoDay`'s period: the day itself, or the first of its month. */
const periodOf = (period: MoneyPeriod, isoDay: string) => (period === "day" ? isoDay : `${isoDay.slice(0, 7)}-01`);

/** The period `steps` periods after (or before, when negative) the one starting on `start`. */
function shiftPeriod(period: MoneyPeriod, start: string, steps: number): string {
  const date = new Date(`${start}T00:00:00.000Z`);
  if (period === "day") date.setUTCDate(date.getUTCDate() + steps);
  else date.setUTCMonth(date.getUTCMonth() + steps);
  return date.toISOString().slice(0, 10);
}

const AMSTERDAM_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Amsterdam calendar day of an instant, YYYY-MM-DD. */
export function amsterdamDayOf(at: Date): string {
  return AMSTERDAM_DAY.format(at);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A period key from a cursor: a first day of the list's period, else a 400. */
function periodKeyOf(period: MoneyPeriod, value: string): string {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!ISO_DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || periodOf(period, value) !== value) throw badCursor();
  return value;
}

export type MoneyRow = Balance & {
  /** The period's first day, YYYY-MM-DD (the first of the month per month). */
  period: string;
  /** How many ledger lines the period has. */
  entries: number;
};

export type MoneyView = {
  filters: MoneyFilters;
  /** One page of periods, newest first. */
  rows: MoneyRow[];
  nextCursor: string | null;
  previousCursor: string | null;
  /** The sums over every period the filters cover. */
  totals: Balance & { entries: number };
};

export type MoneyPage = { cursor?: Cursor; limit: number };

const moneyScope = (operator: Pick<Operator, "id">, period: MoneyPeriod): CursorScope => ({ list: `ops.money.${period}`, owner: operator.id });

/** ?cursor= and ?limit= of the money view; a cursor of the other period, list or operator is a 400. */
export function parseMoneyPage(operator: Pick<Operator, "id">, filters: Pick<MoneyFilters, "period">, query: Query): MoneyPage {
  const cursor = decodeCursor(queryParam(query, "cursor"), moneyScope(operator, filters.period), 1);
  if (cursor) periodKeyOf(filters.period, cursor.key[0]);
  return { cursor, limit: parsePageSize(queryParam(query, "limit"), { fallback: MONEY_PAGE_SIZE[filters.period], max: MONEY_MAX_LIMIT }) };
}

type KindSum = { period: string | null; kind: LedgerKind; cents: bigint; entries: bigint };

/**
 * The ledger's sums per kind (and per period, unless `period` is null) of the entries made from `from`
 * (inclusive) to `until` (exclusive), of payments in `status` if given: one aggregate in the database.
 */
async function ledgerSums(range: { from: Date; until: Date }, status: PaymentStatusName | undefined, period: MoneyPeriod | null): Promise<KindSum[]> {
  const db = await getDb();
  const filterStatus = status ?? null;
  const unit = period ?? "day";
  const grouped = period !== null;
  return db.$queryRaw<KindSum[]>`
    SELECT CASE WHEN ${grouped} THEN to_char(date_trunc(${unit}, le."created_at" AT TIME ZONE 'Europe/Amsterdam'), 'YYYY-MM-DD') END AS "period",
           le."kind"::text AS "kind", sum(le."amount_cents")::bigint AS "cents", count(*)::bigint AS "entries"
      FROM "ledger_entries" le
     WHERE le."created_at" >= ${range.from} AND le."created_at" < ${range.until}
       AND (${filterStatus}::text IS NULL OR EXISTS (SELECT 1 FROM "payments" p WHERE p."id" = le."payment_id" AND p."status"::text = ${filterStatus}::text))
     GROUP BY 1, 2`;
}

function balanceFrom(sums: KindSum[]): Balance & { entries: number } {
  return {
    ...balanceOf(sums.map((sum) => ({ kind: sum.kind, amountCents: Number(sum.cents) }))),
    entries: sums.reduce((count, sum) => count + Number(sum.entries), 0),
  };
}

/** The first and last Amsterdam day with a ledger line (two index probes), or null on an empty ledger. */
async function ledgerDays(): Promise<{ first: string; last: string } | null> {
  const db = await getDb();
  const [first, last] = await Promise.all([
    db.ledgerEntry.findFirst({ orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    db.ledgerEntry.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
  ]);
  return first && last ? { first: amsterdamDayOf(first.createdAt), last: amsterdamDayOf(last.createdAt) } : null;
}

/** One page of the money view for `filters` (already parsed), for `operator`. */
export async function listMoney(operator: Pick<Operator, "id">, filters: MoneyFilters, page: MoneyPage = { limit: MONEY_PAGE_SIZE[filters.period] }): Promise<MoneyView> {
  const { period } = filters;
  const days = await ledgerDays();
  const empty: MoneyView = { filters, rows: [], nextCursor: null, previousCursor: null, totals: { ...balanceOf([]), entries: 0 } };
  if (!days) return empty;
  // The periods the list covers: the filters' days, within the ledger's (a range of centuries costs nothing).
  const firstDay = filters.from && filters.from > days.first ? filters.from : days.first;
  const lastDay = filters.to && filters.to < days.last ? filters.to : days.last;
  if (firstDay > lastDay) return empty;
  const first = periodOf(period, firstDay);
  const last = periodOf(period, lastDay);
  const dayRange = { from: amsterdamMidnight(firstDay), until: amsterdamMidnight(nextDay(lastDay)) };

  const found: Page<MoneyRow> = await readPage(
    moneyScope(operator, period),
    page.limit,
    page.cursor,
    async ({ cursor, take }) => {
      // Newest first from the cursor (or the last period), or, reading back, oldest first after it.
      const backwards = cursor?.direction === "before";
      const starts: string[] = [];
      let at = cursor ? shiftPeriod(period, cursor.key[0], backwards ? 1 : -1) : last;
      // A cursor from before the filters narrowed: go on from the range's nearer end.
      if (!backwards && at > last) at = last;
      if (backwards && at < first) at = first;
      while (starts.length < take && at >= first && at <= last) {
        starts.push(at);
        at = shiftPeriod(period, at, backwards ? 1 : -1);
      }
      if (starts.length === 0) return [];
      const oldest = starts.reduce((a, b) => (a < b ? a : b));
      const newest = starts.reduce((a, b) => (a > b ? a : b));
      const from = new Date(Math.max(dayRange.from.getTime(), amsterdamMidnight(oldest).getTime()));
      const until = new Date(Math.min(dayRange.until.getTime(), amsterdamMidnight(shiftPeriod(period, newest, 1)).getTime()));
      const sums = await ledgerSums({ from, until }, filters.status, period);
      return starts.map((start) => ({ period: start, ...balanceFrom(sums.filter((sum) => sum.period === start)) }));
    },
    (row) => [row.period],
  );
  const totals = balanceFrom(await ledgerSums(dayRange, filters.status, null));
  return { filters, rows: found.rows, nextCursor: found.next, previousCursor: found.previous, totals };
}

// ---- payments -------------------------------------------------------------------------------------------

export type PaymentRow = {
  id: string;
  createdAt: string;
  status: PaymentStatusName;
  amountCents: number;
  providerPaymentId: string | null;
  handyman: { id: number; name: string };
  request: { id: string; taskType: TaskType; city: City };
  balance: Balance;
};

export type PaymentsList = { filters: PaymentFilters; rows: PaymentRow[]; nextCursor: string | null; previousCursor: string | null };

const paymentsScope = (operator: Pick<Operator, "id">): CursorScope => ({ list: "ops.payments", owner: operator.id });

/** ?cursor= and ?limit= of the payments list. */
export function parsePaymentsPage(operator: Pick<Operator, "id">, query: Query): MoneyPage {
  return {
    cursor: decodeCursor(queryParam(query, "cursor"), paymentsScope(operator), 2),
    limit: parsePageSize(queryParam(query, "limit"), { fallback: PAYMENTS_PAGE_SIZE, max: MONEY_MAX_LIMIT }),
  };
}

function paymentsWhere(filters: PaymentFilters): Prisma.PaymentWhereInput {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from || filters.to
      ? {
          createdAt: {
            ...(filters.from ? { gte: amsterdamMidnight(filters.from) } : {}),
            ...(filters.to ? { lt: amsterdamMidnight(nextDay(filters.to)) } : {}),
          },
        }
      : {}),
  };
}

/** One page of payments, newest first (the id breaking ties), each with its balance from the ledger. */
export async function listPayments(operator: Pick<Operator, "id">, filters: PaymentFilters, page: MoneyPage = { limit: PAYMENTS_PAGE_SIZE }): Promise<PaymentsList> {
  const db = await getDb();
  const found = await readPage(
    paymentsScope(operator),
    page.limit,
    page.cursor,
    ({ cursor, take }) => {
      const keyset = newestFirst(cursor, { time: "createdAt", id: "id" }, uuidOf);
      return db.payment.findMany({
        where: { AND: [paymentsWhere(filters), keyset.where as Prisma.PaymentWhereInput] },
        orderBy: keyset.orderBy as Prisma.PaymentOrderByWithRelationInput[],
        take,
        select: {
          id: true,
          createdAt: true,
          status: true,
          amountCents: true,
          providerPaymentId: true,
          handyman: { select: { id: true, name: true } },
          request: { select: { id: true, taskType: true, city: true } },
        },
      });
    },
    (row) => timeKey(row.createdAt, row.id),
  );
  const ids = found.rows.map((row) => row.id);
  const sums = ids.length
    ? await db.ledgerEntry.groupBy({ by: ["paymentId", "kind"], where: { paymentId: { in: ids } }, _sum: { amountCents: true } })
    : [];
  return {
    filters,
    nextCursor: found.next,
    previousCursor: found.previous,
    rows: found.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      amountCents: row.amountCents,
      providerPaymentId: row.providerPaymentId,
      handyman: row.handyman,
      request: { id: row.request.id, taskType: fromDbTaskType(row.request.taskType), city: fromDbCity(row.request.city) },
      balance: balanceOf(sums.filter((sum) => sum.paymentId === row.id).map((sum) => ({ kind: sum.kind, amountCents: sum._sum.amountCents ?? 0 }))),
    })),
  };
}

export type PaymentDetail = Omit<PaymentRow, "request"> & {
  attempt: number;
  description: string;
  mode: string;
  request: PaymentRow["request"] & { state: string };
  quote: { id: string; status: string; totalCents: number; createdAt: string } | null;
  ledger: { id: string; kind: LedgerKind; amountCents: number; providerId: string; createdAt: string }[];
  transfers: {
    id: string;
    kind: "refund" | "release";
    reasonKey: string;
    amountCents: number;
    commissionCents: number;
    reversedCents: number;
    state: "requested" | "done" | "refused";
    providerId: string | null;
    createdAt: string;
    finishedAt: string | null;
  }[];
};

const NOT_FOUND = { key: "paymentNotFound" } as const;

/** One payment with its ledger lines and transfers, oldest first; 404 for an id that is not one. */
export async function getPaymentDetailOrThrow(paymentId: string): Promise<PaymentDetail> {
  if (!z.uuid().safeParse(paymentId).success) throw new ApiError("not_found", NOT_FOUND);
  const db = await getDb();
  const row = await db.payment.findUnique({
    where: { id: paymentId },
    include: {
      handyman: { select: { id: true, name: true } },
      request: { select: { id: true, taskType: true, city: true, state: true } },
      ledger: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      transfers: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  const quote = z.uuid().safeParse(row.quoteId).success
    ? await db.quote.findUnique({ where: { id: row.quoteId }, select: { id: true, status: true, totalCents: true, createdAt: true } })
    : null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attempt: row.attempt,
    description: row.description,
    mode: row.mode,
    amountCents: row.amountCents,
    providerPaymentId: row.providerPaymentId,
    handyman: row.handyman,
    request: { id: row.request.id, taskType: fromDbTaskType(row.request.taskType), city: fromDbCity(row.request.city), state: row.request.state },
    quote: quote ? { ...quote, createdAt: quote.createdAt.toISOString() } : null,
    balance: balanceOf(row.ledger),
    ledger: row.ledger.map((entry) => ({ id: String(entry.id), kind: entry.kind, amountCents: entry.amountCents, providerId: entry.providerId, createdAt: entry.createdAt.toISOString() })),
    transfers: row.transfers.map((transfer) => ({
      id: transfer.id,
      kind: transfer.kind,
      reasonKey: transfer.reasonKey,
      amountCents: transfer.amountCents,
      commissionCents: transfer.commissionCents,
      reversedCents: transfer.reversedCents,
      state: transfer.state,
      providerId: transfer.providerId,
      createdAt: transfer.createdAt.toISOString(),
      finishedAt: transfer.finishedAt?.toISOString() ?? null,
    })),
  };
}
