// GET /api/ops/requests/{requestId} – one request with its timeline and offers, its homeowner by id only; reads, writes nothing
import { operatorRoute } from "@/lib/ops/access";
import { parseRequestId, viewRequest } from "@/lib/ops/requests";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ requestId: string }>({
  GET: async ({ params }) => {
    return Response.json({ request: await viewRequest(parseRequestId(params.requestId)) });
  },
});
