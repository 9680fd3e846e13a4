// GET /api/ops/requests?state=&city=&taskType=&from=&to=&cursor=&limit= – one page of the requests (newest
// first, 50 unless ?limit= says otherwise, at most 200) with the total and counts per state, and the
// cursors of the older (nextCursor) and newer (previousCursor) page; bad filters, cursors or limits give 400
import { operatorRoute } from "@/lib/ops/access";
import { listRequests, parseOverviewPage, parseRequestFilters } from "@/lib/ops/requests";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req, operator }) => {
    const query = new URL(req.url).searchParams;
    const filters = parseRequestFilters(query);
    return Response.json(await listRequests(operator, filters, parseOverviewPage(operator, query)));
  },
});
