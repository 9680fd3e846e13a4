// The month's money movements as CSV for the books (GET /api/ops/money/export?month=YYYY-MM): one row per
// ledger line made in that Amsterdam month, oldest first, read in keyset batches of (created_at, id) over
// the index on ledger_entries(created_at, id) and written as they are read, so a month of any size is never
// held in memory. Amounts are euros with two decimals and a dot ("1234.50"), never negative: the kind says
// which way the money went (see docs/payments.md). A cell that a spreadsheet would take for a formula
// (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe (OWASP's CSV injection advice).
// The writing, batching and streaming are shared with the invoice export (./csv.ts).
import "server-only";
import { getDb } from "../db";
import { AMSTERDAM_TIME, amountCell, csvLines, csvStream, monthRange } from "./csv";

export { csvCell, euroText, monthRange, parseExportMonth } from "./csv";

export const EXPORT_COLUMNS = ["entry_id", "date", "payment_id", "request_id", "kind", "amount_eur", "provider_id"] as const;

/** Ledger lines a read of the export takes. */
export const MONEY_EXPORT_BATCH = 500;

type ExportRow = { id: bigint; created_at: Date; payment_id: string; request_id: string; kind: string; amount_cents: number; provider_id: string };

/** The month's ledger lines after (created_at, id) `after`, oldest first. */
async function readBatch(range: { from: Date; until: Date }, after: ExportRow | undefined): Promise<ExportRow[]> {
  const db = await getDb();
  const afterAt = after?.created_at ?? new Date(0);
  const afterId = after?.id ?? BigInt(0);
  return db.$queryRaw<ExportRow[]>`
    SELECT le."id", le."created_at", le."payment_id"::text AS "payment_id", p."request_id"::text AS "request_id", le."kind"::text AS "kind",
           le."amount_cents", le."provider_id"
      FROM "ledger_entries" le JOIN "payments" p ON p."id" = le."payment_id"
     WHERE le."created_at" >= ${range.from} AND le."created_at" < ${range.until}
       AND (le."created_at", le."id") > (${afterAt}::timestamptz, ${afterId}::bigint)
     ORDER BY le."created_at", le."id"
     LIMIT ${MONEY_EXPORT_BATCH}`;
}

/** The CSV's lines: the header, then the month's ledger lines batch by batch. */
export function moneyExportLines(month: string): AsyncGenerator<string> {
  const range = monthRange(month);
  return csvLines<ExportRow>(EXPORT_COLUMNS, MONEY_EXPORT_BATCH, (after) => readBatch(range, after), (row) => [
    String(row.id),
    AMSTERDAM_TIME.format(row.created_at),
    row.payment_id,
    row.request_id,
    row.kind,
    amountCell(row.amount_cents),
    row.provider_id,
  ]);
}

/** The CSV as a byte stream, read only as fast as the reader takes it (~16 KiB chunks). */
export function moneyExportStream(month: string, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  return csvStream(moneyExportLines(month), onError);
}
