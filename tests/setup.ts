// Per test file: point the app's database module at the test database (on PostgreSQL, this worker's own
// copy of it: tests/global-setup.ts), with the sample rows on a new embedded one as the app has them (started
// from the run's migrated and seeded image), and Redis at the test Redis.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { setInMemoryImage } from "../lib/db/first-open";
import { seedOnFirstOpen } from "../lib/sample-data";
import { testDatabaseUrl } from "./helpers/database-url";
import { testRedisUrl } from "./helpers/redis";

const workerUrls = inject("workerDatabaseUrls");
const url = workerUrls.length ? workerUrls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % workerUrls.length] : testDatabaseUrl();
if (url) {
  process.env.TEST_DATABASE_URL = url;
  process.env.DATABASE_URL = url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
  const images = inject("pgliteImages");
  if ("seeded" in images) setInMemoryImage(() => new Blob([readFileSync(images.seeded)]));
}
seedOnFirstOpen();
const redisUrl = testRedisUrl();
if (redisUrl) process.env.REDIS_URL = redisUrl;
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
// Handlers called in-process see every change at once: the session liveness cache, which learns of changes
// through NOTIFY a moment after they commit, is off but for its own tests (the browser and multi-instance
// tests run with it).
process.env.SESSION_LIVENESS_CACHE ??= "off";
