// GET /api/ops/requests?state=&city=&taskType=&from=&to= – every request (newest first, at most 200) with counts per state; bad filters give 400
import { operatorRoute } from "@/lib/ops/access";
import { listRequests, parseRequestFilters } from "@/lib/ops/requests";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req }) => {
    const filters = parseRequestFilters(new URL(req.url).searchParams);
    return Response.json(await listRequests(filters));
  },
});
