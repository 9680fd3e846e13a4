// The handymen roster of the operator console: every handyman with what the matching rule ranks and
// where their account stands; inviting one (an account and a mailed set-password link), editing the
// hourly price and the set of trades, and suspending (a suspended handyman is never matched or offered anything:
// the requests they were offered and had not answered go to the next handyman) and unsuspending.
// Every change is written to the audit log in its own transaction, with the record before and after; a
// refusal (bad input, wrong password, nothing to change) writes nothing.
import "server-only";
import { z } from "zod";
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { blankAsUndefined, parseQueryFilters, queryParam, type Query } from "../api/query";
import { inviteHandyman, type Invitation } from "../handymen/invite";
import { formatList } from "../format";
import { taskTypeLabel } from "../requests/words";
import { AfterCommit } from "../queue/after-commit";
import { revalidateListedProfiles } from "../cache";
import { ACCOUNT_STATES, CITIES, fromDbCity, fromDbTaskType, TASK_TYPES, toDbTaskType, type AccountState, type City, type TaskType } from "../requests/catalogue";
import { badCursor, decodeCursor, parsePageSize, readPage, type Cursor, type CursorScope } from "../paging/cursor";
import { withdrawOpenOffersOf } from "../requests/workflow";
import { confirmPassword, type Operator } from "./access";
import { recordAudit } from "./audit";
import { hourlyPriceSchema } from "../validations/hourly-price";
import { isPrintableLine } from "../validations/text";

type Db = PrismaClient | Prisma.TransactionClient;

// The account states are ids of the catalogue (lib/requests/catalogue.ts), where their words find them too.
export { ACCOUNT_STATES, type AccountState } from "../requests/catalogue";

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
  /** The profile was taken down for good (the account erased). */
  removed: boolean;
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
  removedAt: true,
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
    removed: row.removedAt !== null,
  };
}

/** "Painting and Pipe leakage in Amsterdam and Rotterdam": what a handyman does where, as the console says it. */
export function workDescription(entry: Pick<RosterEntry, "cities" | "taskTypes">): string {
  return `${formatList(entry.taskTypes.map((task) => taskTypeLabel(task)))} in ${formatList(entry.cities)}`;
}

/** What the audit log keeps of a handyman before and after a change: their account by id, never its address or their name (lib/ops/audit.ts). */
function auditView(entry: RosterEntry) {
  return { hourlyPrice: entry.hourlyPrice, taskTypes: entry.taskTypes, suspended: entry.suspended, accountState: entry.accountState, userId: entry.userId };
}

/** The roster's page size, unless the address asks for another (?limit=, at most ROSTER_MAX_LIMIT). */
export const ROSTER_PAGE_SIZE = 50;
export const ROSTER_MAX_LIMIT = 200;
/** A search longer than any name is not one. */
export const ROSTER_SEARCH_MAX = 100;

/**
 * What the roster's state filter can ask for: the four account states as the Account column shows them
 * (suspended first: a suspended handyman's account state is "suspended" whatever their account), and two
 * facets across them: paused (the "available now" switch off) and removed (the profile taken down for good).
 */
export const ROSTER_STATES = [...ACCOUNT_STATES, "paused", "removed"] as const;
export type RosterState = (typeof ROSTER_STATES)[number];

const rosterFiltersSchema = z.object({
  q: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: "Give one name to search for." })
      .trim()
      .max(ROSTER_SEARCH_MAX, `Search for at most ${ROSTER_SEARCH_MAX} characters of a name.`)
      // No name holds a control character or half a surrogate pair, and PostgreSQL refuses a NUL outright.
      .refine(isPrintableLine, "Search for the letters a name starts with, without control characters.")
      .transform((value) => value || undefined)
      .optional(),
  ),
  city: z.preprocess(blankAsUndefined, z.enum(CITIES, { error: `Choose a city: ${CITIES.join(", ")}.` }).optional()),
  taskType: z.preprocess(blankAsUndefined, z.enum(TASK_TYPES, { error: `Choose a trade: ${TASK_TYPES.join(", ")}.` }).optional()),
  state: z.preprocess(blankAsUndefined, z.enum(ROSTER_STATES, { error: `Choose a state: ${ROSTER_STATES.join(", ")}.` }).optional()),
});

export type RosterFilters = z.infer<typeof rosterFiltersSchema>;

export const ROSTER_FILTER_KEYS = ["q", "city", "taskType", "state"] as const;

/**
 * The roster's filters from an address (?q=…&city=…&taskType=…&state=…), every one optional: a repeated
 * or unknown value is a 400 with the field named, never a 500 (as the requests overview's).
 */
export function parseRosterFilters(query: Query): RosterFilters {
  return parseQueryFilters(query, ROSTER_FILTER_KEYS, rosterFiltersSchema);
}

/** The roster's cursors are the operator's own: one from another list or account is a 400. */
const rosterScope = (operator: { id: string }): CursorScope => ({ list: "ops.handymen", owner: operator.id });

export type RosterPageRequest = { cursor?: Cursor; limit: number };

/** ?cursor= and ?limit= of the roster (a bad one is a 400; absent: the first ROSTER_PAGE_SIZE). */
export function parseRosterPage(operator: { id: string }, query: Query): RosterPageRequest {
  return {
    cursor: decodeCursor(queryParam(query, "cursor"), rosterScope(operator), 1),
    limit: parsePageSize(queryParam(query, "limit"), { fallback: ROSTER_PAGE_SIZE, max: ROSTER_MAX_LIMIT }),
  };
}

