// GET /api/ops/requests/{requestId} – one request with its timeline, offers and the homeowner's email; each view is written to the audit log
import { operatorRoute } from "@/lib/ops/access";
import { parseRequestId, viewRequest } from "@/lib/ops/requests";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ requestId: string }>({
  GET: async ({ params, operator }) => {
    return Response.json({ request: await viewRequest(operator, parseRequestId(params.requestId)) });
  },
});
