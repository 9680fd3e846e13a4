// GET /api/ops/money/payments?status=&from=&to=&cursor=&limit= – one page of payments, newest first (50 unless
// ?limit= says otherwise, at most 200), each with its balance from the ledger; bad filters, cursors or limits give 400
import { operatorRoute } from "@/lib/ops/access";
import { listPayments, parsePaymentFilters, parsePaymentsPage } from "@/lib/ops/money";
import { pageResponse } from "@/lib/paging/response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req, operator }) => {
    const url = new URL(req.url);
    const list = await listPayments(operator, parsePaymentFilters(url.searchParams), parsePaymentsPage(operator, url.searchParams));
    return pageResponse(url, list, list.nextCursor);
  },
});
