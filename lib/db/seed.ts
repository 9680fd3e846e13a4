// Fills job openings into an empty table. Running it again, or twice at once, changes nothing.
import { jobOpenings, type JobOpeningSeed } from "../content/job-openings";
import type { SqlClient } from "./sql-client";

const COLUMNS = [
  "job_id", "department", "role", "location", "start_date", "description", "about",
  "overview", "requirements", "benefits", "interview_time", "apply",
] as const satisfies readonly (keyof JobOpeningSeed)[];

export async function seed(sql: SqlClient, openings: JobOpeningSeed[] = jobOpenings): Promise<{ inserted: number }> {
  const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "job_openings"`);
  if (count > 0) return { inserted: 0 };
  let inserted = 0;
  await sql.exec("BEGIN");
  try {
    for (const opening of openings) {
      const placeholders = COLUMNS.map((_, i) => `$${i + 1}`).join(", ");
      const rows = await sql.query(
        `INSERT INTO "job_openings" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${placeholders})
         ON CONFLICT ("job_id") DO NOTHING RETURNING "job_id"`,
        COLUMNS.map((column) => opening[column]),
      );
      inserted += rows.length;
    }
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw error;
  }
  return { inserted };
}
