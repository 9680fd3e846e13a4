// The readiness answer (/api/health/ready, and /api/health under its first name): whether this process
// may be given traffic. Not while it warms up (lib/warm-up.ts), nor while its database does not answer
// (lib/db/readiness.ts). Liveness (/api/health/live) asks neither.
import "server-only";
import { databaseAnswers } from "./db/readiness";
import { isWarm, WARMING_RETRY_AFTER_SECONDS } from "./warm-up";

const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * 503 {"status":"warming"} with Retry-After while this process warms up; then 200
 * {"status":"ok","database":"ok"}, or 503 {"status":"degraded","database":"unreachable"} with Retry-After.
 */
export async function readinessAnswer(): Promise<Response> {
  if (!isWarm()) {
    return Response.json({ status: "warming" }, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(WARMING_RETRY_AFTER_SECONDS) } });
  }
  const ok = await databaseAnswers();
  return Response.json(
    { status: ok ? "ok" : "degraded", database: ok ? "ok" : "unreachable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) }) } },
  );
}
