// GET /api/health – the readiness answer under its first name (the same as /api/health/ready): the
// process has warmed up and its database finished a round trip, within about two seconds either way. Load
// balancers that take instances out should ask /api/health/live instead (docs/operations.md, "Health").
import { readinessAnswer } from "@/lib/health";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return readinessAnswer();
}
