// POST /api/pro/offers/{offerId}/decline – the handyman turns the job down (reason optional); it goes to the next in the ranking
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { declineOffer } from "@/lib/requests/workflow";
import { declineSchema, offerIdSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ offerId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.offerId, offerIdSchema, "That request");
  const { reason } = await parseJson(req, declineSchema);
  await declineOffer(user, id, reason);
  return Response.json(await getProViewOrThrow(user));
});
