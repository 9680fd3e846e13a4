// The requests overview of the operator console: every request with its state, filtered by state, city,
// trade and the day it was sent, with counts per state; one request in detail with its timeline and
// offers; and the one change an operator makes here, cancelling on the homeowner's behalf. Reading
// writes nothing; the homeowner's email address is shown only when an operator asks for it with a POST
// ("Show email"), and each such request is written to the audit log (who looked at whose address, when;
// the homeowner named by id).
import "server-only";
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { blankAsUndefined, parseQueryFilters, queryParam, type Query } from "../api/query";
import { AfterCommit } from "../queue/after-commit";
import { CITIES, TASK_TYPES, fromDbCity, fromDbTaskType, toDbCity, toDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { canTake, REQUEST_STATES, type ActorRole, type RequestState } from "../requests/lifecycle";
import { requestIdSchema } from "../requests/schemas";
import { cancelOnBehalf } from "../requests/workflow";
import { settleCancellation } from "../requests/cancellation";
import { freeTextSchema } from "../validations/text";
import { decodeCursor, parsePageSize, readPage, type Cursor, type CursorScope } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { confirmPassword, type Operator } from "./access";
import { recordAudit } from "./audit";

export const SITE_TIME_ZONE = "Europe/Amsterdam";

/** The requests the overview lists a page, unless the address asks for another number (?limit=, at most OVERVIEW_MAX_LIMIT). */
export const OVERVIEW_PAGE_SIZE = 50;
export const OVERVIEW_MAX_LIMIT = 200;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The years a filter's day may fall in: the database's timestamps, and the day after the last one, stay ordinary dates. */
const FILTER_YEARS = { first: 2000, last: 2999 } as const;

function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < FILTER_YEARS.first || year > FILTER_YEARS.last) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const filterDay = (label: string) => {
  const message = `Give the ${label} day as a date (YYYY-MM-DD) between ${FILTER_YEARS.first} and ${FILTER_YEARS.last}.`;
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === "" || isCalendarDay(value), message)
    .transform((value) => value || undefined);
};

/** The overview's filters, from the address (?state=…&city=…&taskType=…&from=…&to=…); every one optional. */
const requestFiltersSchema = z
  .object({
    state: z.preprocess(blankAsUndefined, z.enum(REQUEST_STATES, { error: `Choose a state: ${REQUEST_STATES.join(", ")}.` }).optional()),
    city: z.preprocess(blankAsUndefined, z.enum(CITIES, { error: `Choose a city: ${CITIES.join(", ")}.` }).optional()),
    taskType: z.preprocess(blankAsUndefined, z.enum(TASK_TYPES, { error: `Choose a trade: ${TASK_TYPES.join(", ")}.` }).optional()),
    from: filterDay("first").optional(),
    to: filterDay("last").optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "The first day must not be after the last day.", path: ["to"] });

export type RequestFilters = z.infer<typeof requestFiltersSchema>;

const FILTER_KEYS = ["state", "city", "taskType", "from", "to"] as const;

/**
 * Reads filters from a query string (URLSearchParams) or a page's searchParams: a repeated or unknown
 * value is a 400 with the field named, never a 500.
 */
export function parseRequestFilters(query: Query): RequestFilters {
  return parseQueryFilters(query, FILTER_KEYS, requestFiltersSchema);
}

const SITE_OFFSET = new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIME_ZONE, timeZoneName: "longOffset" });

/** Midnight of a calendar day on the Netherlands' clock, as an instant. */
export function amsterdamMidnight(isoDay: string): Date {
  const utcMidnight = new Date(`${isoDay}T00:00:00.000Z`);
  const offset = SITE_OFFSET.formatToParts(utcMidnight)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? "");
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

