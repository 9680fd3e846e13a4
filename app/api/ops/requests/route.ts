// GET /api/ops/requests?state=&city=&taskType=&from=&to= – every request (newest first, at most 200) with counts per state; bad filters give 400
import { withOperator } from "@/lib/ops/access";
import { listRequests, parseRequestFilters } from "@/lib/ops/requests";

export const GET = withOperator(async ({ req }) => {
  const filters = parseRequestFilters(new URL(req.url).searchParams);
  return Response.json(await listRequests(filters));
});
