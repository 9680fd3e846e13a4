// Fixwell's commission, in one place: COMMISSION_PERCENT of a job's labour excluding VAT (materials and VAT
// carry none), rounded to the whole cent (half a cent up), and nothing on a quote sent before COMMISSION_FROM
// — the day the join page promises handymen, and the day they are told of.
import type { Locale } from "../../i18n/locales";
import { commissionSettings } from "../env";
import { formatDate, formatNumber } from "../format";

export type CommissionRule = {
  /** A percentage of labour excluding VAT, e.g. 10 or 12.5. */
  percent: number;
  /** Quotes sent from this moment on carry commission; earlier ones none. */
  from: Date;
};

export type CommissionedQuote = {
  /** When the quote was sent: the rule of that moment applies, so the handyman knows it when quoting. */
  createdAt: Date;
  lines: readonly { kind: "labour" | "materials"; netCents: number }[];
};

/** The rule the environment sets. */
export function commissionRule(): CommissionRule {
  const { COMMISSION_PERCENT, COMMISSION_FROM } = commissionSettings();
  return { percent: COMMISSION_PERCENT, from: new Date(`${COMMISSION_FROM}T00:00:00Z`) };
}

/** The commission on a quote, in whole cents. */
export function commissionCents(quote: CommissionedQuote, rule: CommissionRule = commissionRule()): number {
  if (quote.createdAt < rule.from) return 0;
  const labourNet = quote.lines.filter((line) => line.kind === "labour").reduce((sum, line) => sum + line.netCents, 0);
  // The percentage in hundredths keeps the arithmetic in integers (12.5% → 1250 / 10 000).
  return Math.round((labourNet * Math.round(rule.percent * 100)) / 10_000);
}

/**
 * The commission on the part of a job's money that is released after a partial refund (a dispute's decision,
 * lib/ops/disputes.ts): the job's commission in proportion to the part released, so the refunded part carries
 * none. `heldCents` is what was held before the refund, `releasedCents` what of it goes to the handyman's side.
 */
export function commissionOnPart(jobCommissionCents: number, releasedCents: number, heldCents: number): number {
  if (heldCents <= 0 || releasedCents <= 0) return 0;
  const full = Math.min(jobCommissionCents, heldCents);
  return Math.round((full * Math.min(releasedCents, heldCents)) / heldCents);
}

/** The rule in a page's words: `{ percent: "12,5", from: "1 maart 2027" }`. */
export function commissionWords(locale: Locale, rule: CommissionRule = commissionRule()): { percent: string; from: string } {
  return { percent: formatNumber(rule.percent, locale), from: formatDate(rule.from.toISOString().slice(0, 10), locale) };
}
