// Starts the app for the browser tests: builds it (unless E2E_SKIP_BUILD=1), prepares a fresh database
// (a new PGlite folder, or the local PostgreSQL of DATABASE_URL migrated, emptied and seeded), invites
// the handymen the tests sign in as, then runs `next start` on E2E_PORT. Refuses any PostgreSQL that
// is not on this machine.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { seed } from "../lib/sample-data";
import { assertLocalDatabase } from "../tests/helpers/database-url";

async function main() {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set");
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

  if (process.env.E2E_SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  let pgliteDir: string | undefined;
  if (env.DATABASE_URL) {
    assertLocalDatabase(env.DATABASE_URL);
    const connection = await connect({ databaseUrl: env.DATABASE_URL, poolMax: 1 });
    try {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await sql.exec(`TRUNCATE "inputs", "users", "job_openings" CASCADE`);
        await seed(sql);
      });
    } finally {
      await connection.close();
    }
  } else {
    pgliteDir = mkdtempSync(path.join(tmpdir(), "fixwell-e2e-"));
    env.PGLITE_DATA_DIR = path.join(pgliteDir, "pglite");
  }

  // Handymen invited and operators created before the server opens the database (the embedded one belongs
  // to one process): E2E_HANDYMAN_INVITES="23:bas@example.test,…" and E2E_OPERATORS="ops.ada@example.test,…",
  // all in one process (scripts/e2e-accounts.ts) through what `npm run handyman:invite` and
  // `npm run operator:create` run. The mails reach MAIL_FILE_DIR once the server's worker starts.
  const accounts = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/e2e-accounts.ts"], { stdio: "inherit", env });
  if (accounts.status !== 0 || accounts.error) process.exit(accounts.status || 1);

  // The tests talk to the server directly, without the proxy that closes its idle connections before the
  // server does (lib/cluster.ts): a test's request context that waited about the server's keep-alive time
  // (Node's 5 s) between two calls could send the second onto a connection the server was closing, and
  // read ECONNRESET. Idle connections are kept longer than any test waits between calls.
  const server = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", port, "--keepAliveTimeout", "120000"], { stdio: "inherit", env });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code) => {
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}

main().catch((error: unknown) => {
  console.error(`e2e server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
