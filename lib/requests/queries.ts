// Reads and writes of homeowners' repair requests. Every function takes the signed-in user and only
// ever touches that user's rows; another user's request looks exactly like one that does not exist.
import "server-only";
import { getDb } from "../db";
import { isUniqueViolation } from "../db/errors";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import type { Limiter } from "../rate-limit";
import { requestLimiter } from "./limits";
import { toDbCity, toDbCriterion, toDbTaskType } from "./catalogue";
import type { NewRepairRequest, RepairRequest } from "./schemas";
import { fromStored, toDbDate } from "./stored";
import type { Prisma } from "../generated/prisma/client";
import type { RequestState } from "./lifecycle";
import { decodeCursor, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";

/** The columns a RepairRequest is read from (lib/requests/stored.ts maps them). */
export const requestColumns = {
  id: true,
  userId: true,
  taskType: true,
  city: true,
  date: true,
  details: true,
  criterion: true,
  createdAt: true,
} as const;

/** The user's requests, newest first. */
export async function listRequestsForUser(user: SessionUser): Promise<RepairRequest[]> {
  const db = await getDb();
  const rows = await db.repairRequest.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: requestColumns,
  });
  return rows.map(fromStored);
}

/** The orders page lists this many requests at a time, newest first. */
export const ORDERS_PAGE_SIZE = 50;

/** A user's orders cursors are their own: one from another list or account is a 400. */
const ordersScope = (user: Pick<SessionUser, "id">): CursorScope => ({ list: "orders", owner: user.id });

/** ?cursor= of the orders page: absent is the newest page; one that is not this user's is a 400. */
export function parseOrdersCursor(user: Pick<SessionUser, "id">, value: unknown): Cursor | undefined {
  return decodeCursor(value, ordersScope(user), 2);
}

export type Order = RepairRequest & { state: RequestState };

/** One page of the user's requests with where each stands, newest first. */
export async function listOrdersPage(user: Pick<SessionUser, "id">, cursor: Cursor | undefined): Promise<Page<Order>> {
  const db = await getDb();
  return readPage(
    ordersScope(user),
    ORDERS_PAGE_SIZE,
    cursor,
    async ({ cursor: at, take }) => {
      const keyset = newestFirst(at, { time: "createdAt", id: "id" }, uuidOf);
      const rows = await db.repairRequest.findMany({
        where: { AND: [{ userId: user.id }, keyset.where as Prisma.RepairRequestWhereInput] },
        orderBy: keyset.orderBy as Prisma.RepairRequestOrderByWithRelationInput[],
        take,
        select: { ...requestColumns, state: true },
      });
      return rows.map((row) => ({ ...fromStored(row), state: row.state }));
    },
    (order) => timeKey(new Date(order.createdAt), order.id),
  );
}

/** One of the user's requests; 404 when it does not exist or belongs to someone else. */
export async function getRequestForUserOrThrow(user: SessionUser, id: string): Promise<RepairRequest> {
  const db = await getDb();
  const row = await db.repairRequest.findFirst({ where: { id, userId: user.id }, select: requestColumns });
  if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
  return fromStored(row);
}

/** What admitRequest decided: the request already stored under the id (a replay), or a new one counted. */
export type RequestAdmission = { kind: "replayed"; request: RepairRequest } | { kind: "new"; giveBack(): Promise<void> };

/**
 * Everything that may refuse a new request before it is stored, and before anything costly is done for it
 * (the form's photos are decoded only after this): 403 for anyone but a homeowner; the request already
 * stored under the id (a replay: it does not count); 429 with Retry-After past the account's daily
 * ceiling (./limits.ts). A new request is counted here; `giveBack` returns the count when it is not stored.
 */
export async function admitRequest(user: Pick<SessionUser, "id">, id: string, limiter: Limiter = requestLimiter()): Promise<RequestAdmission> {
  const db = await getDb();
  const account = await db.user.findUnique({
    where: { id: user.id },
    select: { role: true, requests: { where: { id }, select: requestColumns } },
  });
  if (account?.role !== "homeowner") throw new ApiError("forbidden", { key: "request.homeownersOnly" });
  const [replayed] = account.requests;
  if (replayed) return { kind: "replayed", request: fromStored(replayed) };

  const decision = await limiter.consume(user.id);
  if (!decision.allowed) {
    throw new ApiError("rate_limited", { key: "request.tooManyToday", values: { count: limiter.spec.points } }, undefined, {
      "Retry-After": String(decision.retryAfterSeconds),
    });
  }
  return { kind: "new", giveBack: () => limiter.refund(user.id) };
}

/**
 * Stores a new request under the id the browser made for it. Only homeowners make requests (a handyman
 * or operator who wants a repair uses a homeowner account): anyone else gets 403. Sending the same id
 * again (a double click, a retry after a lost answer, ten tabs at once) returns the request already
 * stored, stores nothing more and does not count; an id already used by another user is a 409. A new
 * request counts towards the account's daily ceiling (./limits.ts): past it, 429 with Retry-After.
 */
export async function createRequest(user: SessionUser, request: NewRepairRequest, limiter: Limiter = requestLimiter()): Promise<RepairRequest> {
  const admission = await admitRequest(user, request.id, limiter);
  if (admission.kind === "replayed") return admission.request;
  return storeAdmittedRequest(user, request, admission);
}

/** Stores a request admitRequest let in; when it is not stored, its count is given back. */
export async function storeAdmittedRequest(user: Pick<SessionUser, "id">, request: NewRepairRequest, admission: Extract<RequestAdmission, { kind: "new" }>): Promise<RepairRequest> {
  const db = await getDb();
  try {
    const row = await db.repairRequest.create({
      data: {
        id: request.id,
        userId: user.id,
        taskType: toDbTaskType(request.taskType),
        city: toDbCity(request.city),
        details: request.details,
        date: toDbDate(request.date),
        criterion: request.criterion ? toDbCriterion(request.criterion) : null,
        ...(typeof request.homeOlderThanTwoYears === "boolean" ? { homeOlderThanTwoYears: request.homeOlderThanTwoYears, homeAgeStatedAt: new Date() } : {}),
      },
      select: requestColumns,
    });
    return fromStored(row);
  } catch (error) {
    // Nothing was stored: the attempt does not count.
    await admission.giveBack();
    // The primary key is the only unique constraint on requests, so any unique violation means the id is
    // taken. (With driver adapters Prisma may leave `meta.target` empty, so it is not consulted.)
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.repairRequest.findUnique({ where: { id: request.id }, select: requestColumns });
    if (existing && existing.userId === user.id) return fromStored(existing);
    throw new ApiError("conflict", { key: "request.idInUse" });
  }
}
