// POST /api/ops/requests/{requestId}/homeowner-email – the homeowner's email address ({"requestId", "homeownerId", "email"}); each look is written to the audit log
import { withOperator } from "@/lib/ops/access";
import { parseRequestId, revealHomeownerEmail } from "@/lib/ops/requests";

export const POST = withOperator<{ requestId: string }>(async ({ params, operator }) => {
  return Response.json(await revealHomeownerEmail(operator, parseRequestId(params.requestId)));
});
