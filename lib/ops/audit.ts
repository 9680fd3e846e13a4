// The audit log: every change an operator makes, with who, when, what, and the record before and after.
// Rows are only ever added (a database trigger refuses UPDATE and DELETE); an entry is written in the same
// transaction as the change it describes, so a change that did not happen is never logged as done.
import "server-only";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import type { Operator } from "./access";

type Tx = Prisma.TransactionClient;

/** What the log names: a job opening, a handyman, a request, an account. */
export type AuditTargetType = "job_opening" | "handyman" | "request" | "user";

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

/** Appends one entry, inside the caller's transaction. */
export async function recordAudit(tx: Tx, operator: Pick<Operator, "id" | "email">, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: operator.id,
      actorEmail: operator.email,
      action: record.action,
      targetType: record.targetType,
      targetId: String(record.targetId),
      before: snapshot(record.before),
      after: snapshot(record.after),
    },
  });
}

export type AuditEntryView = {
  id: string;
  createdAt: Date;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

export const AUDIT_PAGE_SIZE = 50;

/** The newest entries first, `AUDIT_PAGE_SIZE` a page, optionally for one target. */
export async function listAudit({ before, targetType, targetId }: { before?: bigint; targetType?: string; targetId?: string } = {}): Promise<AuditEntryView[]> {
  const rows = await (await getDb()).auditEntry.findMany({
    where: {
      ...(before !== undefined ? { id: { lt: before } } : {}),
      ...(targetType ? { targetType } : {}),
      ...(targetId ? { targetId } : {}),
    },
    orderBy: { id: "desc" },
    take: AUDIT_PAGE_SIZE,
  });
  return rows.map((row) => ({
    id: row.id.toString(),
    createdAt: row.createdAt,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
  }));
}
