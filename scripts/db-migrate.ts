// npm run db:migrate — applies prisma/migrations to DATABASE_URL (or the embedded database).
import { runWithConnection } from "./db-script";
import { migrate } from "../lib/db/migrate";

void runWithConnection("migrate", async (connection) => {
  const result = await connection.withSql((sql) => migrate(sql));
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
      : `Database is up to date (${result.skipped.length} migration(s) already applied).`,
  );
});
