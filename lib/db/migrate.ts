// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and records them in
// Prisma's `_prisma_migrations` table with Prisma's checksum, so `prisma migrate status` agrees.
// On PostgreSQL the run holds Prisma's own advisory lock, so concurrent migrators apply each file once.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlClient } from "./sql-client";

/** The key `prisma migrate` itself locks on; sharing it keeps our migrator and Prisma's from overlapping. */
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

/** How long one migration (or the wait for another migrator) may take. */
const MIGRATION_TIMEOUT_MS = 10 * 60 * 1000;

const defaultMigrationsDir = () => path.join(process.cwd(), "prisma", "migrations");

export type Migration = { name: string; sql: string; checksum: string };

export type MigrateResult = { applied: string[]; skipped: string[] };

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "MigrationError";
  }
}

export async function readMigrations(dir = defaultMigrationsDir()): Promise<Migration[]> {
  // Not traced into the standalone build: scripts/standalone-assets.mjs copies prisma/migrations itself.
  const entries = await readdir(/* turbopackIgnore: true */ dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function migrate(client: SqlClient, migrations?: Migration[]): Promise<MigrateResult> {
  const all = migrations ?? (await readMigrations());
  const locked = client.kind === "postgres";
  // Migrations are not requests: the pool's five-second statement limit does not bind them, neither
  // while waiting for another migrator's lock nor while a migration runs on a busy server.
  if (locked) await client.exec(`SET statement_timeout = ${MIGRATION_TIMEOUT_MS}`);
  if (locked) await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
  try {
    await client.exec(CREATE_MIGRATIONS_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const appliedNames = new Map(done.map((row) => [row.migration_name, row.checksum]));
    const result: MigrateResult = { applied: [], skipped: [] };
    for (const migration of all) {
      const recorded = appliedNames.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new MigrationError(migration.name, new Error("it was changed after being applied (checksum differs)"));
        }
        result.skipped.push(migration.name);
        continue;
      }
      await client.exec("BEGIN");
      try {
        await client.exec(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.exec("COMMIT");
      } catch (error) {
        await client.exec("ROLLBACK");
        throw new MigrationError(migration.name, error);
      }
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    if (locked) {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
      await client.exec("RESET statement_timeout");
    }
  }
}
