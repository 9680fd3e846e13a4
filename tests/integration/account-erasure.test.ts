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
import { getDb, onPostgres, withEmptyDatabase, withSql } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, apiRequest, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";
import { waitForMailTo, withMailWorker } from "../helpers/smtp";
import type { SqlClient } from "../../lib/db/sql-client";

const { deleteAccount, ERASE_BATCH } = await import("@/lib/account/delete");
const { acceptOffer, answerDate, changeDate, markDone, reviewRequest } = await import("@/lib/requests/workflow");
const { postMessage, readThread, reportThread, listReportedThreads } = await import("@/lib/messages/threads");
const { approveApplication } = await import("@/lib/handymen/applications");
const { addOwnDayOff } = await import("@/lib/handymen/profile-edit");
const { profilePageStatus } = await import("@/lib/handymen/profile");
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

/** Every column of the whole database holding any of `needles`, after the mail worker has sent everything queued (the goodbye's row then goes). */
async function leftovers(needles: string[]): Promise<Record<string, string[]>> {
  const db = await getDb();
  for (let tries = 0; (await db.outboxMessage.count({ where: { sentAt: null, failedAt: null } })) > 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  for (let tries = 0; (await db.outboxMessage.count({ where: { forgetWhenDone: true } })) > 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  const found: Record<string, string[]> = {};
  for (const needle of needles) {
    const columns = await withSql((sql) => columnsHolding(sql, needle));
    if (columns.length > 0) found[needle] = columns;
  }
  return found;
}

describe("erasure reaches what others keep", () => {
  const PHONE = "06-41 52 63 74";
  const DIGITS = "41 52 63 74";

  it("a homeowner's messages, report reason and review on a job kept for the handyman: none left, the handyman reads that the sender deleted their account", async () => {
    const owner = await createUserWithPassword("wilhelmina.erased@example.test", PASSWORD);
    const nina = await createSignedInHandyman(18);
    const requestId = await submitRequest(owner, { ...LEAK, details: `Ring ${PHONE}` });
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    const offer = await openOfferOf(requestId);
    expect(offer.handymanId).toBe(18);
    await acceptOffer(nina, offer.id);
    const db = await getDb();
    const { id: threadId } = await db.messageThread.findFirstOrThrow({ where: { requestId }, select: { id: true } });
    await postMessage(owner, threadId, `Call me on ${PHONE} or mail ${owner.email}`);
    await postMessage(nina, threadId, "I will come at nine.");
    await reportThread(owner, threadId, `He phoned ${PHONE} at midnight`);
    await markDone(nina, offer.id);
    await reviewRequest(owner, requestId, { stars: 5, text: `Great, reach me at ${PHONE}` });
    expect(Object.keys(await leftovers([owner.email, DIGITS]))).toEqual([owner.email, DIGITS]);

    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted", keptForHandymen: 1 });
    await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
    expect(await leftovers([owner.email, DIGITS])).toEqual({});

    // The handyman keeps the job, its stars and the conversation, with the homeowner's words removed.
    expect(await db.review.findUniqueOrThrow({ where: { requestId }, select: { stars: true, text: true } })).toEqual({ stars: 5, text: "" });
    const seen = await readThread(nina, threadId, { locale: "en" });
    expect(seen.messages.map((m) => [m.author, m.erased, m.body])).toEqual([
      [null, true, "Message removed: the sender deleted their account."],
      ["handyman", false, "I will come at nine."],
    ]);
    expect((await readThread(nina, threadId, { locale: "nl" })).messages[0].body).toBe("Bericht verwijderd: de afzender heeft het account verwijderd.");
    expect((await listReportedThreads()).find((t) => t.id === threadId)).toMatchObject({ reportedBy: null, reason: null });
  });

  it("a handyman's profile, name, working days, days off, insurance, messages and the timelines and mail that named them: none left, and /pros/removed-{id} answers 410", async () => {
    const operator = await createSignedInOperator();
    const asOperator = { id: operator.id, email: operator.email, role: "operator" as const };
    const person = await createUserWithPassword("zebulon.erased@example.test", PASSWORD);
    const db = await getDb();
    await db.user.update({ where: { id: person.id }, data: { role: "applicant", emailVerifiedAt: new Date() } });
    const application = await db.handymanApplication.create({
      data: { userId: person.id, name: "Zebulon Quarrington", phone: PHONE, cities: ["Rotterdam"], taskTypes: ["Pipe_leakage"], hourlyPriceCents: 1000, kvkNumber: "12345678", iban: "NL91ABNA0417164300", intro: `Call ${PHONE}`, insurer: "Centraal Beheer", insuredUntil: new Date(`${amsterdamDay(200)}T00:00:00Z`) },
    });
    const { handymanId } = await approveApplication(asOperator, application.id);
    const { slug } = await db.handyman.findUniqueOrThrow({ where: { id: handymanId }, select: { slug: true } });
    expect(slug).toBe(`zebulon-quarrington-${handymanId}`);
    await db.handyman.update({ where: { id: handymanId }, data: { intro: `Zebulon Quarrington, ${PHONE}` } });
    await addOwnDayOff(person, { startsOn: amsterdamDay(10), endsOn: amsterdamDay(12) });

    const owner = await createUserWithPassword("homeowner.stays@example.test", PASSWORD);
    const requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    const offer = await openOfferOf(requestId);
    expect(offer.handymanId).toBe(handymanId);
    await acceptOffer(person, offer.id);
    const { id: threadId } = await db.messageThread.findFirstOrThrow({ where: { requestId }, select: { id: true } });
    await postMessage(person, threadId, `Zebulon here, text ${PHONE}`);
    await postMessage(owner, threadId, "See you then.");
    await changeDate(owner, requestId, amsterdamDay(5));
    await answerDate(person, offer.id, true);
    const needles = [person.email, "Zebulon", "Quarrington", DIGITS];
    const before = await leftovers(needles);
    expect(before["Quarrington"]).toEqual(expect.arrayContaining(["public.handymen.name", "public.request_events.note", "public.mail_outbox.subject"]));

    expect(await deleteAccount(person.id, PASSWORD)).toMatchObject({ kind: "deleted" });
    await waitForMailTo(mail.smtp, person.email, /account was deleted/);
    expect(await leftovers(needles)).toEqual({});

    const removed = `removed-${handymanId}`;
    expect(await db.handyman.findUniqueOrThrow({ where: { id: handymanId }, select: { name: true, slug: true, intro: true, insuredUntil: true, suspended: true } })).toEqual({ name: removed, slug: removed, intro: "", insuredUntil: null, suspended: true });
    expect(await db.handymanWorkDay.count({ where: { handymanId } })).toBe(0);
    expect(await db.handymanDayOff.count({ where: { handymanId } })).toBe(0);
    expect(await profilePageStatus(removed)).toBe("gone");
    // The homeowner's timeline and conversation say "the handyman" and "message removed".
    const notes = (await db.requestEvent.findMany({ where: { requestId }, orderBy: { id: "asc" }, select: { action: true, note: true } })).map((e) => e.note);
    expect(notes.filter((note) => note.startsWith("The handyman confirmed the new date, "))).toHaveLength(1);
    const seen = await readThread(owner, threadId, { locale: "en" });
    expect(seen.messages.map((m) => [m.erased, m.body])).toEqual([
      [true, "Message removed: the sender deleted their account."],
      [false, "See you then."],
    ]);
    // No audit entry names them or holds free text; the application (with its phone and IBAN) went with the account.
    const entries = await db.auditEntry.findMany({ where: { targetId: { in: [application.id, String(handymanId)] } }, select: { before: true, after: true } });
    expect(entries.length).toBeGreaterThan(0);
    expect(await db.handymanApplication.count({ where: { id: application.id } })).toBe(0);
  });
});

describe("deleting an account whose job was paid", () => {
  it("keeps the payment and its ledger, with the job anonymised under a nameless account, and the homeowner's details gone", async () => {
    const owner = await createUserWithPassword("paid.erased@example.test", PASSWORD);
    const nina = await createSignedInHandyman(18);
    const requestId = await submitRequest(owner, { ...LEAK, details: "Under the sink, call 06-12 34 56 78" });
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    const offer = await openOfferOf(requestId);
    await acceptOffer(nina, offer.id);
    const db = await getDb();
    // Cancelled after paying: the offer is no longer open, but the money's records must stay.
    await db.offer.update({ where: { id: offer.id }, data: { status: "withdrawn" } });
    const paymentId = randomUUID();
    await db.payment.create({
      data: {
        id: paymentId, quoteId: randomUUID(), attempt: 1, requestId, handymanId: 18, amountCents: 18_150,
        description: "Fixwell: pipe leakage", status: "paid", mode: "test", providerPaymentId: "tr_erasure1", idempotencyKey: `erasure-${paymentId}`,
      },
    });
    await db.ledgerEntry.create({ data: { paymentId, kind: "paid", amountCents: 18_150, providerId: "tr_erasure1" } });

    expect(await deleteAccount(owner.id, PASSWORD)).toMatchObject({ kind: "deleted", keptForHandymen: 1 });

    const kept = await db.repairRequest.findUniqueOrThrow({ where: { id: requestId }, select: { details: true, user: { select: { email: true } } } });
    expect(kept.details).toBe("");
    expect(kept.user.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    expect(await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { amountCents: true, requestId: true } })).toEqual({ amountCents: 18_150, requestId });
    expect(await db.ledgerEntry.count({ where: { paymentId } })).toBe(1);
    expect(await db.user.count({ where: { email: owner.email } })).toBe(0);
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

describe("the audit log's migrations to account ids only", () => {
  it("turn the addresses older entries hold into account ids, drop names and operators' reasons, and keep the log append-only", async () => {
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
             (NULL, 'gone@example.test', 'edit_handyman', 'handyman', '3', '{"email":"gone@example.test"}', '{"hourlyPrice":40}'),
             ($1, 'ops@example.test', 'reject_application', 'application', 'a1', '{"status":"submitted","name":"Anna"}', '{"status":"rejected","name":"Anna","rejectReason":"Call Anna on 0612345678"}'),
             ($1, 'ops@example.test', 'cancel_request', 'request', 'r2', '{"state":"accepted"}', '{"state":"cancelled","reason":"Asked by phone, 0612345678"}')`,
          [ops.id, JSON.stringify({ homeownerId: owner.id, homeownerEmail: "owner@example.test" })],
        );
        await migrate(sql, all);
        const rows = await sql.query<{ actor_id: string | null; before: unknown; after: unknown }>(`SELECT "actor_id", "before", "after" FROM "audit_log" ORDER BY "id"`);
        expect(rows).toEqual([
          { actor_id: ops.id, before: null, after: { homeownerId: owner.id } },
          // Names and operators' free text leave the log too (migration 20261128000000_erasure_complete).
          { actor_id: ops.id, before: { userId: null }, after: { userId: owner.id } },
          { actor_id: null, before: { userId: null }, after: { hourlyPrice: 40 } },
          { actor_id: ops.id, before: { status: "submitted" }, after: { status: "rejected" } },
          { actor_id: ops.id, before: { state: "accepted" }, after: { state: "cancelled" } },
        ]);
        expect(JSON.stringify(rows)).not.toMatch(/@example\.test|Nina|Anna|0612345678/);
        const columns = await sql.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'audit_log'`);
        expect(columns.map((c) => c.column_name)).not.toContain("actor_email");
        await expect(sql.query(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
      });
    });
  });
});

describe("deleting an applicant's account while an operator approves the application (PostgreSQL)", () => {
  /** Backends of this database waiting for a row lock. */
  const waiting = () => withSql(async (sql) => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);
  async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it.runIf(onPostgres())("never leaves a profile in the market without its account: both lock the account's row first", async () => {
    const operator = await createSignedInOperator();
    const asOperator = { id: operator.id, email: operator.email, role: "operator" as const };
    const applicant = await createUserWithPassword(`racing-${randomUUID().slice(0, 8)}@example.test`, PASSWORD);
    const db = await getDb();
    await db.user.update({ where: { id: applicant.id }, data: { role: "applicant", emailVerifiedAt: new Date() } });
    const application = await db.handymanApplication.create({
      data: { userId: applicant.id, name: "Racing Applicant", phone: "0612345678", cities: ["Rotterdam"], taskTypes: ["Painting"], hourlyPriceCents: 4000, kvkNumber: "12345678", iban: "NL91ABNA0417164300", insurer: "Centraal Beheer", insuredUntil: new Date(`${amsterdamDay(200)}T00:00:00Z`) },
    });
    // A request of the account's that a handyman holds: the deletion cancels it, and a third connection
    // holds its row, so the deletion stops there, after it looked for a profile and before the account goes.
    const requestId = randomUUID();
    await db.repairRequest.create({ data: { id: requestId, userId: applicant.id, city: "Rotterdam", taskType: "Painting", date: new Date(`${amsterdamDay(3)}T00:00:00Z`), state: "offered" } });
    await db.offer.create({ data: { requestId, handymanId: 23, status: "open", expiresAt: new Date(Date.now() + 3_600_000) } });

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const blocker = withSql(async (sql) => {
      await sql.query("BEGIN");
      await sql.query(`SELECT 1 FROM "inputs" WHERE "input_id" = $1 FOR UPDATE`, [requestId]);
      holding();
      await released;
      await sql.query("ROLLBACK");
    });
    await held;
    const deletion = deleteAccount(applicant.id, PASSWORD);
    await until(async () => (await waiting()) >= 1, "the deletion to wait");
    let approvalSettled = false;
    const approval = approveApplication(asOperator, application.id).finally(() => (approvalSettled = true));
    // Before the fix the approval ran to its end here; now it waits for the account's row.
    await until(async () => approvalSettled || (await waiting()) >= 2, "the approval to finish or wait");
    release();
    await blocker;
    const [deleted, approved] = await Promise.allSettled([deletion, approval]);

    expect(deleted).toMatchObject({ status: "fulfilled", value: { kind: "deleted" } });
    expect(approved.status).toBe("rejected");
    expect(await db.user.count({ where: { id: applicant.id } })).toBe(0);
    // No profile was made from the application, so none is in the market without an account.
    expect(await db.handyman.count({ where: { userId: null, suspended: false, removedAt: null, createdAt: { gt: application.createdAt } } })).toBe(0);
  });
});
