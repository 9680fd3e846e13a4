// The console's month exports as CSV (lib/ops/money-export.ts: ledger lines; lib/ops/invoice-export.ts:
// invoices), written one way: the month given as ?month=YYYY-MM and read as the Netherlands' calendar month,
// rows read in keyset batches and streamed as they are read (a month of any size is never held in memory),
// amounts in euros with two decimals and a dot ("1234.50"), and text cells that a spreadsheet would take for
// a formula (starting with =, +, -, @, a tab or a carriage return) given a leading apostrophe (OWASP's CSV
// injection advice). Amounts are written by the export itself from integer cents (amountCell), so a negative
// one stays a number ("-12.50") that bookkeeping software reads as such.
import "server-only";
import { ApiError } from "../api/errors";
import { textStream } from "../api/json-stream";
import { queryParam, type Query } from "../api/query";
import { amsterdamMidnight, SITE_TIME_ZONE } from "./requests";

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

/** Cents as euros with two decimals and a dot: 123456 → "1234.56", -5 → "-0.05". */
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

/** An amount the export wrote itself from integer cents: written as is, a minus sign included. */
export type AmountCell = { readonly cents: number };
export const amountCell = (cents: number): AmountCell => ({ cents });

/** One line of cells, ended by CRLF (RFC 4180). */
export const csvLine = (cells: readonly (string | AmountCell)[]) => `${cells.map((cell) => (typeof cell === "string" ? csvCell(cell) : euroText(cell.cents))).join(",")}\r\n`;

/** Date and time on the Netherlands' clock: "2026-06-02 09:30:00". */
export const AMSTERDAM_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The day on the Netherlands' calendar: "2026-06-02". */
export const AMSTERDAM_DAY = new Intl.DateTimeFormat("sv-SE", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The CSV's lines: the header, then each row of every batch `read` answers after the last row of the one
 * before (undefined for the first), until a batch shorter than `batchSize`.
 */
export async function* csvLines<Row>(header: readonly string[], batchSize: number, read: (after: Row | undefined) => Promise<Row[]>, cells: (row: Row) => readonly (string | AmountCell)[]): AsyncGenerator<string> {
  yield csvLine(header);
  let last: Row | undefined;
  for (;;) {
    const rows = await read(last);
    for (const row of rows) yield csvLine(cells(row));
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}

/** Lines as a byte stream, read only as fast as the reader takes it (~16 KiB chunks). */
export function csvStream(lines: AsyncGenerator<string>, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  return textStream(lines, onError);
}

/** The download's headers: a CSV attachment, never cached. */
export const csvHeaders = (fileName: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "no-store",
});
