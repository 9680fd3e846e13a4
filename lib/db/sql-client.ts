// A minimal SQL interface over the two drivers (PGlite and node-postgres), used by the migrator and
// the seed, which run before and beside Prisma and need plain multi-statement SQL.
import type { PGlite } from "@electric-sql/pglite";
import type { PoolClient, QueryConfig } from "pg";

/** The client-side limit for a script run with exec(); the server-side one is set by the caller. */
const SCRIPT_QUERY_TIMEOUT_MS = 10 * 60 * 1000 + 1_000;

export type SqlClient = {
  readonly kind: "pglite" | "postgres";
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
};

export function pgliteSqlClient(db: PGlite): SqlClient {
  return {
    kind: "pglite",
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await db.query<Row>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export function postgresSqlClient(client: PoolClient): SqlClient {
  return {
    kind: "postgres",
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      // A script (a migration, the seed) may outlast the pool's per-query limit meant for requests.
      // node-postgres reads query_timeout from the query's config, though its types only list it for the pool.
      const script: QueryConfig & { query_timeout: number } = { text: sql, query_timeout: SCRIPT_QUERY_TIMEOUT_MS };
      await client.query(script);
    },
  };
}
