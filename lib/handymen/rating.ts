// What a handyman's rating rests on, and the one way every page says it. The rating the "rated" criterion
// ranks by is the mean of the handyman's starting rating (if Fixwell gave one when they joined; the sample
// handymen have one, those who join through /join do not) and the stars of every review by a homeowner
// after a job marked done (lib/handymen/queries.ts refreshRating). A rating is never shown on its own:
//   - no reviews and no rating: "New: no reviews yet";
//   - no reviews, a starting rating: said plainly to be Fixwell's starting rating, not a customer's;
//   - reviews: the number of reviews it rests on, and the starting rating when it is counted in too.
// Pure (no database), so the confirmation in the browser and the pages drawn on the server say the same
// thing; the words are the `job` catalogue's (`rating.*` and, for a table's cell, `ratingShort.*`).
import type { Locale } from "../../i18n/locales";
import { formatRating } from "../format";

/** A rating with what it rests on. */
export type RatingBasis = {
  /** Out of five, what the "rated" criterion ranks by; null while there is nothing to rate by ("new"). */
  rating: number | null;
  /** The rating Fixwell set when the handyman joined; null for one who joined without (through /join). */
  startingRating: number | null;
  /** How many homeowners' reviews the rating holds. */
  reviewCount: number;
};

/** Which of the four ways a rating is said. */
export type RatingKind = "new" | "starting" | "reviews" | "reviewsAndStart";

export function ratingKind({ rating, startingRating, reviewCount }: RatingBasis): RatingKind {
  if (rating === null) return "new";
  if (reviewCount === 0) return "starting";
  return startingRating === null ? "reviews" : "reviewsAndStart";
}

type RatingKey = `rating.${RatingKind}` | `ratingShort.${RatingKind}`;

/** The `job` namespace's translator in the sentence's language (next-intl's `t`, or the server's getTranslator). */
export type RatingTranslate = (key: RatingKey, values: Record<string, string | number>) => string;

/**
 * The rating with what it rests on, in `locale`: "4.6 out of 5 from 3 reviews and a starting rating of
 * 4.7 set by Fixwell", "Starting rating 4.7 out of 5, set by Fixwell, not by customers: no reviews yet".
 * `short` is a table cell's form ("4.7, starting rating").
 */
export function ratingWords(basis: RatingBasis, locale: Locale, t: RatingTranslate, form: "full" | "short" = "full"): string {
  const kind = ratingKind(basis);
  const values = {
    // With no reviews the rating is the starting rating: the number the ranking uses is the one shown.
    rating: basis.rating === null ? "" : formatRating(basis.rating, locale),
    start: formatRating((kind === "starting" ? basis.rating : basis.startingRating) ?? 0, locale),
    count: basis.reviewCount,
  };
  return t(`${form === "full" ? "rating" : "ratingShort"}.${kind}`, values);
}
