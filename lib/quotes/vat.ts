// The VAT rule of a quote's line, in one place: 9% or 21%, from the trade, the kind of line and the
// homeowner's statement whether the home is older than two years.
//
// Source: Wet op de omzetbelasting 1968, art. 9 lid 2 onder a with Tabel I, onderdeel b (the services at
// the reduced rate): "het schilderen en stukadoren van woningen", "het aanbrengen van behang in woningen"
// and "isolatiewerkzaamheden aan woningen", each for a home more than two years after it was first taken
// into use, and each for the labour only (the materials, the paint, the wallpaper and the insulation
// material, are at 21%; for insulation the law names "de arbeid" explicitly). The posts' numbers within
// onderdeel b have moved between versions of the law; this code cites the onderdeel, not a post number.
// Everything else is at the general rate of 21% (art. 9 lid 1).
//
// A home whose age is unknown (a request made before the question was asked, or through the API without
// it) is treated as a newer one: 21%, which never under-charges the tax office.
import type { TaskType } from "../requests/catalogue";
import type { QuoteLineKind, VatRate } from "./rules";

export const REDUCED_VAT_RATE = 9 satisfies VatRate;
export const GENERAL_VAT_RATE = 21 satisfies VatRate;

/** The works of Tabel I, onderdeel b that a handyman on Fixwell may do. */
export type ReducedRateWork = "painting_and_plastering" | "wallpapering" | "insulation";

/**
 * Which reduced-rate work each of our trades is; null for a trade at 21% whatever the home's age.
 * Our catalogue (lib/requests/catalogue.ts) has painting only: plastering, wallpapering and insulation are
 * not trades of ours yet, so they appear in this rule (and its table test) by their work, ready for the
 * day a trade is added for them. Outlet replacement (electrical work) and pipe leakage (plumbing) are not
 * in Tabel I.
 */
export const REDUCED_RATE_WORK: Record<TaskType, ReducedRateWork | null> = {
  Painting: "painting_and_plastering",
  "Outlet-replacement": null,
  "Pipe-leakage": null,
};

/**
 * The VAT rate of one line: 9% for the labour of painting, plastering, wallpapering or insulation on a
 * home older than two years; 21% for everything else (materials always, other trades, a newer home, and
 * a home whose age is unknown: null).
 */
export function vatRateFor({
  work,
  lineKind,
  homeOlderThanTwoYears,
}: {
  work: ReducedRateWork | null;
  lineKind: QuoteLineKind;
  homeOlderThanTwoYears: boolean | null;
}): VatRate {
  return work !== null && lineKind === "labour" && homeOlderThanTwoYears === true ? REDUCED_VAT_RATE : GENERAL_VAT_RATE;
}

/** The rule for a line of a request of `taskType` (the trade's work from REDUCED_RATE_WORK). */
export function vatRateForTrade({ taskType, lineKind, homeOlderThanTwoYears }: { taskType: TaskType; lineKind: QuoteLineKind; homeOlderThanTwoYears: boolean | null }): VatRate {
  return vatRateFor({ work: REDUCED_RATE_WORK[taskType], lineKind, homeOlderThanTwoYears });
}
