// The one place that picks a database driver: embedded PGlite when DATABASE_URL is unset, PostgreSQL
// through node-postgres otherwise. Returns a Prisma client plus a plain SQL handle for the migrator.
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { pgliteSqlClient, postgresSqlClient, type SqlClient } from "./sql-client";

export type Connection = {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** The node-postgres pool on PostgreSQL (for stores such as rate limiters); undefined on PGlite. */
  pgPool?: pg.Pool;
  /** The embedded database itself on PGlite (for the job queue, which shares its one connection); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** Runs `fn` with a plain SQL client holding one connection for its whole duration. */
  withSql<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type ConnectOptions = {
  /** postgresql:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database, or "memory://" for a throwaway one. */
  pgliteDataDir?: string;
  /**
   * A new embedded database starts as this image of another (PGlite's dumpDataDir, uncompressed) instead
   * of running initdb: the tests start each file from one migrated and seeded image (tests/global-setup.ts).
   */
  pgliteImage?: Blob;
  poolMax?: number;
};

export const POOL_LIMITS = {
  connectionTimeoutMillis: 3_000,
  idleTimeoutMillis: 30_000,
  statementTimeoutMillis: 5_000,
} as const;

export async function connect(options: ConnectOptions): Promise<Connection> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolMax ?? 10);
  return connectPglite(options.pgliteDataDir ?? ".data/pglite", options.pgliteImage);
}

async function connectPglite(dataDir: string, image?: Blob): Promise<Connection> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  if (!dataDir.startsWith("memory://")) {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dataDir, { recursive: true });
  }
  const db = new PGlite(dataDir, image ? { loadDataDir: image } : {});
  await db.waitReady;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  const sql = pgliteSqlClient(db);
  return {
    kind: "pglite",
    prisma,
    pglite: db,
    // PGlite is a single connection: the SQL client and Prisma share it, one statement at a time.
    withSql: (fn) => fn(sql),
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

function connectPostgres(databaseUrl: string, poolMax: number): Connection {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: POOL_LIMITS.connectionTimeoutMillis,
    idleTimeoutMillis: POOL_LIMITS.idleTimeoutMillis,
    statement_timeout: POOL_LIMITS.statementTimeoutMillis,
    query_timeout: POOL_LIMITS.statementTimeoutMillis + 1_000,
    application_name: "fixwell",
  });
  // An idle client losing its server emits 'error' on the pool; without a listener Node would exit.
  pool.on("error", (error) => {
    console.error(`[db] idle connection lost: ${error.message}`);
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    pgPool: pool,
    async withSql(fn) {
      const client = await pool.connect();
      try {
        return await fn(postgresSqlClient(client));
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
