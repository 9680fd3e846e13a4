// POST /api/requests/{requestId}/cancel – cancel one of the user's requests before it is done ({"state"?: the state seen}; 409 after done, twice, or when it moved on from the state seen)
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { getRequestDetailsOrThrow } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";
import { cancelRequest } from "@/lib/requests/workflow";
import { cancelSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  const { state } = await parseJson(req, cancelSchema);
  await cancelRequest(user, id, state);
  return Response.json({ request: await getRequestDetailsOrThrow(user, id) });
});
