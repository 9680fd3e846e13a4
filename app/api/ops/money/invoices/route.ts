// GET /api/ops/money/invoices?month=YYYY-MM – the month's invoices, credit notes and commission invoices as
// CSV for bookkeeping software (lib/ops/invoice-export.ts), streamed as they are read; a missing or malformed
// month is a 400 naming `month`; anyone but an operator gets 404
import { operatorRoute } from "@/lib/ops/access";
import { describeDatabaseError } from "@/lib/db/errors";
import { csvHeaders, parseExportMonth } from "@/lib/ops/csv";
import { invoiceExportStream } from "@/lib/ops/invoice-export";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async ({ req }) => {
    const month = parseExportMonth(new URL(req.url).searchParams);
    // Once the first bytes are sent the status is 200; a failure after that cuts the file short and is logged.
    const body = invoiceExportStream(month, (error) => console.error(`[api] GET /api/ops/money/invoices: the export stopped: ${describeDatabaseError(error)}`));
    return new Response(body, { headers: csvHeaders(`fixwell-invoices-${month}.csv`) });
  },
});
