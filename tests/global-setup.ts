// Once per test run: on PostgreSQL, bring the test database's schema up to date, and give each of the
// run's workers a database of its own, copied from it (CREATE DATABASE … TEMPLATE), so test files run in
// parallel on PostgreSQL as they do on PGlite (where each file has its own in-memory database). The copies
// are dropped when the run ends.
import type { TestProject } from "vitest/node";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { assertLocalDatabase, testDatabaseUrl, workerDatabaseName } from "./helpers/database-url";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database of each worker (VITEST_POOL_ID 1…n), on PostgreSQL with parallel files; else empty. */
    workerDatabaseUrls: string[];
  }
}

export default async function globalSetup(project: TestProject) {
  project.provide("workerDatabaseUrls", []);
  const url = testDatabaseUrl();
  if (!url) return;
  assertLocalDatabase(url);
  const connection = await connect({ databaseUrl: url, poolMax: 1 });
  try {
    await connection.withSql((sql) => migrate(sql));
  } finally {
    await connection.close();
  }
  // Without file parallelism (the multi-instance config) Vitest resolves maxWorkers to 1.
  const workers = project.config.maxWorkers;
  if (workers < 2) return;

  // The copies are made from another database's connection: a template must have no one connected.
  const base = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = await connect({ databaseUrl: adminUrl.toString(), poolMax: 1 });
  const names = Array.from({ length: workers }, (_, i) => workerDatabaseName(base, i + 1));
  const dropAll = () =>
    admin.withSql(async (sql) => {
      await sql.exec("SET statement_timeout = 0");
      for (const name of names) await sql.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  await dropAll();
  await admin.withSql(async (sql) => {
    for (const name of names) await sql.exec(`CREATE DATABASE "${name}" TEMPLATE "${base}"`);
  });
  project.provide(
    "workerDatabaseUrls",
    names.map((name) => {
      const copy = new URL(url);
      copy.pathname = `/${name}`;
      return copy.toString();
    }),
  );
  return async () => {
    try {
      await dropAll();
    } finally {
      await admin.close();
    }
  };
}
