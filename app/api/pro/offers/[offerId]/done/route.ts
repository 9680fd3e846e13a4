// POST /api/pro/offers/{offerId}/done – the handyman marks an accepted job done
import { parseParam, withUser } from "@/lib/api/handler";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { markDone } from "@/lib/requests/workflow";
import { offerIdSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ offerId: string }>(async ({ params, user }) => {
  const id = parseParam(params.offerId, offerIdSchema, "That request");
  await markDone(user, id);
  return Response.json(await getProViewOrThrow(user));
});
