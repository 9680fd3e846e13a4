// The seed fills job openings and the sample handymen into empty tables only; running it again changes nothing.
import { describe, expect, it } from "vitest";
import { jobOpenings } from "../../lib/careers/content";
import { jobOpeningTranslations } from "../../lib/careers/content-nl";
import sampleHandymen from "../../lib/data/handymen.json";
import { connect } from "../../lib/db/connect";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/sample-data";
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
        expect(await seed(sql)).toEqual({ inserted: jobOpenings.length, handymen: sampleHandymen.length });
        const before = await sql.query(`SELECT * FROM "job_openings" ORDER BY job_id`);
        expect(await seed(sql)).toEqual({ inserted: 0, handymen: 0 });
        const after = await sql.query(`SELECT * FROM "job_openings" ORDER BY job_id`);
        expect(after).toEqual(before);
        expect(after).toHaveLength(jobOpenings.length);
      });
    });
  });

  it("gives some of the openings a Dutch version with the same HTML tags, and leaves the others English only", async () => {
    const ids = new Set(jobOpenings.map((o) => o.job_id));
    expect(jobOpeningTranslations.length).toBeGreaterThanOrEqual(2);
    expect(jobOpeningTranslations.length).toBeLessThan(jobOpenings.length);
    for (const translation of jobOpeningTranslations) {
      expect(ids.has(translation.job_id), translation.job_id).toBe(true);
      expect(translation.requirements, translation.job_id).toMatch(/<(ul|p)>/);
      expect(translation.benefits, translation.job_id).toMatch(/<(ul|p)>/);
    }
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await seed(sql);
        const rows = await sql.query<{ job_id: string; locale: string; role: string }>(`SELECT job_id, locale, role FROM "job_opening_translations" ORDER BY job_id`);
        expect(rows).toEqual(
          jobOpeningTranslations
            .map((t) => ({ job_id: t.job_id, locale: "nl", role: t.role }))
            .sort((a, b) => (a.job_id < b.job_id ? -1 : 1)),
        );
        await seed(sql);
        const [{ count }] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "job_opening_translations"`);
        expect(count).toBe(jobOpeningTranslations.length);
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
        expect((await seed(sql)).inserted).toBe(0);
        const rows = await sql.query<{ job_id: string }>(`SELECT job_id FROM "job_openings"`);
        expect(rows.map((r) => r.job_id)).toEqual(["own"]);
      });
    });
  });

  it("stores the sample handymen with their ids, one city and trade, prices in cents, availability, every weekday and a slug, and numbers new ones after them", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await seed(sql);
        const rows = await sql.query<{ id: number; name: string; cities: string; task_types: string; hourly_price_cents: number; rating: number; base_rating: number; available: boolean; suspended: boolean; slug: string; daily_capacity: number; weekdays: string }>(
          `SELECT id, name, cities::text, task_types::text, hourly_price_cents, rating, base_rating, available, suspended, slug, daily_capacity,
                  (SELECT string_agg(weekday::text, ',' ORDER BY weekday) FROM "handyman_work_days" w WHERE w.handyman_id = h.id) AS weekdays
             FROM "handymen" h ORDER BY id`,
        );
        expect(rows).toEqual(
          sampleHandymen.map((h) => ({
            id: h.id,
            name: h.name,
            cities: `{${h.city.includes(" ") ? `"${h.city}"` : h.city}}`,
            task_types: `{${h.task_type}}`,
            hourly_price_cents: Math.round(h.price_per_hour * 100),
            rating: h.rating,
            base_rating: h.rating,
            available: h.available === "yes",
            suspended: false,
            slug: `${h.name.toLowerCase()}-${h.id}`,
            daily_capacity: 10,
            weekdays: "1,2,3,4,5,6,7",
          })),
        );
        const [added] = await sql.query<{ id: number }>(
          `INSERT INTO "handymen" (name, cities, task_types, slug, hourly_price_cents) VALUES ('New', '{Amsterdam}', '{Painting}', 'new', 4000) RETURNING id`,
        );
        expect(added.id).toBe(Math.max(...sampleHandymen.map((h) => h.id)) + 1);
      });
    });
  });

  it("leaves a handymen table that already has rows alone", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await sql.query(`INSERT INTO "handymen" (name, cities, task_types, slug, hourly_price_cents) VALUES ('Own', '{Rotterdam}', '{Painting}', 'own', 5000)`);
        expect((await seed(sql)).handymen).toBe(0);
        const rows = await sql.query<{ name: string }>(`SELECT name FROM "handymen"`);
        expect(rows.map((r) => r.name)).toEqual(["Own"]);
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
