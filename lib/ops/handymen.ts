// The handymen roster of the operator console: every handyman with what the matching rule ranks and
// where their account stands; inviting one (an account and a mailed set-password link), editing the
// hourly price and the set of trades, and suspending (a suspended handyman is never matched or offered anything:
// the requests they were offered and had not answered go to the next handyman) and unsuspending.
// Every change is written to the audit log in its own transaction, with the record before and after; a
// refusal (bad input, wrong password, nothing to change) writes nothing.
import "server-only";
import { z } from "zod";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { inviteHandyman, type Invitation } from "../handymen/invite";
import { formatList } from "../format";
import { taskTypeLabel } from "../requests/words";
import { AfterCommit } from "../queue/after-commit";
import { fromDbCity, fromDbTaskType, TASK_TYPES, toDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { withdrawOpenOffersOf } from "../requests/workflow";
import { confirmPassword, type Operator } from "./access";
import { recordAudit } from "./audit";
import { hourlyPriceSchema } from "../validations/hourly-price";

type Db = PrismaClient | Prisma.TransactionClient;

/** Where a handyman's account stands: none yet; invited (the set-password link not used yet); in use; suspended by an operator. */
export const ACCOUNT_STATES = ["no_account", "invited", "active", "suspended"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export type RosterEntry = {
  id: number;
  name: string;
  /** The cities and trades served: the handyman is matched in every pair of the two. */
  cities: City[];
  taskTypes: TaskType[];
  /** Euros per hour. */
  hourlyPrice: number;
  /** Out of 5; null without reviews yet ("new"). */
  rating: number | null;
  available: boolean;
  suspended: boolean;
  accountState: AccountState;
  /** The account's address (operators only); null without an account. */
  email: string | null;
  /** The account's id; null without an account. */
  userId: string | null;
};

const rosterColumns = {
  id: true,
  name: true,
  cities: true,
  taskTypes: true,
  hourlyPriceCents: true,
  rating: true,
  available: true,
  suspended: true,
  userId: true,
  user: {
    select: {
      email: true,
      // An unused set-password link means the invitation is still waiting (setting a password, or
      // resetting it, deletes the unused ones).
      tokens: { where: { purpose: "set_password", usedAt: null }, select: { id: true }, take: 1 },
    },
  },
} as const satisfies Prisma.HandymanSelect;

type RosterRow = Prisma.HandymanGetPayload<{ select: typeof rosterColumns }>;

function accountStateOf(row: RosterRow): AccountState {
  if (row.suspended) return "suspended";
  if (!row.user) return "no_account";
  return row.user.tokens.length > 0 ? "invited" : "active";
}

function toEntry(row: RosterRow): RosterEntry {
  return {
    id: row.id,
    name: row.name,
    cities: row.cities.map(fromDbCity),
    taskTypes: row.taskTypes.map(fromDbTaskType),
    hourlyPrice: row.hourlyPriceCents / 100,
    rating: row.rating,
    available: row.available,
    suspended: row.suspended,
    accountState: accountStateOf(row),
    email: row.user?.email ?? null,
    userId: row.userId,
  };
}

/** "Painting and Pipe leakage in Amsterdam and Rotterdam": what a handyman does where, as the console says it. */
export function workDescription(entry: Pick<RosterEntry, "cities" | "taskTypes">): string {
  return `${formatList(entry.taskTypes.map((task) => taskTypeLabel(task)))} in ${formatList(entry.cities)}`;
}

/** What the audit log keeps of a handyman before and after a change: their account by id, never its address (lib/ops/audit.ts). */
function auditView(entry: RosterEntry) {
  return { name: entry.name, hourlyPrice: entry.hourlyPrice, taskTypes: entry.taskTypes, suspended: entry.suspended, accountState: entry.accountState, userId: entry.userId };
}

/** Every handyman, by id. */
export async function listRoster(): Promise<RosterEntry[]> {
  const rows = await (await getDb()).handyman.findMany({ orderBy: { id: "asc" }, select: rosterColumns });
  return rows.map(toEntry);
}

/** A handyman's id in an address or a form: a whole number, else "not found". */
export const handymanIdSchema = z.preprocess(
  (value) => (typeof value === "string" && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : value),
  z.number().int().positive().max(2_147_483_647),
);

const NOT_FOUND = { key: "handymanNotFound" } as const;

async function findEntry(db: Db, id: number): Promise<RosterEntry> {
  const row = await db.handyman.findUnique({ where: { id }, select: rosterColumns });
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return toEntry(row);
}

/** One handyman of the roster; 404 for an unknown id. */
export async function getRosterEntry(id: number): Promise<RosterEntry> {
  return findEntry(await getDb(), id);
}

export type { Invitation };

/** Invites handyman `id` under `email` (lib/handymen/invite.ts), audited in the invitation's transaction. */
export async function inviteFromConsole(operator: Operator, id: number, email: unknown): Promise<Invitation> {
  if (typeof email !== "string") throw new ApiError("validation_failed", { key: "emailInvalid" }, [{ path: "email", message: { key: "handymanEmailMissing" } }]);
  try {
    return await inviteHandyman(id, email, {
      inTransaction: async (tx, invitation) => {
        const after = await findEntry(tx, id);
        await recordAudit(tx, operator, {
          action: "invite_handyman",
          targetType: "handyman",
          targetId: id,
          before: { name: after.name, accountState: "no_account", userId: null },
          after: { name: after.name, accountState: after.accountState, userId: invitation.userId },
        });
      },
    });
  } catch (error) {
    // The form shows an address problem beside the address field.
    if (error instanceof ApiError && error.code === "validation_failed") {
      throw error.withIssues((error.issueTexts ?? []).map((issue) => ({ ...issue, path: "email" })));
    }
    if (error instanceof ApiError && error.code === "conflict" && error.text?.key === "emailInUse") {
      throw error.withIssues([{ path: "email", message: error.text }]);
    }
    throw error;
  }
}

const isTaskType = (value: string): value is TaskType => (TASK_TYPES as readonly string[]).includes(value);
const TRADE_MESSAGE = `Choose one of the trades: ${formatList(TASK_TYPES, "or")}.`;
const TRADES_MESSAGE = `Choose one or more of the trades, each once: ${formatList(TASK_TYPES, "and")}.`;

export const handymanEditSchema = z
  .object({
    hourlyPrice: hourlyPriceSchema.optional(),
    /** One trade: the handyman then serves that trade only (the set becomes just it). */
    taskType: z.enum(TASK_TYPES, { error: TRADE_MESSAGE }).optional(),
    /** The whole set of trades served, at least one. */
    taskTypes: z
      .array(z.string(), { error: TRADES_MESSAGE })
      .refine((list) => list.length >= 1 && list.every(isTaskType) && new Set(list).size === list.length, TRADES_MESSAGE)
      .transform((list) => list as TaskType[])
      .optional(),
  })
  .refine((value) => value.taskType === undefined || value.taskTypes === undefined, { message: "Give either one trade or the set of trades, not both.", path: ["taskTypes"] })
  .refine((value) => value.hourlyPrice !== undefined || value.taskType !== undefined || value.taskTypes !== undefined, { message: "Give a new hourly price or trades.", path: ["hourlyPrice"] });

export type HandymanEdit = z.infer<typeof handymanEditSchema>;

/** Validates an edit (400 with the fields' messages). */
function parseHandymanEdit(input: unknown): HandymanEdit {
  const parsed = handymanEditSchema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the fields marked below.");
  return parsed.data;
}

/** Sets the hourly price and/or the trades (one, or the whole set); an edit that changes nothing is saved as nothing (no audit entry). */
export async function editHandyman(operator: Operator, id: number, input: unknown): Promise<RosterEntry> {
  const edit = parseHandymanEdit(input);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    const before = await findEntry(tx, id);
    const data: Prisma.HandymanUpdateInput = {};
    if (edit.hourlyPrice !== undefined && Math.round(edit.hourlyPrice * 100) !== Math.round(before.hourlyPrice * 100)) data.hourlyPriceCents = Math.round(edit.hourlyPrice * 100);
    const taskTypes = edit.taskTypes ?? (edit.taskType !== undefined ? [edit.taskType] : undefined);
    // Kept in the catalogue's order, so the same set is the same list (and "no change" is seen as such).
    const wanted = taskTypes ? TASK_TYPES.filter((task) => taskTypes.includes(task)) : undefined;
    const current = TASK_TYPES.filter((task) => before.taskTypes.includes(task));
    if (wanted && wanted.join() !== current.join()) data.taskTypes = wanted.map(toDbTaskType);
    if (Object.keys(data).length === 0) return before;
    await tx.handyman.update({ where: { id }, data });
    const after = await findEntry(tx, id);
    await recordAudit(tx, operator, { action: "edit_handyman", targetType: "handyman", targetId: id, before: auditView(before), after: auditView(after) });
    return after;
  });
}

