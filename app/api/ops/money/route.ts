// GET /api/ops/money?period=day|month&status=&from=&to=&cursor=&limit= – the ledger's sums per Amsterdam day or
// month, newest first (31 days or 24 months a page unless ?limit= says otherwise, at most 200), with the totals
// of the whole range and the cursors of the older (nextCursor) and newer (previousCursor) page; read-only
import { operatorRoute } from "@/lib/ops/access";
import { listMoney, parseMoneyFilters, parseMoneyPage } from "@/lib/ops/money";
import { pageResponse } from "@/lib/paging/response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req, operator }) => {
    const url = new URL(req.url);
    const filters = parseMoneyFilters(url.searchParams);
    const view = await listMoney(operator, filters, parseMoneyPage(operator, filters, url.searchParams));
    return pageResponse(url, view, view.nextCursor);
  },
});
