// The database enums that the migrations create hold exactly the catalogue's values, so a city or
// trade added to lib/requests/catalogue.ts without its migration (or the other way round) is caught.
import { describe, expect, it } from "vitest";
import { migrate } from "../../lib/db/migrate";
import { CITIES, CRITERIA, TASK_TYPES } from "../../lib/requests/catalogue";
import { withEmptyDatabase } from "../helpers/db";

describe("database enums and the catalogue", () => {
  it("have the same task types, cities and criteria after every migration", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        const labels = async (type: string) =>
          (
            await sql.query<{ label: string }>(
              `SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1`,
              [type],
            )
          )
            .map((row) => row.label)
            .sort();
        expect(await labels("task_type")).toEqual([...TASK_TYPES].sort());
        expect(await labels("city")).toEqual([...CITIES].sort());
        expect(await labels("criteria")).toEqual([...CRITERIA].sort());
      });
    });
  });
});
