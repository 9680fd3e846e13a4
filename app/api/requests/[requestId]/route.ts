// GET /api/requests/{requestId} – one of the signed-in user's requests with its state, handyman, timeline and review
import { parseParam, withUser } from "@/lib/api/handler";
import { getRequestDetailsOrThrow } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";

export const GET = withUser<{ requestId: string }>(async ({ params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  return Response.json({ request: await getRequestDetailsOrThrow(user, id) });
});
