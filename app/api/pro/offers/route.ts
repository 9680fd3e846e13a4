// GET /api/pro/offers?cursor=&limit= – the signed-in handyman's open and accepted offers, newest first, 50 a
// page (?limit= 1–200), with their rating and reviews, and `nextCursor` (also a Link: <…>; rel="next"
// header) for the older ones, null on the last page; a bad cursor or limit is a 400 (404 for anyone else)
import { handymanRoute } from "@/lib/handymen/access";
import { pageResponse } from "@/lib/paging/response";
import { getProViewOrThrow, parseProOffersPage } from "@/lib/handymen/offers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute({
  GET: async ({ req, user }) => {
    const url = new URL(req.url);
    const view = await getProViewOrThrow(user, undefined, parseProOffersPage(user, url.searchParams));
    return pageResponse(url, view, view.nextCursor);
  },
});
