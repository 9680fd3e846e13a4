// POST /api/pro/availability – the handyman's "available now" switch, which the "available" criterion reads
import { parseJson, withUser } from "@/lib/api/handler";
import { setAvailability } from "@/lib/handymen/queries";
import { availabilitySchema } from "@/lib/validations/request-steps";

export const POST = withUser(async ({ req, user }) => {
  const { available } = await parseJson(req, availabilitySchema);
  return Response.json({ handyman: await setAvailability(user, available) });
});
