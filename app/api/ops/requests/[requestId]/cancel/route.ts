// POST /api/ops/requests/{requestId}/cancel – {"reason", "password", "state"?}: cancels on the homeowner's behalf and mails them the reason; 409 when the request can no longer be cancelled; audited
import { z } from "zod";
import { parseJson } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { cancelRequestForHomeowner, parseRequestId } from "@/lib/ops/requests";

const cancelBody = z.object({ reason: z.unknown().optional(), password: z.unknown().optional(), state: z.unknown().optional() });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ requestId: string }>({
  POST: async ({ req, params, operator }) => {
    const id = parseRequestId(params.requestId);
    const body = await parseJson(req, cancelBody);
    await cancelRequestForHomeowner(operator, id, body);
    return Response.json({ cancelled: true, requestId: id });
  },
});
