// Whether this process can reach its database now: one `SELECT 1` that must finish within a short
// time. /api/health and /api/health/ready answer with it (lib/health.ts); the proxy asks it (at most once a second,
// lib/db/reachable.ts) before rendering a page that needs the database.
import "server-only";
import pg from "pg";
import { env } from "../env";
import { getDb } from "./index";
import { describeDatabaseError } from "./errors";

export const DATABASE_CHECK_TIMEOUT_MS = 1_500;

// On PostgreSQL the check has a connection of its own, outside the pool: a pool busy with a burst of
// requests queues its callers, and a healthy server whose pool is busy must not be taken for a server
// whose database is gone (it would answer 503). The connection is opened on first use and again after it
// fails.
const probe = globalThis as unknown as { __fixwellProbeClient?: Promise<pg.Client> };

function probeClient(url: string, timeoutMs: number): Promise<pg.Client> {
  probe.__fixwellProbeClient ??= (async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, application_name: "fixwell-probe" });
    client.on("error", () => {
      probe.__fixwellProbeClient = undefined;
    });
    await client.connect();
    return client;
  })();
  const pending = probe.__fixwellProbeClient;
  pending.catch(() => {
    if (probe.__fixwellProbeClient === pending) probe.__fixwellProbeClient = undefined;
  });
  return pending;
}

async function selectOne(timeoutMs: number): Promise<void> {
  const url = env().DATABASE_URL;
  if (!url) {
    await (await getDb()).$queryRaw`SELECT 1`;
    return;
  }
  await (await probeClient(url, timeoutMs)).query("SELECT 1");
}

/** Closes and forgets the probe's connection after a failed or late check: the next check opens a new one. */
function dropProbe(): void {
  const stale = probe.__fixwellProbeClient;
  probe.__fixwellProbeClient = undefined;
  void stale?.then((client) => client.end()).catch(() => undefined);
}

/** True when the database answered `SELECT 1` within `timeoutMs`; logs why not otherwise. */
export async function databaseAnswers(timeoutMs = DATABASE_CHECK_TIMEOUT_MS, area = "health"): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), timeoutMs);
  });
  const check = selectOne(timeoutMs);
  try {
    await Promise.race([check, timeout]);
    return true;
  } catch (error) {
    check.catch(() => undefined);
    // A query that failed, or is still waiting on a connection that went quiet, is given up with it.
    dropProbe();
    console.error(`[${area}] database unreachable: ${describeDatabaseError(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
