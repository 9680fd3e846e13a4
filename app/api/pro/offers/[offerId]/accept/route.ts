// POST /api/pro/offers/{offerId}/accept – the handyman takes the job (409 once the offer expired, was withdrawn or answered)
import { parseParam } from "@/lib/api/handler";
import { handymanRoute } from "@/lib/handymen/access";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { acceptOffer } from "@/lib/requests/workflow";
import { offerIdSchema } from "@/lib/validations/request-steps";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute<{ offerId: string }>({
  POST: async ({ params, user }) => {
    const id = parseParam(params.offerId, offerIdSchema, "requestNotFound");
    await acceptOffer(user, id);
    return Response.json(await getProViewOrThrow(user));
  },
});
