// npm run db:seed — puts the sample job openings and handymen into empty tables; a second run changes nothing.
import { runWithConnection } from "./db-script";
import { seed } from "../lib/sample-data";

void runWithConnection("seed", async (connection) => {
  const { inserted, handymen } = await connection.withSql((sql) => seed(sql));
  console.log(inserted ? `Seeded ${inserted} job opening(s).` : "Job openings already present; nothing to seed.");
  console.log(handymen ? `Seeded ${handymen} handymen.` : "Handymen already present; nothing to seed.");
});
