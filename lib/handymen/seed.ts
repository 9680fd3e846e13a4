// The sample handymen for the seed (lib/db/seed.ts runs it, lib/sample-data.ts hands it over): the list of
// lib/data/handymen.json into an empty handymen table, each with their starting rating (lib/handymen/rating.ts).
import { inTransaction, isEmptyTable, type Seeder } from "../db/seed";
import type { SqlClient } from "../db/sql-client";
import sampleHandymen from "../data/handymen.json";

/** One entry of the sample list, as lib/data/handymen.json writes it. */
export type HandymanSeed = {
  id: number;
  name: string;
  city: string;
  rating: number;
  available: string;
  price_per_hour: number;
  task_type: string;
};

/**
 * A sample handyman works every day and takes the most jobs a day a profile may (10), so the sample
 * market matches as it always did on any date (migration 20261126050000_professionals does the same).
 */
const SAMPLE_DAILY_CAPACITY = 10;

/** A sample handyman's profile address: the name in lower case, then the id ("daan-1"). */
function sampleSlug(h: HandymanSeed): string {
  const name = h.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return name ? `${name}-${h.id}` : String(h.id);
}

/** The sample handymen; counts those inserted. */
export function sampleHandymenSeeder(handymen: HandymanSeed[] = sampleHandymen): Seeder<"handymen"> {
  return { name: "handymen", run: (sql) => seedHandymen(sql, handymen) };
}

/** The sample handymen keep their ids (the matching tests name them); new ones are numbered after them. */
async function seedHandymen(sql: SqlClient, handymen: HandymanSeed[]): Promise<number> {
  if (!(await isEmptyTable(sql, "handymen"))) return 0;
  return inTransaction(sql, async () => {
    let inserted = 0;
    for (const h of handymen) {
      const rows = await sql.query(
        `INSERT INTO "handymen" ("id", "name", "cities", "task_types", "slug", "hourly_price_cents", "base_rating", "rating", "available", "daily_capacity")
         VALUES ($1, $2, ARRAY[$3::"city"], ARRAY[$4::"task_type"], $5, $6, $7, $7, $8, ${SAMPLE_DAILY_CAPACITY})
         ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
        [h.id, h.name, h.city, h.task_type, sampleSlug(h), Math.round(h.price_per_hour * 100), h.rating, h.available === "yes"],
      );
      if (rows.length > 0) {
        await sql.query(`INSERT INTO "handyman_work_days" ("handyman_id", "weekday") SELECT $1, d FROM generate_series(1, 7) AS d ON CONFLICT DO NOTHING`, [h.id]);
      }
      inserted += rows.length;
    }
    await sql.query(`SELECT setval(pg_get_serial_sequence('"handymen"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "handymen"), false)`);
    return inserted;
  });
}
