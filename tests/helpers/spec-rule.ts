// The spec's matching rule written out over a list in memory, as the spec states it: the reference the
// tests compute their expectations with. The product ranks in SQL (lib/handymen/ranking.ts); the tests
// check that SQL against this, for the sample list and for registers of hundreds of candidates.
import { handymen, type Handyman } from "../../lib/matching";
import type { City, Criterion, TaskType } from "../../lib/requests/catalogue";

export type MatchRequest = { criteria: Criterion; city: City; task_type: TaskType };

/** Rating descending; a handyman without a rating ("new") after every rated one, ties kept in order. */
function byRatingDescending(a: Handyman, b: Handyman): number {
  if (a.rating === null || b.rating === null) return (a.rating === null ? 1 : 0) - (b.rating === null ? 1 : 0);
  return b.rating - a.rating;
}

function rank(list: readonly Handyman[], criteria: Criterion): Handyman[] {
  switch (criteria) {
    case "price":
      return [...list].sort((a, b) => a.price_per_hour - b.price_per_hour);
    case "rated":
      return [...list].sort(byRatingDescending);
    case "available":
      return list.filter((h) => h.available === "yes").sort((a, b) => b.price_per_hour - a.price_per_hour);
  }
}

/** Everyone the rule would pick for `request`, best first: the match, then who comes next (stable sorts: ties keep the list's order). */
export function rankHandymen(request: MatchRequest, list: readonly Handyman[] = handymen): Handyman[] {
  return rank(list, request.criteria).filter((h) => h.city === request.city && h.task_type === request.task_type);
}

/** The handyman for `request`, or null when nobody in that city does that task (under that criterion). */
export function matchHandyman(request: MatchRequest, list: readonly Handyman[] = handymen): Handyman | null {
  return rankHandymen(request, list)[0] ?? null;
}
