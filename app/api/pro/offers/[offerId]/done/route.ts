// POST /api/pro/offers/{offerId}/done – the handyman marks an accepted job done
import { parseParam } from "@/lib/api/handler";
import { handymanRoute } from "@/lib/handymen/access";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { markDone } from "@/lib/requests/workflow";
import { offerIdSchema } from "@/lib/validations/request-steps";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute<{ offerId: string }>({
  POST: async ({ params, user }) => {
    const id = parseParam(params.offerId, offerIdSchema, "requestNotFound");
    await markDone(user, id);
    return Response.json(await getProViewOrThrow(user));
  },
});
