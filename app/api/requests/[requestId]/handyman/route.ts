// POST /api/requests/{requestId}/handyman – give the request to one of the next two in the ranking instead (before anyone accepted)
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { getRequestDetailsOrThrow } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";
import { pickAlternative } from "@/lib/requests/workflow";
import { pickHandymanSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  const { handymanId } = await parseJson(req, pickHandymanSchema);
  await pickAlternative(user, id, handymanId);
  return Response.json({ request: await getRequestDetailsOrThrow(user, id) });
});
