// A route handler run on every request, answering a small JSON.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, at: Date.now() });
}
