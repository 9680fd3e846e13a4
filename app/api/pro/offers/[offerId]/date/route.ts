// POST /api/pro/offers/{offerId}/date – the handyman confirms the homeowner's new day ({"confirm": true}) or keeps the agreed one
import { parseJson, parseParam } from "@/lib/api/handler";
import { handymanRoute } from "@/lib/handymen/access";
import { getProViewOrThrow } from "@/lib/handymen/offers";
import { answerDate } from "@/lib/requests/workflow";
import { answerDateSchema, offerIdSchema } from "@/lib/validations/request-steps";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute<{ offerId: string }>({
  POST: async ({ req, params, user }) => {
    const id = parseParam(params.offerId, offerIdSchema, "requestNotFound");
    const { confirm } = await parseJson(req, answerDateSchema);
    await answerDate(user, id, confirm);
    return Response.json(await getProViewOrThrow(user));
  },
});
