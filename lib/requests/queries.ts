// Reads and writes of homeowners' repair requests. Every function takes the signed-in user and only
// ever touches that user's rows; another user's request looks exactly like one that does not exist.
import "server-only";
import { getDb } from "../db";
import { isUniqueViolation } from "../db/errors";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { toDbCity, toDbCriterion, toDbTaskType } from "./catalogue";
import type { NewRepairRequest, RepairRequest } from "./schemas";
import { fromStored, toDbDate } from "./stored";

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

/** One of the user's requests; 404 when it does not exist or belongs to someone else. */
export async function getRequestForUserOrThrow(user: SessionUser, id: string): Promise<RepairRequest> {
  const db = await getDb();
  const row = await db.repairRequest.findFirst({ where: { id, userId: user.id }, select: requestColumns });
  if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
  return fromStored(row);
}

/**
 * Stores a new request under the id the browser made for it. Sending the same id again (a double click,
 * a retry after a lost answer, ten tabs at once) returns the request already stored and stores nothing
 * more; an id already used by another user is a 409.
 */
export async function createRequest(user: SessionUser, request: NewRepairRequest): Promise<RepairRequest> {
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
      },
      select: requestColumns,
    });
    return fromStored(row);
  } catch (error) {
    // The primary key is the only unique constraint on requests, so any unique violation means the id is
    // taken. (With driver adapters Prisma may leave `meta.target` empty, so it is not consulted.)
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.repairRequest.findUnique({ where: { id: request.id }, select: requestColumns });
    if (existing && existing.userId === user.id) return fromStored(existing);
    throw new ApiError("conflict", { key: "request.idInUse" });
  }
}
