// Which database the tests use: TEST_DATABASE_URL or DATABASE_URL (PostgreSQL), else embedded PGlite.
// Tests wipe tables, so a PostgreSQL URL must point at this machine unless explicitly allowed.

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function assertLocalDatabase(url: string): void {
  const host = new URL(url).hostname;
  const socketHost = new URL(url).searchParams.get("host");
  const local = LOCAL_HOSTS.has(host) || (host === "" && socketHost?.startsWith("/"));
  if (!local && process.env.TEST_ALLOW_REMOTE_DB !== "1") {
    throw new Error(
      `Refusing to run tests against ${host}: the tests empty tables. Use a local database, or set TEST_ALLOW_REMOTE_DB=1.`,
    );
  }
}

/** The database of test worker `n` on PostgreSQL: the test database's name with a suffix (see tests/global-setup.ts). */
export function workerDatabaseName(base: string, n: number): string {
  if (!/^[A-Za-z0-9_]{1,56}$/.test(base)) throw new Error(`The test database's name must be plain letters, digits and _ (got ${base})`);
  return `${base}_w${n}`;
}
