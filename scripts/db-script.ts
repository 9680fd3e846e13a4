// Shared start and error handling for the database scripts: one readable line on failure, no stack.
import { connect, type Connection } from "../lib/db/connect";
import { describeDatabaseError, isDatabaseUnavailable } from "../lib/db/errors";
import { parseEnv } from "../lib/env";

export async function runWithConnection(task: string, fn: (connection: Connection) => Promise<void>) {
  let connection: Connection | undefined;
  try {
    const env = parseEnv(process.env, { requireSecret: false });
    connection = await connect({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR, poolMax: 2 });
    console.log(`db:${task} on ${connection.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite (${env.PGLITE_DATA_DIR})`}`);
    await fn(connection);
  } catch (error) {
    const reason = isDatabaseUnavailable(error) ? "cannot reach the database: " : "";
    console.error(`db:${task} failed: ${reason}${describeDatabaseError(error)}`);
    process.exitCode = 1;
  } finally {
    await connection?.close().catch(() => {});
  }
}
