// pg-boss on the app's database. On PostgreSQL it keeps its own small pool and its tables in the
// `pgboss` schema. On the embedded PGlite database it shares the app's one connection through pg-boss's
// own PGlite adapter (multi-statement SQL through PGlite's exec, the rest through query), so it runs
// inside the process that owns the database folder.
import "server-only";
import { PgBoss, fromPglite } from "pg-boss";
import type { Connection } from "../db/connect";
import { describeDatabaseError } from "../db/errors";

export function createBoss(connection: Connection, databaseUrl: string | undefined): PgBoss {
  // Workers poll (every 2 s by default) rather than LISTEN: a retry is a task deferred to a later time,
  // and only a poll notices that such a job has come due.
  const common = { schema: "pgboss" } as const;
  let boss: PgBoss;
  if (connection.kind === "pglite") {
    if (!connection.pglite) throw new Error("The embedded database connection does not expose its PGlite instance");
    boss = new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: "pglite" });
  } else {
    if (!databaseUrl) throw new Error("The queue on PostgreSQL needs DATABASE_URL");
    boss = new PgBoss({ ...common, connectionString: databaseUrl, max: 3, application_name: "fixwell-queue", connectionTimeoutMillis: 5_000 });
  }
  // Without an 'error' listener an EventEmitter error would end the process.
  boss.on("error", (error) => console.error(`[queue] ${describeDatabaseError(error)}`));
  boss.on("warning", (warning) => console.warn(`[queue] ${warning.message}`));
  return boss;
}
