// The month's invoices as CSV for bookkeeping software (GET /api/ops/money/invoices?month=YYYY-MM): one row
// per invoice, credit note and commission invoice issued in that Amsterdam month, oldest first, read in
// keyset batches of (issued_at, id) over the index on invoices(issued_at, id) and written as they are read,
// the same way as the ledger's export (./csv.ts: the month, the cells, the CSV-injection defence, the stream).
// Each row has the invoice's number ("2026-H42-0007"), kind, Amsterdam issue date, issuer and recipient with
// their KvK number and VAT id, the credited invoice's number on a credit note, the payment it belongs to, and
// per VAT rate the net and VAT at 21%, 9% and 0% (the small-business scheme, KOR), then net, VAT and total.
// Amounts are euros with a dot and two decimals, a credit note's negative, as stored: never recomputed.
// No UBL/EN 16931 e-invoices are produced (docs/payments.md says why): this file has every field they would.
import "server-only";
import { getDb } from "../db";
import { invoiceNumberText, type RateAmounts } from "../invoices/amounts";
import { VAT_RATES } from "../quotes/rules";
import { AMSTERDAM_DAY, amountCell, csvLines, csvStream, monthRange, type AmountCell } from "./csv";

/** The rates an invoice can carry: the VAT rule's (lib/quotes/rules.ts), and 0% under KOR; highest first. */
export const INVOICE_EXPORT_RATES = [...[...VAT_RATES].sort((a, b) => b - a), 0] as const;

export const INVOICE_EXPORT_COLUMNS = [
  "number",
  "kind",
  "issued_date",
  "issuer",
  "issuer_kvk",
  "issuer_vat_id",
  "recipient",
  "recipient_kvk",
  "recipient_vat_id",
  "credits_invoice",
  "payment_id",
  ...INVOICE_EXPORT_RATES.flatMap((rate) => [`net_${rate}_eur`, `vat_${rate}_eur`]),
  "net_eur",
  "vat_eur",
  "total_eur",
] as const;

/** Invoices a read of the export takes. */
export const INVOICE_EXPORT_BATCH = 500;

type InvoiceRow = {
  id: string;
  issued_at: Date;
  kind: string;
  series: string;
  number: number;
  issuer_name: string;
  issuer_kvk: string;
  issuer_vat_id: string | null;
  recipient_name: string;
  recipient_kvk: string | null;
  recipient_vat_id: string | null;
  credits_series: string | null;
  credits_number: number | null;
  payment_id: string | null;
  rates: RateAmounts[];
  net_cents: number;
  vat_cents: number;
  total_cents: number;
};

/** The month's invoices after (issued_at, id) `after`, oldest first. */
async function readBatch(range: { from: Date; until: Date }, after: InvoiceRow | undefined): Promise<InvoiceRow[]> {
  const db = await getDb();
  const afterAt = after?.issued_at ?? new Date(0);
  const afterId = after?.id ?? "00000000-0000-0000-0000-000000000000";
  return db.$queryRaw<InvoiceRow[]>`
    SELECT i."id"::text AS "id", i."issued_at", i."kind"::text AS "kind", i."series", i."number",
           i."issuer_name", i."issuer_kvk", i."issuer_vat_id", i."recipient_name", i."recipient_kvk", i."recipient_vat_id",
           c."series" AS "credits_series", c."number" AS "credits_number", i."payment_id"::text AS "payment_id",
           i."rates", i."net_cents", i."vat_cents", i."total_cents"
      FROM "invoices" i LEFT JOIN "invoices" c ON c."id" = i."credits_invoice_id"
     WHERE i."issued_at" >= ${range.from} AND i."issued_at" < ${range.until}
       AND (i."issued_at", i."id") > (${afterAt}::timestamptz, ${afterId}::uuid)
     ORDER BY i."issued_at", i."id"
     LIMIT ${INVOICE_EXPORT_BATCH}`;
}

/** Net and VAT per export rate; a rate the rule cannot give stops the export rather than book it wrong. */
function rateCells(row: InvoiceRow): AmountCell[] {
  const unknown = row.rates.find((entry) => !(INVOICE_EXPORT_RATES as readonly number[]).includes(entry.rate));
  if (unknown) throw new Error(`Invoice ${invoiceNumberText(row.series, row.number)} carries a VAT rate of ${unknown.rate}%, which the export has no column for.`);
  return INVOICE_EXPORT_RATES.flatMap((rate) => {
    const at = row.rates.filter((entry) => entry.rate === rate);
    return [amountCell(at.reduce((sum, entry) => sum + entry.netCents, 0)), amountCell(at.reduce((sum, entry) => sum + entry.vatCents, 0))];
  });
}

/** The CSV's lines: the header, then the month's invoices batch by batch. */
export function invoiceExportLines(month: string): AsyncGenerator<string> {
  const range = monthRange(month);
  return csvLines<InvoiceRow>(INVOICE_EXPORT_COLUMNS, INVOICE_EXPORT_BATCH, (after) => readBatch(range, after), (row) => [
    invoiceNumberText(row.series, row.number),
    row.kind,
    AMSTERDAM_DAY.format(row.issued_at),
    row.issuer_name,
    row.issuer_kvk,
    row.issuer_vat_id ?? "",
    row.recipient_name,
    row.recipient_kvk ?? "",
    row.recipient_vat_id ?? "",
    row.credits_series !== null && row.credits_number !== null ? invoiceNumberText(row.credits_series, row.credits_number) : "",
    row.payment_id ?? "",
    ...rateCells(row),
    amountCell(row.net_cents),
    amountCell(row.vat_cents),
    amountCell(row.total_cents),
  ]);
}

/** The CSV as a byte stream, read only as fast as the reader takes it. */
export function invoiceExportStream(month: string, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  return csvStream(invoiceExportLines(month), onError);
}
