// POST /api/pro/offers/{offerId}/decline – the handyman turns the job down (reason optional); it goes to the next in the ranking
import { parseJson, parseParam } from "@/lib/api/handler";
import { handymanRoute } from "@/lib/handymen/access";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { declineOffer } from "@/lib/requests/workflow";
import { declineSchema, offerIdSchema } from "@/lib/validations/request-steps";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute<{ offerId: string }>({
  POST: async ({ req, params, user }) => {
    const id = parseParam(params.offerId, offerIdSchema, "requestNotFound");
    const { reason } = await parseJson(req, declineSchema);
    await declineOffer(user, id, reason);
    return Response.json(await getProViewOrThrow(user));
  },
});