export type Suspension = { handyman: RosterEntry; movedRequests: string[] };

/**
 * Suspends handyman `id` once the operator's password is confirmed: the matching rule no longer sees
 * them, and each request they were offered and had not answered goes to the next handyman (or is left
 * without one), in the same transaction. Jobs they accepted stay theirs. 409 when already suspended.
 */
export async function suspendHandyman(operator: Operator, id: number, password: unknown, now = new Date()): Promise<Suspension> {
  await confirmPassword(operator, password);
  const db = await getDb();
  const after = new AfterCommit();
  const result = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    const before = await findEntry(tx, id);
    if (before.suspended) throw new ApiError("conflict", { key: "handymanAlreadySuspended", values: { name: before.name } });
    await tx.handyman.update({ where: { id }, data: { suspended: true } });
    const movedRequests = await withdrawOpenOffersOf(tx, after, { operatorId: operator.id, handymanId: id, now });
    const handyman = await findEntry(tx, id);
    await recordAudit(tx, operator, {
      action: "suspend_handyman",
      targetType: "handyman",
      targetId: id,
      before: auditView(before),
      after: { ...auditView(handyman), withdrawnOffersOf: movedRequests },
    });
    return { handyman, movedRequests };
  });
  await after.run();
  return result;
}

/** Lifts a suspension: the handyman is matched again from the next request on. 409 when not suspended. */
export async function unsuspendHandyman(operator: Operator, id: number): Promise<RosterEntry> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    const before = await findEntry(tx, id);
    if (!before.suspended) throw new ApiError("conflict", { key: "handymanNotSuspended", values: { name: before.name } });
    await tx.handyman.update({ where: { id }, data: { suspended: false } });
    const handyman = await findEntry(tx, id);
    await recordAudit(tx, operator, { action: "unsuspend_handyman", targetType: "handyman", targetId: id, before: auditView(before), after: auditView(handyman) });
    return handyman;
  });
}
