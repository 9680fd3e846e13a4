// The sample rows of every feature that has some, handed to the seed's runner (lib/db/seed.ts) as
// lib/worker.ts hands job handlers to the queue: the job openings with their Dutch versions (lib/careers)
// and the sample handymen (lib/handymen). A feature with sample rows adds its seeder here. Used by
// `npm run db:seed`, the embedded database's first open (seedOnFirstOpen: instrumentation.ts, the scripts,
// the tests' setup), the tests' reset, the browser tests' server and the benchmarks.
import { setFirstOpenTask } from "./db/first-open";
import { runSeeders } from "./db/seed";
import type { SqlClient } from "./db/sql-client";
import { jobOpeningsSeeder } from "./careers/seed";
import { sampleHandymenSeeder } from "./handymen/seed";

/** The features' seeders, in the order they run. */
export const sampleSeeders = () => [jobOpeningsSeeder(), sampleHandymenSeeder()];

/** Fills the sample job openings and handymen into empty tables; answers how many openings and handymen it inserted. */
export async function seed(sql: SqlClient): Promise<{ inserted: number; handymen: number }> {
  const inserted = await runSeeders(sql, sampleSeeders());
  return { inserted: inserted.jobOpenings, handymen: inserted.handymen };
}

/** Has this process fill the sample rows into the embedded database when it first opens it (lib/db/index.ts). */
export function seedOnFirstOpen(): void {
  setFirstOpenTask(seed);
}
