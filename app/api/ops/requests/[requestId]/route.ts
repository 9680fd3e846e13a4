// GET /api/ops/requests/{requestId} – one request with its timeline, offers and the homeowner's email; each view is written to the audit log
import { withOperator } from "@/lib/ops/access";
import { parseRequestId, viewRequest } from "@/lib/ops/requests";

export const GET = withOperator<{ requestId: string }>(async ({ params, operator }) => {
  return Response.json({ request: await viewRequest(operator, parseRequestId(params.requestId)) });
});
