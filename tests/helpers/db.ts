// Test database access through the app's own connection, plus a reset between tests.
import { getConnection, getDb } from "../../lib/db";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/sample-data";
import { connect, type Connection } from "../../lib/db/connect";
import { pgliteSqlClient, type SqlClient } from "../../lib/db/sql-client";
import { assertLocalDatabase, testDatabaseUrl } from "./database-url";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";

export { getDb };

export const onPostgres = () => Boolean(testDatabaseUrl());

/** Every table the application writes, for resets and "nothing changed" assertions. */
const APP_TABLES = ["users", "account_tokens", "inputs", "job_openings", "job_opening_translations", "mail_outbox", "handymen", "offers", "request_events", "quotes", "quote_lines", "reviews", "audit_log", "request_photos", "photo_object_deletions", "photo_reservations", "payments", "ledger_entries", "payment_transfers", "request_cancellations", "invoices", "invoice_counters", "push_subscriptions", "push_outbox", "notification_preferences", "disputes", "job_withdrawals", "job_arrivals", "no_shows"] as const;

/** Empties users (with their mailed links), requests (with their offers, events and reviews) and queued mail, and restores the sample openings and handymen. */
export async function resetDatabase(): Promise<void> {
  const connection = await getConnection();
  await connection.withSql(async (sql) => {
    await sql.exec(`TRUNCATE ${APP_TABLES.map((table) => `"${table}"`).join(", ")} CASCADE`);
    await seed(sql);
  });
}

/** Runs `fn` with plain SQL on the app's test database. */
export async function withSql<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> {
  return (await getConnection()).withSql(fn);
}

/**
 * What a "nothing changed" assertion compares for each table. The mail worker delivers queued mail in the
 * background (claiming a row, counting the attempt, emptying the bodies once sent), so for the outbox only
 * the mail itself counts: which mail was queued, to whom, when. A request that queues or drops a mail still
 * changes the snapshot; a delivery finishing meanwhile does not.
 */
function rowsOf(table: (typeof APP_TABLES)[number]): string {
  if (table === "mail_outbox") return `(SELECT id, recipient, subject, created_at FROM "mail_outbox") t`;
  return `"${table}" t`;
}

/** A snapshot of every application table, for "nothing changed" assertions. */
export async function snapshotTables(): Promise<string> {
  return withSql(async (sql) => {
    const parts: string[] = [];
    for (const table of APP_TABLES) {
      const rows = await sql.query(`SELECT to_jsonb(t) AS row FROM ${rowsOf(table)} ORDER BY 1::text`);
      const sorted = rows.map((r) => JSON.stringify(r.row)).sort();
      parts.push(`${table}:${sorted.join("\n")}`);
    }
    return parts.join("\n---\n");
  });
}

/**
 * A brand-new empty database for tests that must start from nothing: an in-memory PGlite, or on
 * PostgreSQL a throwaway database created beside the test one and dropped afterwards.
 */
export async function withEmptyDatabase<T>(fn: (connection: Connection, url?: string) => Promise<T>): Promise<T> {
  const url = testDatabaseUrl();
  if (!url) {
    // The run's image of a new, empty database (tests/global-setup.ts) spares a second initdb.
    const images = inject("pgliteImages");
    const pgliteImage = "empty" in images ? new Blob([readFileSync(images.empty)]) : undefined;
    const connection = await connect({ pgliteDataDir: "memory://", pgliteImage });
    try {
      return await fn(connection);
    } finally {
      await connection.close();
    }
  }
  assertLocalDatabase(url);
  const name = `fixwell_tmp_${randomBytes(6).toString("hex")}`;
  const admin = await connect({ databaseUrl: url, poolMax: 1 });
  // Creating and dropping a database waits for a checkpoint, which on a busy server takes longer than the
  // pool's statement limit; the admin connection is not a request and has none.
  await admin.withSql(async (sql) => {
    await sql.exec("SET statement_timeout = 0");
    await sql.exec(`CREATE DATABASE "${name}"`);
  });
  const tempUrl = new URL(url);
  tempUrl.pathname = `/${name}`;
  const connection = await connect({ databaseUrl: tempUrl.toString(), poolMax: 4 });
  try {
    return await fn(connection, tempUrl.toString());
  } finally {
    await connection.close();
    await admin.withSql(async (sql) => {
      await sql.exec("SET statement_timeout = 0");
      await sql.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    await admin.close();
  }
}

export { migrate, seed, pgliteSqlClient };

/** A cheap digest of every application table, equal exactly when no row was added, removed or changed. */
export async function tablesFingerprint(): Promise<string> {
  return withSql(async (sql) => {
    const digests = APP_TABLES.map((table) => `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${rowsOf(table)})`);
    const [row] = await sql.query<{ digest: string }>(`SELECT concat_ws('|', ${digests.join(", ")}) AS digest`);
    return row.digest;
  });
}
