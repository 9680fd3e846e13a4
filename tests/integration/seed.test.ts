// The seed fills job openings into an empty table only; running it again changes nothing.
import { describe, expect, it } from "vitest";
import { jobOpenings } from "../../lib/content/job-openings";
import { connect } from "../../lib/db/connect";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/db/seed";
import { onPostgres, withEmptyDatabase } from "../helpers/db";

describe("seed", () => {
  it("ships at least 8 openings across at least 3 departments, with HTML requirements and benefits", () => {
    expect(jobOpenings.length).toBeGreaterThanOrEqual(8);
    expect(new Set(jobOpenings.map((o) => o.department)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(jobOpenings.map((o) => o.job_id)).size).toBe(jobOpenings.length);
    for (const opening of jobOpenings) {
      expect(opening.requirements, opening.job_id).toMatch(/<(ul|p)>/);
      expect(opening.benefits, opening.job_id).toMatch(/<(ul|p)>/);
    }
  });

  it("fills an empty table, and a second run changes nothing", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        expect(await seed(sql)).toEqual({ inserted: jobOpenings.length });
        const before = await sql.query(`SELECT * FROM "job_openings" ORDER BY job_id`);
        expect(await seed(sql)).toEqual({ inserted: 0 });
        const after = await sql.query(`SELECT * FROM "job_openings" ORDER BY job_id`);
        expect(after).toEqual(before);
        expect(after).toHaveLength(jobOpenings.length);
      });
    });
  });

  it("leaves a table that already has openings alone", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await sql.query(
          `INSERT INTO "job_openings" (job_id, department, role, location, start_date, description, about, overview, requirements, benefits, interview_time, apply)
           VALUES ('own', 'Engineering', 'Own role', 'Amsterdam', '2027-01-01', 'd', 'a', 'o', '<p>r</p>', '<p>b</p>', 'i', 'x')`,
        );
        expect(await seed(sql)).toEqual({ inserted: 0 });
        const rows = await sql.query<{ job_id: string }>(`SELECT job_id FROM "job_openings"`);
        expect(rows.map((r) => r.job_id)).toEqual(["own"]);
      });
    });
  });

  it.runIf(onPostgres())("inserts each opening once when two seeds run at the same time (PostgreSQL)", async () => {
    await withEmptyDatabase(async (connection, url) => {
      await connection.withSql((sql) => migrate(sql));
      const other = await connect({ databaseUrl: url!, poolMax: 1 });
      try {
        const results = await Promise.all([connection.withSql((sql) => seed(sql)), other.withSql((sql) => seed(sql))]);
        expect(results[0].inserted + results[1].inserted).toBe(jobOpenings.length);
        const [{ count }] = await connection.withSql((sql) =>
          sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "job_openings"`),
        );
        expect(count).toBe(jobOpenings.length);
      } finally {
        await other.close();
      }
    });
  });
});
