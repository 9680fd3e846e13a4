// Reads and writes of homeowners' repair requests. Every function takes the signed-in user and only
// ever touches that user's rows; another user's request looks exactly like one that does not exist.
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import type { ChooseCriterionPayload, CreateInputData, InputRow } from "../validations/inputs";
import { toDbCity, toDbCriteria, toDbDate, toDbTaskType, toInputRow } from "./serialize";

const inputColumns = {
  inputId: true,
  userId: true,
  taskType: true,
  city: true,
  date: true,
  details: true,
  criteria: true,
  createdAt: true,
} as const;

/** The user's requests, newest first. */
export async function listInputsForUser(user: SessionUser): Promise<InputRow[]> {
  const db = await getDb();
  const rows = await db.input.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { inputId: "asc" }],
    select: inputColumns,
  });
  return rows.map(toInputRow);
}

/** One of the user's requests; 404 when it does not exist or belongs to someone else. */
export async function getInputForUserOrThrow(user: SessionUser, inputId: string): Promise<InputRow> {
  const db = await getDb();
  const row = await db.input.findFirst({ where: { inputId, userId: user.id }, select: inputColumns });
  if (!row) throw new ApiError("not_found", "That request was not found.");
  return toInputRow(row);
}

/**
 * Stores a new request under the client's `input_id`. Sending the same id again (a double click, a
 * retry after a lost answer, ten tabs at once) returns the row already stored and stores nothing more;
 * an id already used by another user is a 409.
 */
export async function createInput(user: SessionUser, data: CreateInputData): Promise<InputRow> {
  const db = await getDb();
  try {
    const row = await db.input.create({
      data: {
        inputId: data.input_id,
        userId: user.id,
        userEmail: user.email,
        taskType: toDbTaskType(data.task_type),
        city: toDbCity(data.city),
        details: data.details,
        date: toDbDate(data.date),
        criteria: data.criteria ? toDbCriteria(data.criteria) : null,
      },
      select: inputColumns,
    });
    return toInputRow(row);
  } catch (error) {
    // The primary key is the only unique constraint on inputs, so any unique violation means the id is
    // taken. (With driver adapters Prisma may leave `meta.target` empty, so it is not consulted.)
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.input.findUnique({ where: { inputId: data.input_id }, select: inputColumns });
    if (existing && existing.userId === user.id) return toInputRow(existing);
    throw new ApiError("conflict", "That request id is already in use. Reload the form and submit again.");
  }
}

/**
 * Saves the chosen criterion on one of the user's requests. The city and task type sent along must be
 * the stored ones (409 otherwise): the browser matched a handyman for them, so they must not drift apart.
 */
export async function setInputCriterion(
  user: SessionUser,
  inputId: string,
  choice: ChooseCriterionPayload,
): Promise<InputRow> {
  const db = await getDb();
  const current = await getInputForUserOrThrow(user, inputId);
  if (current.city !== choice.city || current.task_type !== choice.task_type) {
    throw new ApiError(
      "conflict",
      `The city and task type must match the request (${current.city}, ${current.task_type}).`,
    );
  }
  const saved = await db.input.updateManyAndReturn({
    where: { inputId, userId: user.id, city: toDbCity(choice.city), taskType: toDbTaskType(choice.task_type) },
    data: { criteria: toDbCriteria(choice.criteria) },
    select: inputColumns,
  });
  if (saved.length !== 1) throw new ApiError("not_found", "That request was not found.");
  return toInputRow(saved[0]);
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
