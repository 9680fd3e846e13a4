// Whether this process can reach its database now: one `SELECT 1` that must finish within a short
// time. /api/health and /api/health/ready answer with it; the proxy asks it (at most once a second,
// lib/db/reachable.ts) before rendering a page that needs the database.
import "server-only";
import { getDb } from "./index";
import { describeDatabaseError } from "./errors";

export const DATABASE_CHECK_TIMEOUT_MS = 1_500;

/** True when the database answered `SELECT 1` within `timeoutMs`; logs why not otherwise. */
export async function databaseAnswers(timeoutMs = DATABASE_CHECK_TIMEOUT_MS, area = "health"): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), timeoutMs);
  });
  try {
    const db = await Promise.race([getDb(), timeout]);
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
    return true;
  } catch (error) {
    console.error(`[${area}] database unreachable: ${describeDatabaseError(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness answer (/api/health/ready, and /api/health under its first name): 200
 * {"status":"ok","database":"ok"}, or 503 {"status":"degraded","database":"unreachable"} with Retry-After.
 */
export async function readinessAnswer(): Promise<Response> {
  const ok = await databaseAnswers();
  return Response.json(
    { status: ok ? "ok" : "degraded", database: ok ? "ok" : "unreachable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": "5" }) } },
  );
}
