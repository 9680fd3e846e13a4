// The month's money movements as CSV for the books (GET /api/ops/money/export?month=YYYY-MM): one row per
// ledger line made in that Amsterdam month, oldest first, read in keyset batches of (created_at, id) over
// the index on ledger_entries(created_at, id) and written as they are read, so a month of any size is never
// held in memory. Amounts are euros with two decimals and a dot ("1234.50"), never negative: the kind says
// which way the money went (see docs/payments.md). A cell that a spreadsheet would take for a formula
// (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe (OWASP's CSV injection advice).
import "server-only";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { queryParam, type Query } from "../api/query";
import { amsterdamMidnight, SITE_TIME_ZONE } from "./requests";

export const EXPORT_COLUMNS = ["entry_id", "date", "payment_id", "request_id", "kind", "amount_eur", "provider_id"] as const;

/** Ledger lines a read of the export takes. */
export const MONEY_EXPORT_BATCH = 500;

const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;
const MONTH_MESSAGE = "Give the month as YYYY-MM, in the years 2000 to 2999.";

/** ?month=YYYY-MM (required, once); anything else is a 400 naming `month`. */
export function parseExportMonth(query: Query): string {
  const value = queryParam(query, "month");
  if (typeof value !== "string" || !MONTH.test(value)) throw new ApiError("validation_failed", MONTH_MESSAGE, [{ path: "month", message: MONTH_MESSAGE }]);
  return value;
}

/** The instants the month starts and ends at on the Netherlands' clock. */
export function monthRange(month: string): { from: Date; until: Date } {
  const [year, number] = month.split("-").map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return { from: amsterdamMidnight(`${month}-01`), until: amsterdamMidnight(`${next}-01`) };
}

/** Cents as euros with two decimals and a dot: 123456 → "1234.56". */
export function euroText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** One CSV cell: defused if a spreadsheet would run it, quoted if it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

const AMSTERDAM_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

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
export async function* moneyExportLines(month: string): AsyncGenerator<string> {
  const range = monthRange(month);
  yield csvLine(EXPORT_COLUMNS);
  let last: ExportRow | undefined;
  for (;;) {
    const rows = await readBatch(range, last);
    for (const row of rows) {
      yield csvLine([String(row.id), AMSTERDAM_TIME.format(row.created_at), row.payment_id, row.request_id, row.kind, euroText(row.amount_cents), row.provider_id]);
    }
    if (rows.length < MONEY_EXPORT_BATCH) return;
    last = rows.at(-1);
  }
}

/** The CSV as a byte stream, read only as fast as the reader takes it (~16 KiB chunks). */
export function moneyExportStream(month: string, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  const lines = moneyExportLines(month);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      try {
        while (chunk.length < 16_384) {
          const next = await lines.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += next.value;
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
