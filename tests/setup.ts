// Per test file: point the app's database module at the test database.
import { randomBytes } from "node:crypto";
import { testDatabaseUrl } from "./helpers/database-url";

const url = testDatabaseUrl();
if (url) {
  process.env.DATABASE_URL = url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
}
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
