// The invoices' arithmetic, case by case: per-rate totals as the quote computed them, a refund split over
// the rates so the credit note sums to exactly minus the refund, the commission's VAT (booked gross), the
// small-business scheme's lines, and the numbers as printed.
import { describe, expect, it } from "vitest";
import {
  commissionInvoiceAmounts,
  creditNoteAmounts,
  grossToNet,
  handymanSeries,
  fixwellSeries,
  invoiceNumberText,
  jobInvoiceAmounts,
  ratesOf,
  splitProportionally,
  type InvoiceLine,
} from "../../lib/invoices/amounts";

const line = (netCents: number, vatRate: number, kind: InvoiceLine["kind"] = "labour"): InvoiceLine => ({ kind, description: "", netCents, vatRate });

describe("invoice amounts", () => {
  it("sums each rate's lines and rounds its VAT once per rate, half up", () => {
    expect(ratesOf([line(20_000, 9), line(5_000, 21, "materials"), line(1, 21)])).toEqual([
      { rate: 9, netCents: 20_000, vatCents: 1_800 },
      { rate: 21, netCents: 5_001, vatCents: 1_050 },
    ]);
    expect(ratesOf([line(50, 9)])).toEqual([{ rate: 9, netCents: 50, vatCents: 5 }]);
  });

  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1, [21_800, 6_050], [1, 0]],
    [10_001, [21_800, 6_050], [7_828, 2_173]],
    [27_850, [21_800, 6_050], [21_800, 6_050]],
    [7, [0, 5], [0, 7]],
  ])("splits %i over %j exactly: %j", (total, weights, parts) => {
    expect(splitProportionally(total, weights)).toEqual(parts);
    expect(splitProportionally(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it.each([1, 2, 99, 10_001, 12_345, 27_849, 27_850])("a credit note for a refund of %i cents sums to exactly minus the refund, negative at every rate", (refund) => {
    const note = creditNoteAmounts(ratesOf([line(20_000, 9), line(5_000, 21)]), refund, "refund");
    expect(note.totalCents).toBe(-refund);
    expect(note.netCents + note.vatCents).toBe(-refund);
    expect(note.lines.reduce((sum, entry) => sum + entry.netCents, 0)).toBe(note.netCents);
    for (const entry of note.rates) expect(entry.netCents + entry.vatCents).toBeLessThan(0);
  });

  it("takes the commission booked as the amount including 21% VAT", () => {
    expect(grossToNet(2_000, 21)).toEqual({ netCents: 1_653, vatCents: 347 });
    expect(commissionInvoiceAmounts(2_000, "commission")).toMatchObject({ netCents: 1_653, vatCents: 347, totalCents: 2_000, rates: [{ rate: 21, netCents: 1_653, vatCents: 347 }] });
    expect(commissionInvoiceAmounts(1, "commission")).toMatchObject({ netCents: 1, vatCents: 0, totalCents: 1 });
  });

  it("under the small-business scheme invoices what was paid without VAT, the lines summing to it", () => {
    const amounts = jobInvoiceAmounts([line(20_000, 9), line(5_000, 21, "materials")], { kor: true });
    expect(amounts).toMatchObject({ netCents: 27_850, vatCents: 0, totalCents: 27_850, rates: [{ rate: 0, netCents: 27_850, vatCents: 0 }] });
    expect(amounts.lines.map((entry) => [entry.netCents, entry.vatRate])).toEqual([
      [21_800, 0],
      [6_050, 0],
    ]);
    expect(jobInvoiceAmounts([line(20_000, 9)], { kor: false })).toMatchObject({ netCents: 20_000, vatCents: 1_800, totalCents: 21_800 });
  });

  it("numbers a handyman's series and Fixwell's per year in Amsterdam's calendar, printed with four digits", () => {
    expect(handymanSeries(42, new Date("2026-12-31T23:30:00Z"))).toBe("2027-H42");
    expect(fixwellSeries(new Date("2026-06-01T12:00:00Z"))).toBe("2026-FX");
    expect(invoiceNumberText("2026-H42", 7)).toBe("2026-H42-0007");
    expect(invoiceNumberText("2026-FX", 12_345)).toBe("2026-FX-12345");
  });
});
