// Picks the one handyman shown to a homeowner. The rule: "price" ranks by hourly price ascending,
// "rated" by rating descending (a handyman without a rating yet, "new", after every rated one),
// "available" keeps only those available and ranks them by price descending; the ranked list is then
// narrowed to the request's city and task type and the first one wins. Sorts are stable, so ties keep
// the order of the list.
//
// The list comes from the handymen table (lib/handymen/queries.ts, `listCandidates`): the server narrows
// the register to the request's city and trade, computes "available" for the request's date, and hands
// those entries (city and task_type being the request's pair) to the browser, which matches; the server
// ranks the same list when it offers the request, so the two always agree and the browser's pick is never
// what the server trusts. `handymen` below is the sample list the table is seeded from.
import handymenData from "./data/handymen.json";
import type { City, Criterion, TaskType } from "./requests/catalogue";

export type Handyman = {
  id: number;
  name: string;
  city: City;
  /** Out of 5; null for a handyman without reviews yet ("new"). */
  rating: number | null;
  /** "yes" when available on the request's date (lib/handymen/availability.ts); in the sample list, "no" means paused. */
  available: "yes" | "no";
  price_per_hour: number;
  task_type: TaskType;
};

export const handymen: readonly Handyman[] = handymenData as Handyman[];

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

/** Everyone the rule would pick for `request`, best first: the match, then who comes next. */
export function rankHandymen(request: MatchRequest, list: readonly Handyman[] = handymen): Handyman[] {
  return rank(list, request.criteria).filter((h) => h.city === request.city && h.task_type === request.task_type);
}

/** The handyman for `request`, or null when nobody in that city does that task (under that criterion). */
export function matchHandyman(request: MatchRequest, list: readonly Handyman[] = handymen): Handyman | null {
  return rankHandymen(request, list)[0] ?? null;
}

/** "She" when the name ends in the letter a, otherwise "He" (the product's rule). */
export function pronounFor(name: string): "She" | "He" {
  return /a$/i.test(name.trim()) ? "She" : "He";
}
