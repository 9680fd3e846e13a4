// The careers area's sample rows for the seed (lib/db/seed.ts runs it, lib/sample-data.ts hands it over):
// the job openings (./content.ts), with the Dutch version of some of them (./content-nl.ts), into an empty
// job_openings table.
import { inTransaction, isEmptyTable, type Seeder } from "../db/seed";
import type { SqlClient } from "../db/sql-client";
import { jobOpenings, type JobOpeningSeed } from "./content";
import { jobOpeningTranslations, type JobOpeningTranslationSeed } from "./content-nl";

const COLUMNS = [
  "job_id", "department", "role", "location", "start_date", "description", "about",
  "overview", "requirements", "benefits", "interview_time", "apply",
] as const satisfies readonly (keyof JobOpeningSeed)[];

const TRANSLATION_COLUMNS = [
  "job_id", "locale", "department", "role", "location", "description", "about",
  "overview", "requirements", "benefits", "interview_time", "apply",
] as const satisfies readonly (keyof JobOpeningTranslationSeed)[];

/** The openings, and the translations of those this run inserted (another run's are that run's); counts the openings. */
export function jobOpeningsSeeder(openings: JobOpeningSeed[] = jobOpenings, translations: JobOpeningTranslationSeed[] = jobOpeningTranslations): Seeder<"jobOpenings"> {
  return { name: "jobOpenings", run: (sql) => seedJobOpenings(sql, openings, translations) };
}

async function seedJobOpenings(sql: SqlClient, openings: JobOpeningSeed[], translations: JobOpeningTranslationSeed[]): Promise<number> {
  if (!(await isEmptyTable(sql, "job_openings"))) return 0;
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
