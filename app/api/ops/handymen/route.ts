// GET /api/ops/handymen?q=&city=&taskType=&state=&cursor=&limit= – the roster, one page at a time: the
// handymen by name (then id), 50 unless ?limit= says otherwise (at most 200), each with cities, trades,
// hourly price, rating, availability and account state, as `{handymen}` always was; beside it the total
// under the filters and the cursors of the next (nextCursor, also a Link: <…>; rel="next" header) and the
// previous page (previousCursor), null at either end. Bad filters, cursors or limits give 400 (operators only)
import { operatorRoute } from "@/lib/ops/access";
import { pageResponse } from "@/lib/paging/response";
import { listRosterPage, parseRosterFilters, parseRosterPage } from "@/lib/ops/handymen";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req, operator }) => {
    const url = new URL(req.url);
    const filters = parseRosterFilters(url.searchParams);
    const page = await listRosterPage(operator, filters, parseRosterPage(operator, url.searchParams));
    return pageResponse(
      url,
      { handymen: page.rows, filters: page.filters, total: page.total, nextCursor: page.nextCursor, previousCursor: page.previousCursor },
      page.nextCursor,
    );
  },
});
