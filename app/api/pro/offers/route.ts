// GET /api/pro/offers – the signed-in handyman's offers and accepted jobs, rating and reviews (404 for anyone else)
import { withUser } from "@/lib/api/handler";
import { getProViewOrThrow } from "@/lib/handymen/offers";

export const GET = withUser(async ({ user }) => Response.json(await getProViewOrThrow(user)));
