// The project's migrator: order, idempotence, rollback of a failing file, and one-at-a-time on PostgreSQL.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connect } from "../../lib/db/connect";
import { migrate, MigrationError, readMigrations, type Migration } from "../../lib/db/migrate";
import { onPostgres, withEmptyDatabase } from "../helpers/db";

function migration(name: string, sql: string): Migration {
  return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
}

const first = migration("20260101000000_create_widgets", `CREATE TABLE "widgets" ("id" INTEGER PRIMARY KEY);`);
const second = migration("20260102000000_add_widget_name", `ALTER TABLE "widgets" ADD COLUMN "name" TEXT NOT NULL DEFAULT 'w';`);
const broken = migration(
  "20260103000000_broken",
  `CREATE TABLE "gadgets" ("id" INTEGER PRIMARY KEY);
   INSERT INTO "widgets" ("id") VALUES (1);
   ALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;`,
);

describe("migrator", () => {
  it("applies migrations in order and records each with Prisma's checksum", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        const result = await migrate(sql, [first, second]);
        expect(result).toEqual({ applied: [first.name, second.name], skipped: [] });
        const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
          `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
        );
        expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual([
          [first.name, first.checksum],
          [second.name, second.checksum],
        ]);
        expect(rows.every((r) => r.finished_at !== null)).toBe(true);
        const columns = await sql.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'widgets' ORDER BY ordinal_position`,
        );
        expect(columns.map((c) => c.column_name)).toEqual(["id", "name"]);
      });
    });
  });

  it("skips migrations that are already applied", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql, [first]);
        const again = await migrate(sql, [first, second]);
        expect(again).toEqual({ applied: [second.name], skipped: [first.name] });
        const third = await migrate(sql, [first, second]);
        expect(third).toEqual({ applied: [], skipped: [first.name, second.name] });
        const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "_prisma_migrations"`);
        expect(count).toBe(2);
      });
    });
  });

  it("refuses to continue when an applied migration was edited afterwards", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql, [first]);
        const edited = migration(first.name, first.sql + "\n-- edited");
        await expect(migrate(sql, [edited])).rejects.toThrow(/checksum/);
      });
    });
  });

  it("rolls back a failing migration and leaves the database as it was", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql, [first, second]);
        const error = await migrate(sql, [first, second, broken]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MigrationError);
        expect((error as MigrationError).migration).toBe(broken.name);
        const tables = await sql.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'gadgets'`,
        );
        expect(tables).toEqual([]);
        const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "widgets"`);
        expect(count).toBe(0);
        const names = await sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`);
        expect(names.map((n) => n.migration_name).sort()).toEqual([first.name, second.name]);
      });
    });
  });

  it("reads the project's migrations in name order", async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    expect(migrations.every((m) => /^[0-9a-f]{64}$/.test(m.checksum))).toBe(true);
  });

  it.runIf(onPostgres())("lets a migration run longer than the five seconds a request's statement may take (PostgreSQL)", async () => {
    const slow = migration("20260104000000_slow", `CREATE TABLE "slow" ("id" INTEGER PRIMARY KEY); SELECT pg_sleep(6.5);`);
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        expect(await migrate(sql, [slow])).toEqual({ applied: [slow.name], skipped: [] });
        // Afterwards the connection is back under the request limit.
        expect((await sql.query<{ statement_timeout: string }>("SHOW statement_timeout"))[0].statement_timeout).toBe("5s");
      });
    });
  }, 30_000);

  it.runIf(onPostgres())("applies each migration once when two migrators start at the same time (PostgreSQL)", async () => {
    await withEmptyDatabase(async (_connection, url) => {
      const a = await connect({ databaseUrl: url!, poolMax: 1 });
      const b = await connect({ databaseUrl: url!, poolMax: 1 });
      try {
        const [ra, rb] = await Promise.all([
          a.withSql((sql) => migrate(sql, [first, second])),
          b.withSql((sql) => migrate(sql, [first, second])),
        ]);
        expect([...ra.applied, ...rb.applied].sort()).toEqual([first.name, second.name]);
        const rows = await a.withSql((sql) =>
          sql.query<{ migration_name: string; n: number }>(
            `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY migration_name ORDER BY migration_name`,
          ),
        );
        expect(rows).toEqual([
          { migration_name: first.name, n: 1 },
          { migration_name: second.name, n: 1 },
        ]);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
