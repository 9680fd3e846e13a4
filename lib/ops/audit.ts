// The audit log: every change an operator makes, with who, when, what, and the record before and after.
// Rows are only ever added (a database trigger refuses UPDATE and DELETE); an entry is written in the same
// transaction as the change it describes, so a change that did not happen is never logged as done.
// People are named by account id, never by address: the log outlives the accounts it names and cannot be
// changed, so an address written into it could never be erased. Addresses are looked up when the log is
// shown; an erased account's id finds none.
import "server-only";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { badCursor, decodeCursor, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import type { Operator } from "./access";

type Tx = Prisma.TransactionClient;

/** What the log names: a job opening, a handyman, a request, an account, an application to join. */
export type AuditTargetType = "job_opening" | "handyman" | "request" | "user" | "application";

export type AuditRecord = {
  action: string;
  targetType: AuditTargetType;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
};

/** JSON-safe copy of a record: dates as ISO strings, bigints as strings, undefined dropped. */
function snapshot(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
  ) as Prisma.InputJsonValue;
}

/**
 * Keys a before/after record never holds: what names or describes a person (a name, an address, a phone
 * number, an IBAN, an introduction) and the free text operators write about one (a reason). The log cannot
 * be changed, so what erasure must remove can never be written into it.
 */
export const PERSONAL_KEYS = ["name", "email", "homeownerEmail", "phone", "iban", "intro", "reason", "rejectReason"] as const;

function assertNoPersonalData(record: unknown): void {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return;
  const found = PERSONAL_KEYS.filter((key) => Object.hasOwn(record, key));
  if (found.length > 0) throw new Error(`An audit record names a person or holds free text (${found.join(", ")}): keep only ids in the log.`);
}

/** Appends one entry, inside the caller's transaction. `before` and `after` name people by id (userId, homeownerId), never by address, name or free text. */
export async function recordAudit(tx: Tx, operator: Pick<Operator, "id">, record: AuditRecord): Promise<void> {
  assertNoPersonalData(record.before);
  assertNoPersonalData(record.after);
  await tx.auditEntry.create({
    data: {
      actorId: operator.id,
      action: record.action,
      targetType: record.targetType,
      targetId: String(record.targetId),
      before: snapshot(record.before),
      after: snapshot(record.after),
    },
  });
}

/** The keys of a before/after record that hold an account's id. */
export const PERSON_ID_KEYS = ["userId", "homeownerId"] as const;

export type AuditEntryView = {
  id: string;
  createdAt: Date;
  actorId: string | null;
  /** The operator's address as it is now; null once their account is gone. */
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  /** The address of each account id the entry names (actor, target user, PERSON_ID_KEYS); null once erased. */
  emails: Record<string, string | null>;
};

export const AUDIT_PAGE_SIZE = 50;

/** The log's cursors are the operator's own: one from another list or account is a 400. */
const auditScope = (operator: Pick<Operator, "id">): CursorScope => ({ list: "ops.audit", owner: operator.id });

/** ?cursor= of the log's pages: absent is the newest page; one that is not this operator's is a 400. */
export function parseAuditCursor(operator: Pick<Operator, "id">, value: unknown): Cursor | undefined {
  return decodeCursor(value, auditScope(operator), 1);
}

/** A cursor key's id: a whole number a bigint holds (the key is signed, so anything else was not made here). */
function idOf(value: string): bigint {
  if (!/^[1-9][0-9]{0,18}$/.test(value) || BigInt(value) > 9_223_372_036_854_775_807n) throw badCursor();
  return BigInt(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function personIdsIn(record: unknown): string[] {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return [];
  return PERSON_ID_KEYS.map((key) => (record as Record<string, unknown>)[key]).filter((id): id is string => typeof id === "string" && UUID.test(id));
}

type AuditFilter = { targetType?: string; targetId?: string };

/** The newest entries, optionally for one target (the first page of listAuditPage, for any reader). */
export async function listAudit(filter: AuditFilter = {}): Promise<AuditEntryView[]> {
  return (await readAudit({ list: "ops.audit", owner: "" }, undefined, filter)).rows;
}

/** One page of the log for `operator`, newest first, `AUDIT_PAGE_SIZE` a page, optionally for one target. */
export async function listAuditPage(operator: Pick<Operator, "id">, cursor: Cursor | undefined, filter: AuditFilter = {}): Promise<Page<AuditEntryView>> {
  return readAudit(auditScope(operator), cursor, filter);
}

/** A page of entries, the addresses of the people they name looked up now. */
async function readAudit(scope: CursorScope, cursor: Cursor | undefined, { targetType, targetId }: AuditFilter): Promise<Page<AuditEntryView>> {
  const db = await getDb();
  const page = await readPage(
    scope,
    AUDIT_PAGE_SIZE,
    cursor,
    ({ cursor: at, take }) =>
      db.auditEntry.findMany({
        where: {
          ...(at ? { id: at.direction === "after" ? { lt: idOf(at.key[0]) } : { gt: idOf(at.key[0]) } } : {}),
          ...(targetType ? { targetType } : {}),
          ...(targetId ? { targetId } : {}),
        },
        orderBy: { id: at?.direction === "before" ? "asc" : "desc" },
        take,
      }),
    (row) => [row.id.toString()],
  );
  const rows = page.rows;
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.actorId) ids.add(row.actorId);
    if (row.targetType === "user" && UUID.test(row.targetId)) ids.add(row.targetId);
    for (const id of [...personIdsIn(row.before), ...personIdsIn(row.after)]) ids.add(id);
  }
  const accounts = ids.size ? await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, email: true } }) : [];
  const found = new Map(accounts.map((account) => [account.id, account.email]));
  const emailOf = (id: string) => found.get(id) ?? null;
  const views = rows.map((row) => {
    const named = [row.actorId, row.targetType === "user" ? row.targetId : null, ...personIdsIn(row.before), ...personIdsIn(row.after)];
    const emails = Object.fromEntries(named.filter((id): id is string => id !== null && UUID.test(id)).map((id) => [id, emailOf(id)]));
    return {
      id: row.id.toString(),
      createdAt: row.createdAt,
      actorId: row.actorId,
      actorEmail: row.actorId ? emailOf(row.actorId) : null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      emails,
    };
  });
  return { ...page, rows: views };
}
