// The seed's runner: fills empty tables with sample rows from the features that have them, which it does
// not know. Each feature hands its rows as a Seeder (the job openings in lib/careers/seed.ts, the sample
// handymen in lib/handymen/seed.ts) and lib/sample-data.ts hands the list to runSeeders, as lib/worker.ts
// hands the features' job handlers to the queue. A seeder fills its tables only while they are empty, so
// running the seed again, or twice at once, changes nothing, and a table that already has rows is left alone.
import type { SqlClient } from "./sql-client";

/** One feature's sample rows: `run` fills its tables when they are empty and answers how many rows it inserted. */
export type Seeder<Name extends string = string> = { name: Name; run: (sql: SqlClient) => Promise<number> };

/** Runs `seeders` in order on `sql`, and answers how many rows each inserted, by name. */
export async function runSeeders<Name extends string>(sql: SqlClient, seeders: readonly Seeder<Name>[]): Promise<Record<Name, number>> {
  const inserted = {} as Record<Name, number>;
  for (const seeder of seeders) inserted[seeder.name] = await seeder.run(sql);
  return inserted;
}

/** Whether `table` has no rows yet (a seeder leaves a table with rows alone). */
export async function isEmptyTable(sql: SqlClient, table: string): Promise<boolean> {
  const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${table.replaceAll('"', '""')}"`);
  return count === 0;
}

/** Runs `fn` in one transaction on `sql`: all of a seeder's rows, or none. */
export async function inTransaction<T>(sql: SqlClient, fn: () => Promise<T>): Promise<T> {
  await sql.exec("BEGIN");
  try {
    const result = await fn();
    await sql.exec("COMMIT");
    return result;
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw error;
  }
}
