// POST /api/ops/requests/{requestId}/homeowner-email – the homeowner's email address ({"requestId", "homeownerId", "email"}); each look is written to the audit log
import { operatorRoute } from "@/lib/ops/access";
import { parseRequestId, revealHomeownerEmail } from "@/lib/ops/requests";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ requestId: string }>({
  POST: async ({ params, operator }) => {
    return Response.json(await revealHomeownerEmail(operator, parseRequestId(params.requestId)));
  },
});
