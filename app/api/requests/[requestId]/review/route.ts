// POST /api/requests/{requestId}/review – the homeowner's one review of a finished job (409 before done or twice)
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { getRequestDetailsOrThrow } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";
import { reviewRequest } from "@/lib/requests/workflow";
import { reviewSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  const review = await parseJson(req, reviewSchema);
  await reviewRequest(user, id, review);
  return Response.json({ request: await getRequestDetailsOrThrow(user, id) });
});
