// npm run db:seed — puts the sample job openings into an empty table; a second run changes nothing.
import { runWithConnection } from "./db-script";
import { seed } from "../lib/db/seed";

void runWithConnection("seed", async (connection) => {
  const { inserted } = await connection.withSql((sql) => seed(sql));
  console.log(inserted ? `Seeded ${inserted} job opening(s).` : "Job openings already present; nothing to seed.");
});
