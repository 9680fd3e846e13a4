// Per test file: point the app's database module at the test database, and Redis at the test Redis.
import { randomBytes } from "node:crypto";
import { testDatabaseUrl } from "./helpers/database-url";
import { testRedisUrl } from "./helpers/redis";

const url = testDatabaseUrl();
if (url) {
  process.env.DATABASE_URL = url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
}
const redisUrl = testRedisUrl();
if (redisUrl) process.env.REDIS_URL = redisUrl;
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
