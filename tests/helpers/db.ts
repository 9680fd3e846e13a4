// Test database access through the app's own connection, plus a reset between tests.
import { getConnection, getDb } from "../../lib/db";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/db/seed";
import { connect, type Connection } from "../../lib/db/connect";
import { pgliteSqlClient, type SqlClient } from "../../lib/db/sql-client";
import { assertLocalDatabase, testDatabaseUrl } from "./database-url";
import { randomBytes } from "node:crypto";

export { getDb };

export const onPostgres = () => Boolean(testDatabaseUrl());

/** Empties users and requests and restores the sample openings. */
export async function resetDatabase(): Promise<void> {
  const connection = await getConnection();
  await connection.withSql(async (sql) => {
    await sql.exec(`TRUNCATE "inputs", "users", "job_openings" CASCADE`);
    await seed(sql);
  });
}

/** Runs `fn` with plain SQL on the app's test database. */
export async function withSql<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> {
  return (await getConnection()).withSql(fn);
}

/** A snapshot of every application table, for "nothing changed" assertions. */
export async function snapshotTables(): Promise<string> {
  return withSql(async (sql) => {
    const parts: string[] = [];
    for (const table of ["users", "inputs", "job_openings"]) {
      const rows = await sql.query(`SELECT to_jsonb(t) AS row FROM "${table}" t ORDER BY 1::text`);
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
    const connection = await connect({ pgliteDataDir: "memory://" });
    try {
      return await fn(connection);
    } finally {
      await connection.close();
    }
  }
  assertLocalDatabase(url);
  const name = `fixwell_tmp_${randomBytes(6).toString("hex")}`;
  const admin = await connect({ databaseUrl: url, poolMax: 1 });
  await admin.withSql((sql) => sql.exec(`CREATE DATABASE "${name}"`));
  const tempUrl = new URL(url);
  tempUrl.pathname = `/${name}`;
  const connection = await connect({ databaseUrl: tempUrl.toString(), poolMax: 4 });
  try {
    return await fn(connection, tempUrl.toString());
  } finally {
    await connection.close();
    await admin.withSql((sql) => sql.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin.close();
  }
}

export { migrate, seed, pgliteSqlClient };

/** A cheap digest of every application table, equal exactly when no row was added, removed or changed. */
export async function tablesFingerprint(): Promise<string> {
  return withSql(async (sql) => {
    const [row] = await sql.query<{ digest: string }>(
      `SELECT concat_ws('|',
         (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "users" t),
         (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "inputs" t),
         (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "job_openings" t)) AS digest`,
    );
    return row.digest;
  });
}