export function nextDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The filters as a where clause; `withState` false for the counts, which split the rest by state. */
function whereOf(filters: RequestFilters, withState = true): Prisma.RepairRequestWhereInput {
  return {
    ...(withState && filters.state ? { state: filters.state } : {}),
    ...(filters.city ? { city: toDbCity(filters.city) } : {}),
    ...(filters.taskType ? { taskType: toDbTaskType(filters.taskType) } : {}),
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

export type OverviewRow = {
  id: string;
  /** ISO timestamp: when the homeowner sent it. */
  createdAt: string;
  state: RequestState;
  city: City;
  taskType: TaskType;
  /** The day the job is for, YYYY-MM-DD. */
  date: string;
  /** Who holds it now (an open or accepted offer), if anyone. */
  handyman: string | null;
};

export type RequestsOverview = {
  filters: RequestFilters;
  /** One page of the requests that match, newest first. */
  rows: OverviewRow[];
  /** The cursors of the older and the newer page (?cursor=), null at either end. */
  nextCursor: string | null;
  previousCursor: string | null;
  /** How many requests match the filters in all. */
  total: number;
  /** Requests per state under the other filters (city, trade, days), every state present. */
  counts: Record<RequestState, number>;
};

/** The cursors of the overview are the operator's own: one from another list or account is a 400. */
const overviewScope = (operator: Pick<Operator, "id">): CursorScope => ({ list: "ops.requests", owner: operator.id });

export type OverviewPage = { cursor?: Cursor; limit: number };

/** ?cursor= and ?limit= of the overview (a bad one is a 400; absent: the newest OVERVIEW_PAGE_SIZE). */
export function parseOverviewPage(operator: Pick<Operator, "id">, query: Query): OverviewPage {
  return {
    cursor: decodeCursor(queryParam(query, "cursor"), overviewScope(operator), 2),
    limit: parsePageSize(queryParam(query, "limit"), { fallback: OVERVIEW_PAGE_SIZE, max: OVERVIEW_MAX_LIMIT }),
  };
}

/**
 * Requests per state under `filters`' city, trade and days, from the counts the database keeps as requests
 * are added, change state or go: per city, trade and state (request_state_counts, a few dozen rows), and
 * per Amsterdam day besides for a range of days (request_state_day_counts, a row per day, city, trade and
 * state), so neither reads the requests themselves.
 */
async function countsOf(filters: RequestFilters): Promise<Record<RequestState, number>> {
  const db = await getDb();
  const counts = Object.fromEntries(REQUEST_STATES.map((state) => [state, 0])) as Record<RequestState, number>;
  // The catalogue's names are the database enums' labels (prisma/schema.prisma maps each one to them).
  const city = filters.city ?? null;
  const taskType = filters.taskType ?? null;
  const from = filters.from ?? null;
  const to = filters.to ?? null;
  const rows =
    from || to
      ? await db.$queryRaw<{ state: RequestState; n: bigint }[]>`
          SELECT "state"::text AS "state", sum("n")::bigint AS "n" FROM "request_state_day_counts"
           WHERE (${from}::date IS NULL OR "day" >= ${from}::date) AND (${to}::date IS NULL OR "day" <= ${to}::date)
             AND (${city}::text IS NULL OR "city"::text = ${city}::text) AND (${taskType}::text IS NULL OR "task_type"::text = ${taskType}::text)
           GROUP BY "state"`
      : await db.$queryRaw<{ state: RequestState; n: bigint }[]>`
          SELECT "state"::text AS "state", sum("n")::bigint AS "n" FROM "request_state_counts"
           WHERE (${city}::text IS NULL OR "city"::text = ${city}::text) AND (${taskType}::text IS NULL OR "task_type"::text = ${taskType}::text)
           GROUP BY "state"`;
  for (const row of rows) if (row.state in counts) counts[row.state] = Number(row.n);
  return counts;
}

/** One page of the overview for `filters` (already parsed), for `operator`. No homeowner's address appears here. */
export async function listRequests(operator: Pick<Operator, "id">, filters: RequestFilters, page: OverviewPage = { limit: OVERVIEW_PAGE_SIZE }): Promise<RequestsOverview> {
  const db = await getDb();
  const [found, counts] = await Promise.all([
    readPage(
      overviewScope(operator),
      page.limit,
      page.cursor,
      ({ cursor, take }) => {
        const keyset = newestFirst(cursor, { time: "createdAt", id: "id" }, uuidOf);
        return db.repairRequest.findMany({
          where: { AND: [whereOf(filters), keyset.where as Prisma.RepairRequestWhereInput] },
          orderBy: keyset.orderBy as Prisma.RepairRequestOrderByWithRelationInput[],
          take,
          select: {
            id: true,
            createdAt: true,
            state: true,
            city: true,
            taskType: true,
            date: true,
            offers: { where: { status: { in: ["open", "accepted"] } }, select: { handyman: { select: { name: true } } }, take: 1 },
          },
        });
      },
      (row) => timeKey(row.createdAt, row.id),
    ),
    countsOf(filters),
  ]);
  const total = filters.state ? counts[filters.state] : REQUEST_STATES.reduce((sum, state) => sum + counts[state], 0);
  return {
    filters,
    total,
    counts,
    nextCursor: found.next,
    previousCursor: found.previous,
    rows: found.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      state: row.state,
      city: fromDbCity(row.city),
      taskType: fromDbTaskType(row.taskType),
      date: row.date.toISOString().slice(0, 10),
      handyman: row.offers[0]?.handyman.name ?? null,
    })),
  };
}

export type OpsTimelineEntry = {
  id: string;
  at: string;
  actorRole: ActorRole;
  action: string;
  from: RequestState;
  to: RequestState;
  handyman: string | null;
  note: string;
};

export type OpsOffer = {
  id: string;
  handyman: { id: number; name: string };
  status: "open" | "accepted" | "declined" | "expired" | "withdrawn";
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
  declineReason: string | null;
};

export type OpsRequestDetail = OverviewRow & {
  details: string;
  criterion: string | null;
  proposedDate: string | null;
  /** The homeowner's account; their address only through revealHomeownerEmail. */
  homeownerId: string;
  timeline: OpsTimelineEntry[];
  offers: OpsOffer[];
  review: { stars: number; text: string } | null;
  /** Whether the request may still be cancelled on the homeowner's behalf. */
  cancellable: boolean;
};

