// Erasure leaves nothing behind, against a real database and a real SMTP server: an account that an
// operator looked at (its address revealed and logged) and that had mail waiting is deleted, the goodbye is
// the one mail that still leaves, and afterwards its address is in no column of any table. The audit log
// names people by id and shows "deleted account" once they are gone; the migration that made it so turns
// the addresses older entries hold into account ids.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actionRequest } from "../helpers/server-action";
import * as emailRoute from "../../app/api/ops/requests/[requestId]/homeowner-email/route";
import * as detailRoute from "../../app/api/ops/requests/[requestId]/route";
import { getDb, withEmptyDatabase, withSql } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";
import { waitForMailTo, withMailWorker } from "../helpers/smtp";
import type { SqlClient } from "../../lib/db/sql-client";

const { deleteAccount, ERASE_BATCH } = await import("@/lib/account/delete");
const { queueVerificationMail } = await import("@/lib/auth/account-tokens");
const { listAudit } = await import("@/lib/ops/audit");
const { readMigrations, migrate } = await import("@/lib/db/migrate");
const { default: AuditPage } = await import("@/app/[locale]/ops/audit/page");
const { renderToStaticMarkup } = await import("react-dom/server");

const PASSWORD = "Quiet-harbour-lantern-42";
const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const mail = withMailWorker();

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** Every table and column (any schema but PostgreSQL's own) whose text holds `needle`, case-insensitively. */
async function columnsHolding(sql: SqlClient, needle: string): Promise<string[]> {
  const columns = await sql.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const [{ count }] = await sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text ILIKE '%' || $1 || '%'`,
      [needle],
    );
    if (count > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found;
}

async function revealAndView(operator: TestUser, requestId: string): Promise<void> {
  expect((await detailRoute.GET(apiRequest("GET", `/api/ops/requests/${requestId}`, { cookie: operator.cookie }), routeContext({ requestId }))).status).toBe(200);
  const shown = await emailRoute.POST(apiRequest("POST", `/api/ops/requests/${requestId}/homeowner-email`, { cookie: operator.cookie }), routeContext({ requestId }));
  expect(shown.status).toBe(200);
}

describe("deleting an account", () => {
  it("leaves its address in no table: an operator had looked at it, mail was waiting, mail had been sent", async () => {
    const operator = await createSignedInOperator();
    const owner = await createUserWithPassword("Erase.Me@example.test".toLowerCase(), PASSWORD);
    await createSignedInHandyman(18);
    const requestId = await submitRequest(owner, { ...LEAK, details: `Call me at ${owner.email}` });
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    await revealAndView(operator, requestId);

    const db = await getDb();
    // A verification link waiting for its next attempt, a mail already sent, one given up on.
    const waiting = await db.$transaction((tx) => queueVerificationMail(tx, { ...owner, role: "homeowner" }));
    await db.outboxMessage.updateMany({ where: { recipient: owner.email }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    await db.outboxMessage.create({ data: { recipient: "ERASE.ME@example.test", subject: "Sent earlier", text: "", html: "", sentAt: new Date() } });
    await db.outboxMessage.create({ data: { recipient: owner.email, subject: "Given up", text: "x", html: "x", failedAt: new Date() } });
    expect(waiting).toBeTruthy();
    expect(await withSql((sql) => columnsHolding(sql, owner.email))).toEqual(expect.arrayContaining(["public.mail_outbox.recipient", "public.users.email"]));

    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted" });
    await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
    // The goodbye's row goes once it is sent.
    for (let tries = 0; (await db.outboxMessage.count()) > 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await withSql((sql) => columnsHolding(sql, owner.email))).toEqual([]);
    // The log keeps the id, which names no account any more (and the people column PostgreSQL derives from it).
    expect((await withSql((sql) => columnsHolding(sql, owner.id))).sort()).toEqual(["public.audit_log.after", "public.audit_log.people"]);
    expect(await db.user.count({ where: { id: owner.id } })).toBe(0);
    const toOwner = mail.smtp.received.filter((m) => m.envelopeTo.includes(owner.email));
    expect(toOwner.map((m) => m.parsed.subject)).toEqual([expect.stringMatching(/account was deleted/)]);
  });

  it("removes the mail to the account's address in any case, and none to an address its _ would match as a pattern", async () => {
    const owner = await createUserWithPassword("j_n_x@example.test", PASSWORD);
    const db = await getDb();
    const later = new Date(Date.now() + 3_600_000);
    for (const recipient of ["J_N_X@Example.test", "jonax@example.test", "j_n_x@example.testing", "jxnyx@example.test"]) {
      await db.outboxMessage.create({ data: { recipient, subject: "Waiting", text: "x", html: "x", nextAttemptAt: later } });
    }
    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted" });
    const left = await db.outboxMessage.findMany({ where: { subject: "Waiting" }, select: { recipient: true }, orderBy: { recipient: "asc" } });
    expect(left.map((row) => row.recipient)).toEqual(["j_n_x@example.testing", "jonax@example.test", "jxnyx@example.test"]);
  });

  it("keeps other people's mail, and the audit entries about the account, which now read \"deleted account\"", async () => {
    const operator = await createSignedInOperator("ada.ops@example.test");
    const owner = await createUserWithPassword("leaving@example.test", PASSWORD);
    const requestId = await submitRequest(owner, LEAK);
    await revealAndView(operator, requestId);
    const db = await getDb();
    await db.outboxMessage.create({ data: { recipient: "someone.else@example.test", subject: "Waiting", text: "x", html: "x", nextAttemptAt: new Date(Date.now() + 3_600_000) } });

    const [before] = await listAudit({ targetType: "request", targetId: requestId });
    expect(before).toMatchObject({ action: "view_homeowner_email", actorEmail: "ada.ops@example.test", after: { homeownerId: owner.id }, emails: { [owner.id]: owner.email } });

    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted" });
    await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
    expect(await db.outboxMessage.count({ where: { recipient: "someone.else@example.test" } })).toBe(1);
    const [after] = await listAudit({ targetType: "request", targetId: requestId });
    expect(after).toMatchObject({ id: before.id, actorEmail: "ada.ops@example.test", emails: { [owner.id]: null } });

    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const html = renderToStaticMarkup(await AuditPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain("deleted account");
    expect(html).toContain("ada.ops@example.test");
    expect(html).not.toContain("leaving@example.test");
  });
});

describe("deleting an account that holds more jobs than one read takes", () => {
  it("cancels every held request and keeps every accepted job for the handyman, across batches, in one transaction", async () => {
    const owner = await createUserWithPassword(`many.jobs.${randomUUID().slice(0, 8)}@example.test`, PASSWORD);
    const db = await getDb();
    const request = (state: "accepted" | "offered" | "submitted") => ({ id: randomUUID(), userId: owner.id, city: "Rotterdam" as const, taskType: "Painting" as const, date: new Date("2027-03-01"), details: "Behind the shed", state });
    const accepted = Array.from({ length: ERASE_BATCH + 3 }, () => request("accepted"));
    const offered = Array.from({ length: 2 }, () => request("offered"));
    const unheld = Array.from({ length: 4 }, () => request("submitted"));
    await db.repairRequest.createMany({ data: [...accepted, ...offered, ...unheld] });
    const expiresAt = new Date(Date.now() + 3_600_000);
    await db.offer.createMany({
      data: [...accepted.map((r) => ({ requestId: r.id, handymanId: 23, status: "accepted" as const, expiresAt })), ...offered.map((r) => ({ requestId: r.id, handymanId: 23, status: "open" as const, expiresAt }))],
    });

    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted", keptForHandymen: ERASE_BATCH + 3 });
    const kept = await db.repairRequest.findMany({ where: { id: { in: accepted.map((r) => r.id) } }, select: { userId: true, details: true, state: true } });
    expect(kept).toHaveLength(ERASE_BATCH + 3);
    // One placeholder account holds them all, without the details text; each was cancelled through its lifecycle.
    expect(new Set(kept.map((r) => r.userId)).size).toBe(1);
    expect(kept[0].userId).not.toBe(owner.id);
    expect(kept.every((r) => r.details === "" && r.state === "cancelled")).toBe(true);
    expect(await db.requestEvent.count({ where: { requestId: { in: accepted.map((r) => r.id) }, action: "cancel" } })).toBe(ERASE_BATCH + 3);
    expect(await db.repairRequest.count({ where: { id: { in: [...offered, ...unheld].map((r) => r.id) } } })).toBe(0);
    expect(await db.offer.count({ where: { handymanId: 23, status: "open" } })).toBe(0);
    expect(await db.user.count({ where: { id: owner.id } })).toBe(0);
  });
});

describe("the audit log's migration to account ids", () => {
  it("turns the addresses older entries hold into account ids, and keeps the log append-only", async () => {
    const all = await readMigrations();
    const at = all.findIndex((m) => m.name.endsWith("_audit_by_account_id"));
    expect(at).toBeGreaterThan(0);
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql, all.slice(0, at));
        const [ops] = await sql.query<{ id: string }>(`INSERT INTO "users" ("id", "email", "password_hash", "role") VALUES (gen_random_uuid(), 'ops@example.test', 'x', 'operator') RETURNING "id"`);
        const [owner] = await sql.query<{ id: string }>(`INSERT INTO "users" ("id", "email", "password_hash") VALUES (gen_random_uuid(), 'owner@example.test', 'x') RETURNING "id"`);
        await sql.query(
          `INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "target_type", "target_id", "before", "after") VALUES
             ($1, 'ops@example.test', 'view_homeowner_email', 'request', 'r1', NULL, $2::jsonb),
             (NULL, 'ops@example.test', 'invite_handyman', 'handyman', '18', '{"name":"Nina","email":null}', '{"name":"Nina","email":"owner@example.test","userId":"${owner.id}"}'),
             (NULL, 'gone@example.test', 'edit_handyman', 'handyman', '3', '{"email":"gone@example.test"}', '{"hourlyPrice":40}')`,
          [ops.id, JSON.stringify({ homeownerId: owner.id, homeownerEmail: "owner@example.test" })],
        );
        await migrate(sql, all);
        const rows = await sql.query<{ actor_id: string | null; before: unknown; after: unknown }>(`SELECT "actor_id", "before", "after" FROM "audit_log" ORDER BY "id"`);
        expect(rows).toEqual([
          { actor_id: ops.id, before: null, after: { homeownerId: owner.id } },
          { actor_id: ops.id, before: { name: "Nina", userId: null }, after: { name: "Nina", userId: owner.id } },
          { actor_id: null, before: { userId: null }, after: { hourlyPrice: 40 } },
        ]);
        expect(JSON.stringify(rows)).not.toMatch(/@example\.test/);
        const columns = await sql.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'audit_log'`);
        expect(columns.map((c) => c.column_name)).not.toContain("actor_email");
        await expect(sql.query(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
      });
    });
  });
});
