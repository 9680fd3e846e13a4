// Once per test run: on PostgreSQL, bring the test database's schema up to date, and give each of the
// run's workers a database of its own, copied from it (CREATE DATABASE … TEMPLATE), so test files run in
// parallel on PostgreSQL as they do on PGlite (where each file has its own in-memory database). The copies
// are dropped when the run ends. On PGlite, make once the images each file's in-memory database starts from
// (an empty database, and one migrated and seeded): starting from an image takes about a second, where a new
// PGlite's initdb and every migration took several per file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { seed } from "../lib/sample-data";
import { assertLocalDatabase, testDatabaseUrl, workerDatabaseName } from "./helpers/database-url";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database of each worker (VITEST_POOL_ID 1…n), on PostgreSQL with parallel files; else empty. */
    workerDatabaseUrls: string[];
    /** On PGlite, files holding PGlite images (dumpDataDir, uncompressed): a new empty database, and one migrated and seeded; else empty. */
    pgliteImages: { empty: string; seeded: string } | Record<string, never>;
  }
}

export default async function globalSetup(project: TestProject) {
  project.provide("workerDatabaseUrls", []);
  project.provide("pgliteImages", {});
  const url = testDatabaseUrl();
  if (!url) {
    // The multi-instance test (vitest.cluster.config.mts) skips on PGlite and opens no database here.
    const clusterOnly = project.config.include.every((glob) => glob.startsWith("tests/multi-instance/"));
    return clusterOnly ? undefined : makePgliteImages(project);
  }
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

async function makePgliteImages(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "fixwell-test-pglite-"));
  const images = { empty: path.join(dir, "empty.tar"), seeded: path.join(dir, "seeded.tar") };
  const connection = await connect({ pgliteDataDir: "memory://" });
  try {
    const save = async (file: string) => writeFileSync(file, Buffer.from(await (await connection.pglite!.dumpDataDir("none")).arrayBuffer()));
    await save(images.empty);
    await connection.withSql(async (sql) => {
      await migrate(sql);
      await seed(sql);
    });
    await save(images.seeded);
  } finally {
    await connection.close();
  }
  project.provide("pgliteImages", images);
  return () => rmSync(dir, { recursive: true, force: true });
}
