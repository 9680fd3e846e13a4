// Fills the sample job openings (with the Dutch version of some of them) and the sample handymen
// (lib/data/handymen.json) into empty tables. Running it again, or twice at once, changes nothing; a table
// that already has rows is left alone.
import { jobOpenings, type JobOpeningSeed } from "../careers/content";
import { jobOpeningTranslations, type JobOpeningTranslationSeed } from "../careers/content-nl";
import sampleHandymen from "../data/handymen.json";
import type { SqlClient } from "./sql-client";

const COLUMNS = [
  "job_id", "department", "role", "location", "start_date", "description", "about",
  "overview", "requirements", "benefits", "interview_time", "apply",
] as const satisfies readonly (keyof JobOpeningSeed)[];

const TRANSLATION_COLUMNS = [
  "job_id", "locale", "department", "role", "location", "description", "about",
  "overview", "requirements", "benefits", "interview_time", "apply",
] as const satisfies readonly (keyof JobOpeningTranslationSeed)[];

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

export async function seed(
  sql: SqlClient,
  openings: JobOpeningSeed[] = jobOpenings,
  handymen: HandymanSeed[] = sampleHandymen,
  translations: JobOpeningTranslationSeed[] = jobOpeningTranslations,
): Promise<{ inserted: number; handymen: number }> {
  return { inserted: await seedJobOpenings(sql, openings, translations), handymen: await seedHandymen(sql, handymen) };
}

/** The openings, and the translations of those this run inserted (another run's are that run's). */
async function seedJobOpenings(sql: SqlClient, openings: JobOpeningSeed[], translations: JobOpeningTranslationSeed[]): Promise<number> {
  const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "job_openings"`);
  if (count > 0) return 0;
  return inTransaction(sql, async () => {
    let inserted = 0;
    for (const opening of openings) {
      const placeholders = COLUMNS.map((_, i) => `$${i + 1}`).join(", ");
      const rows = await sql.query(
        `INSERT INTO "job_openings" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${placeholders})
         ON CONFLICT ("job_id") DO NOTHING RETURNING "job_id"`,
        COLUMNS.map((column) => opening[column]),
      );
      inserted += rows.length;
      if (rows.length === 0) continue;
      for (const translation of translations.filter((t) => t.job_id === opening.job_id)) {
        await sql.query(
          `INSERT INTO "job_opening_translations" (${TRANSLATION_COLUMNS.map((c) => `"${c}"`).join(", ")})
           VALUES (${TRANSLATION_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})
           ON CONFLICT ("job_id", "locale") DO NOTHING`,
          TRANSLATION_COLUMNS.map((column) => translation[column]),
        );
      }
    }
    return inserted;
  });
}

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

/** The sample handymen keep their ids (the matching tests name them); new ones are numbered after them. */
async function seedHandymen(sql: SqlClient, handymen: HandymanSeed[]): Promise<number> {
  const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "handymen"`);
  if (count > 0) return 0;
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

async function inTransaction<T>(sql: SqlClient, fn: () => Promise<T>): Promise<T> {
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
