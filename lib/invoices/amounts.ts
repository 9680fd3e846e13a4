// The arithmetic of invoices, in integer cents: an invoice's amounts per VAT rate from the paid quote's
// lines, a refund split over those rates for its credit note, and the commission's VAT. Pure functions,
// tested case by case (tests/unit/invoice-amounts.test.ts); docs/payments.md "Invoices and VAT" states the
// rounding.

/** One line as an invoice keeps it. */
export type InvoiceLine = { kind: "labour" | "materials" | "refund" | "commission"; description: string; netCents: number; vatRate: number };

/** The amounts at one VAT rate. */
export type RateAmounts = { rate: number; netCents: number; vatCents: number };

export type InvoiceAmounts = { lines: InvoiceLine[]; rates: RateAmounts[]; netCents: number; vatCents: number; totalCents: number };

/** Fixwell's commission is invoiced at the standard rate. */
export const COMMISSION_VAT_RATE = 21;

function totals(lines: InvoiceLine[], rates: RateAmounts[]): InvoiceAmounts {
  const netCents = rates.reduce((sum, entry) => sum + entry.netCents, 0);
  const vatCents = rates.reduce((sum, entry) => sum + entry.vatCents, 0);
  return { lines, rates, netCents, vatCents, totalCents: netCents + vatCents };
}

/**
 * Per rate: the net of its lines and VAT on that net, rounded to the cent (half up) once per rate, as the
 * quote computed it (lib/quotes/rules.ts quoteAmounts), so the invoice's total is what was paid.
 */
export function ratesOf(lines: readonly Pick<InvoiceLine, "netCents" | "vatRate">[]): RateAmounts[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.netCents);
  return [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, netCents]) => ({ rate, netCents, vatCents: Math.round((netCents * rate) / 100) }));
}

/**
 * Splits `total` into parts proportional to `weights` (all ≥ 0, some > 0) that sum to `total` exactly:
 * each part rounded down, the cents left over given to the largest remainders (the earlier on a tie).
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new Error("nothing to split over");
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]++;
    left--;
  }
  return parts;
}

/** A gross amount at `rate` split into net and VAT: net = round(gross × 100 / (100 + rate)), VAT the rest. */
export function grossToNet(grossCents: number, rate: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 100) / (100 + rate));
  return { netCents, vatCents: grossCents - netCents };
}

/** The homeowner's invoice from the paid quote's lines; under the small-business scheme (KOR) there is no VAT. */
export function jobInvoiceAmounts(lines: readonly InvoiceLine[], { kor }: { kor: boolean }): InvoiceAmounts {
  const rates = ratesOf(lines);
  if (!kor) return totals([...lines], rates);
  // The homeowner paid the quote's total; under KOR all of it is the price, without VAT. Each line carries its
  // share of what its rate's VAT would have been (split exactly, so the lines sum to the total).
  const total = rates.reduce((sum, entry) => sum + entry.netCents + entry.vatCents, 0);
  const gross = splitProportionally(total, lines.map((line) => Math.max(0, line.netCents * (100 + line.vatRate))));
  const korLines = lines.map((line, index) => ({ ...line, netCents: gross[index], vatRate: 0 }));
  return totals(korLines, [{ rate: 0, netCents: total, vatCents: 0 }]);
}

/**
 * A credit note for a refund of `refundCents` of an invoice: the refund split over the invoice's rates in
 * proportion to each rate's amount including VAT (splitProportionally), each part split into net and VAT
 * at its rate (grossToNet); every amount negative, and together exactly minus the refund.
 */
export function creditNoteAmounts(invoiceRates: readonly RateAmounts[], refundCents: number, description: string): InvoiceAmounts {
  const gross = splitProportionally(refundCents, invoiceRates.map((entry) => entry.netCents + entry.vatCents));
  const rates = invoiceRates
    .map((entry, index) => ({ rate: entry.rate, ...grossToNet(gross[index], entry.rate) }))
    .filter((entry) => entry.netCents + entry.vatCents > 0)
    .map((entry) => ({ rate: entry.rate, netCents: -entry.netCents, vatCents: -entry.vatCents }));
  const lines = rates.map((entry) => ({ kind: "refund" as const, description, netCents: entry.netCents, vatRate: entry.rate }));
  return totals(lines, rates);
}

/** Fixwell's commission invoice: the commission booked in the ledger is the amount including 21% VAT. */
export function commissionInvoiceAmounts(commissionCents: number, description: string): InvoiceAmounts {
  const { netCents, vatCents } = grossToNet(commissionCents, COMMISSION_VAT_RATE);
  return totals([{ kind: "commission", description, netCents, vatRate: COMMISSION_VAT_RATE }], [{ rate: COMMISSION_VAT_RATE, netCents, vatCents }]);
}

/** The number as printed: "2026-H42-0007", "2026-FX-0012". */
export const invoiceNumberText = (series: string, number: number) => `${series}-${String(number).padStart(4, "0")}`;

/** The year an invoice issued at `at` is numbered in (Amsterdam's calendar). */
export const invoiceYear = (at: Date) => Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", year: "numeric" }).format(at));

/** A handyman's series for their invoices and credit notes, one per year; Fixwell's for its commission invoices. */
export const handymanSeries = (handymanId: number, at: Date) => `${invoiceYear(at)}-H${handymanId}`;
export const fixwellSeries = (at: Date) => `${invoiceYear(at)}-FX`;
