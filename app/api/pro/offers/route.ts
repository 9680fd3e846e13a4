// GET /api/pro/offers – the signed-in handyman's offers and accepted jobs, rating and reviews (404 for anyone else)
import { handymanRoute } from "@/lib/handymen/access";
import { getProViewOrThrow } from "@/lib/handymen/offers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute({
  GET: async ({ user }) => Response.json(await getProViewOrThrow(user)),
});