/** A request's id in an address or a form; a malformed one is "not found". */
export function parseRequestId(value: unknown): string {
  const parsed = requestIdSchema.safeParse(value);
  if (!parsed.success) throw new ApiError("not_found", { key: "requestNotFound" });
  return parsed.data;
}

/** One request in full, without its homeowner's address; it only reads (a GET may be sent by any link). 404 for an unknown id. */
export async function viewRequest(id: string): Promise<OpsRequestDetail> {
  const db = await getDb();
  const row = await db.repairRequest.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      state: true,
      city: true,
      taskType: true,
      date: true,
      details: true,
      criterion: true,
      proposedDate: true,
      userId: true,
      offers: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, status: true, createdAt: true, expiresAt: true, answeredAt: true, declineReason: true, handyman: { select: { id: true, name: true } } },
      },
      events: {
        orderBy: { id: "asc" },
        select: { id: true, at: true, actorRole: true, action: true, fromState: true, toState: true, note: true, handyman: { select: { name: true } } },
      },
      review: { select: { stars: true, text: true } },
    },
  });
  if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
  const holder = row.offers.find((offer) => offer.status === "open" || offer.status === "accepted");
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    city: fromDbCity(row.city),
    taskType: fromDbTaskType(row.taskType),
    date: row.date.toISOString().slice(0, 10),
    handyman: holder?.handyman.name ?? null,
    details: row.details,
    criterion: row.criterion,
    proposedDate: row.proposedDate ? row.proposedDate.toISOString().slice(0, 10) : null,
    homeownerId: row.userId,
    timeline: row.events.map((event) => ({
      id: event.id.toString(),
      at: event.at.toISOString(),
      actorRole: event.actorRole,
      action: event.action,
      from: event.fromState,
      to: event.toState,
      handyman: event.handyman?.name ?? null,
      note: event.note,
    })),
    offers: row.offers.map((offer) => ({
      id: offer.id,
      handyman: offer.handyman,
      status: offer.status,
      createdAt: offer.createdAt.toISOString(),
      expiresAt: offer.expiresAt.toISOString(),
      answeredAt: offer.answeredAt?.toISOString() ?? null,
      declineReason: offer.declineReason,
    })),
    review: row.review,
    cancellable: canTake("cancel", row.state, "operator"),
  };
}

/**
 * The address of request `id`'s homeowner, for an operator who asked for it (a POST): the look is written
 * to the audit log (action "view_homeowner_email", the homeowner by id) in the same transaction as the
 * read. 404 for an unknown id, logging nothing.
 */
export async function revealHomeownerEmail(operator: Operator, id: string): Promise<{ requestId: string; homeownerId: string; email: string }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.repairRequest.findUnique({ where: { id }, select: { id: true, user: { select: { id: true, email: true } } } });
    if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
    await recordAudit(tx, operator, { action: "view_homeowner_email", targetType: "request", targetId: row.id, after: { homeownerId: row.user.id } });
    return { requestId: row.id, homeownerId: row.user.id, email: row.user.email };
  });
}



export const MAX_CANCEL_REASON_LENGTH = 500;

const cancelOnBehalfSchema = z.object({
  reason: freeTextSchema({
    max: MAX_CANCEL_REASON_LENGTH,
    typeMessage: "Write the reason as text.",
    maxMessage: `Keep the reason to ${MAX_CANCEL_REASON_LENGTH} characters or fewer.`,
  }).refine((value) => value.length >= 3, "Write why the request is cancelled: the homeowner is mailed this reason."),
  /** The state the operator saw; the cancel applies only if the request is still in it. */
  state: z.preprocess(blankAsUndefined, z.enum(REQUEST_STATES, { error: "Unknown request state." }).optional()),
});

/**
 * Cancels request `id` for its homeowner: the reason is checked first (400), then the operator's password
 * (403/429), then the request's life (409 when its state no longer allows a cancel). The homeowner is
 * mailed the reason, the handyman holding it is told, and the audit entry is written in the same
 * transaction. A paid job is refunded in full (lib/payments/cancellation.ts) once that has committed.
 */
export async function cancelRequestForHomeowner(operator: Operator, id: string, input: { reason?: unknown; state?: unknown; password?: unknown }, now = new Date()): Promise<void> {
  const parsed = cancelOnBehalfSchema.safeParse({ reason: input.reason ?? "", state: input.state });
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the field marked below.");
  await confirmPassword(operator, input.password);
  const db = await getDb();
  const after = new AfterCommit();
  await db.$transaction(async (tx) => {
    const before = await cancelOnBehalf(tx, after, { operatorId: operator.id, id, reason: parsed.data.reason, seenState: parsed.data.state, now });
    await recordAudit(tx, operator, {
      action: "cancel_request",
      targetType: "request",
      targetId: id,
      before: { state: before.state },
      // The reason is on the request's timeline (and in the homeowner's mail), never in the log: it is free text about a person.
      after: { state: "cancelled" },
    });
  });
  await after.run();
  await settleCancellation(id);
}
