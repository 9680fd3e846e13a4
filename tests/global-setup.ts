// Once per test run: on PostgreSQL, bring the test database's schema up to date.
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { assertLocalDatabase, testDatabaseUrl } from "./helpers/database-url";

export default async function globalSetup() {
  const url = testDatabaseUrl();
  if (!url) return;
  assertLocalDatabase(url);
  const connection = await connect({ databaseUrl: url, poolMax: 1 });
  try {
    await connection.withSql((sql) => migrate(sql));
  } finally {
    await connection.close();
  }
}
