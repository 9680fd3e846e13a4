// POST /api/pro/availability – the handyman's "available now" switch, which the "available" criterion reads
import { parseJson } from "@/lib/api/handler";
import { handymanRoute } from "@/lib/handymen/access";
import { setAvailability } from "@/lib/handymen/queries";
import { availabilitySchema } from "@/lib/validations/request-steps";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute({
  POST: async ({ req, user }) => {
    const { available } = await parseJson(req, availabilitySchema);
    return Response.json({ handyman: await setAvailability(user, available) });
  },
});
