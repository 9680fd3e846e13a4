// GET /api/health/live – liveness: 200 {"status":"ok"} whenever this process runs its event loop, with
// no database round trip, so a busy instance or a database outage never takes it out of a balance
// (where it would only move its load onto the others). Readiness is /api/health/ready.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
