// The app's single Prisma client. On the embedded database the first call applies the migrations and
// runs the first-open task the process was given (./first-open.ts: the sample rows, lib/sample-data.ts);
// on PostgreSQL that is the operator's `npm run db:migrate && npm run db:seed`.
// Kept on globalThis so that dev-mode reloads never open a second PGlite on the same folder.
import "server-only";
import { env } from "../env";
import { connect, type Connection } from "./connect";
import { firstOpenTask, inMemoryImage } from "./first-open";
import { migrate } from "./migrate";
import type { PrismaClient } from "../generated/prisma/client";

const store = globalThis as unknown as { __fixwellConnection?: Promise<Connection> };

async function open(): Promise<Connection> {
  const { DATABASE_URL, PGLITE_DATA_DIR, DB_POOL_MAX } = env();
  const pgliteImage = !DATABASE_URL && PGLITE_DATA_DIR.startsWith("memory://") ? inMemoryImage() : undefined;
  const connection = await connect({ databaseUrl: DATABASE_URL, pgliteDataDir: PGLITE_DATA_DIR, poolMax: DB_POOL_MAX, pgliteImage });
  if (connection.kind === "pglite") {
    await connection.withSql(async (sql) => {
      await migrate(sql);
      await firstOpenTask()?.(sql);
    });
  }
  return connection;
}

export function getConnection(): Promise<Connection> {
  if (!store.__fixwellConnection) {
    const opening = open();
    store.__fixwellConnection = opening;
    // A failed start (for example a locked PGlite folder) must not poison every later request.
    opening.catch(() => {
      if (store.__fixwellConnection === opening) store.__fixwellConnection = undefined;
    });
  }
  return store.__fixwellConnection;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getConnection()).prisma;
}
