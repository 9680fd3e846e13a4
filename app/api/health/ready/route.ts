// GET /api/health/ready – readiness: 503 {"status":"warming"} with Retry-After until this process has
// warmed up (lib/warm-up.ts), then 200 {"status":"ok","database":"ok"} when the database finished a
// `SELECT 1` within 1.5 s, else 503 {"status":"degraded","database":"unreachable"} with Retry-After.
// For a deploy's "is the new instance ready" and for monitoring; an instance short of CPU may miss
// the deadline while it serves well, so an active health check that takes instances out of a balance
// should use /api/health/live (docs/operations.md, "Health").
import { readinessAnswer } from "@/lib/health";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return readinessAnswer();
}