/** A LIKE pattern for names starting with `text`: its own % _ and \ match themselves. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The unused set-password link that makes an account "invited" (as accountStateOf). */
const INVITED = Prisma.sql`EXISTS (SELECT 1 FROM "account_tokens" t WHERE t."user_id" = h."user_id" AND t."purpose" = 'set_password' AND t."used_at" IS NULL)`;

const STATE_SQL: Record<RosterState, Prisma.Sql> = {
  suspended: Prisma.sql`h."suspended"`,
  no_account: Prisma.sql`NOT h."suspended" AND h."user_id" IS NULL`,
  invited: Prisma.sql`NOT h."suspended" AND h."user_id" IS NOT NULL AND ${INVITED}`,
  active: Prisma.sql`NOT h."suspended" AND h."user_id" IS NOT NULL AND NOT ${INVITED}`,
  paused: Prisma.sql`NOT h."available"`,
  removed: Prisma.sql`h."removed_at" IS NOT NULL`,
};

/** The sort key, as the index handymen_name_key_idx holds it: the name in lower case, byte order (so a prefix search is a range of it). */
const NAME_KEY = Prisma.sql`lower(h."name") COLLATE "C"`;

function filtersSql(filters: RosterFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filters.q) parts.push(Prisma.sql`${NAME_KEY} LIKE lower(${prefixPattern(filters.q)}) COLLATE "C"`);
  if (filters.city) parts.push(Prisma.sql`h."cities" @> ARRAY[${filters.city}]::"city"[]`);
  if (filters.taskType) parts.push(Prisma.sql`h."task_types" @> ARRAY[${filters.taskType}]::"task_type"[]`);
  if (filters.state) parts.push(STATE_SQL[filters.state]);
  return Prisma.join(parts, " AND ");
}

export type RosterPage = {
  filters: RosterFilters;
  /** One page of the handymen that match, by name (in lower case), then id. */
  rows: RosterEntry[];
  /** The cursors of the next and the previous page (?cursor=), null at either end. */
  nextCursor: string | null;
  previousCursor: string | null;
  /** How many handymen match the filters in all. */
  total: number;
};

/** A cursor's handyman id: a whole number, else the cursor is not one of ours. */
function anchorIdOf(cursor: Cursor): number {
  const value = cursor.key[0];
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw badCursor();
  return Number(value);
}

/**
 * One page of the roster under `filters`, ordered by name (lower case, byte order) then id, read through
 * the index on that key: the cursor names the handyman a page starts after (or ends before) by id, and
 * the page continues from that handyman's name as it is now. With the total under the filters (a count
 * of at most the whole roster, which stays in the tens of thousands).
 */
export async function listRosterPage(operator: { id: string }, filters: RosterFilters, page: RosterPageRequest = { limit: ROSTER_PAGE_SIZE }): Promise<RosterPage> {
  const db = await getDb();
  const where = filtersSql(filters);
  const fetchIds = async ({ cursor, take }: { cursor: Cursor | undefined; take: number }): Promise<number[]> => {
    const forwards = cursor?.direction !== "before";
    let bound = Prisma.empty;
    if (cursor) {
      const id = anchorIdOf(cursor);
      const [anchor] = await db.$queryRaw<{ key: string }[]>`SELECT ${NAME_KEY} AS "key" FROM "handymen" h WHERE h."id" = ${id}`;
      // A cursor is only ever made for a handyman that exists; handymen are never deleted (removed_at).
      if (!anchor) throw badCursor();
      bound = forwards ? Prisma.sql`AND (${NAME_KEY}, h."id") > (${anchor.key} COLLATE "C", ${id})` : Prisma.sql`AND (${NAME_KEY}, h."id") < (${anchor.key} COLLATE "C", ${id})`;
    }
    const order = forwards ? Prisma.sql`ASC` : Prisma.sql`DESC`;
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT h."id" FROM "handymen" h
       WHERE ${where} ${bound}
       ORDER BY ${NAME_KEY} ${order}, h."id" ${order}
       LIMIT ${take}`;
    return rows.map((row) => row.id);
  };
  const [ids, [{ n }]] = await Promise.all([
    readPage(rosterScope(operator), page.limit, page.cursor, fetchIds, (id) => [String(id)]),
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS "n" FROM "handymen" h WHERE ${where}`,
  ]);
  const found = ids.rows.length ? await db.handyman.findMany({ where: { id: { in: ids.rows } }, select: rosterColumns }) : [];
  const byId = new Map(found.map((row) => [row.id, toEntry(row)]));
  return {
    filters,
    rows: ids.rows.flatMap((id) => byId.get(id) ?? []),
    nextCursor: ids.next,
    previousCursor: ids.previous,
    total: Number(n),
  };
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
          before: { accountState: "no_account", userId: null },
          after: { accountState: after.accountState, userId: invitation.userId },
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
  await revalidateListedProfiles();
  return result;
}

/** Lifts a suspension: the handyman is matched again from the next request on. 409 when not suspended. */
export async function unsuspendHandyman(operator: Operator, id: number): Promise<RosterEntry> {
  const db = await getDb();
  const handyman = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked) throw new ApiError("not_found", NOT_FOUND);
    const before = await findEntry(tx, id);
    if (!before.suspended) throw new ApiError("conflict", { key: "handymanNotSuspended", values: { name: before.name } });
    await tx.handyman.update({ where: { id }, data: { suspended: false } });
    const handyman = await findEntry(tx, id);
    await recordAudit(tx, operator, { action: "unsuspend_handyman", targetType: "handyman", targetId: id, before: auditView(before), after: auditView(handyman) });
    return handyman;
  });
  await revalidateListedProfiles();
  return handyman;
}
