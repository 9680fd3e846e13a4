// GET /api/ops/money/export?month=YYYY-MM – the month's ledger lines as CSV (lib/ops/money-export.ts), streamed
// as they are read; a missing or malformed month is a 400 naming `month`
import { operatorRoute } from "@/lib/ops/access";
import { describeDatabaseError } from "@/lib/db/errors";
import { csvHeaders } from "@/lib/ops/csv";
import { moneyExportStream, parseExportMonth } from "@/lib/ops/money-export";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req }) => {
    const month = parseExportMonth(new URL(req.url).searchParams);
    // Once the first bytes are sent the status is 200; a failure after that cuts the file short and is logged.
    const body = moneyExportStream(month, (error) => console.error(`[api] GET /api/ops/money/export: the export stopped: ${describeDatabaseError(error)}`));
    return new Response(body, { headers: csvHeaders(`fixwell-money-${month}.csv`) });
  },
});
