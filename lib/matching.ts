// The spec's matching rule, written once as a pure function over a list in memory, and the product's
// pronoun rule. The criteria page's client component applies it in the browser to the request's
// shortlist (lib/requests/shortlist.ts) to show whom each criterion would pick; the tests use it as their
// reference. The server ranks in SQL with the same order (lib/handymen/ranking.ts), and the shortlist holds
// each criterion's first by construction, so the pick shown is the handyman the server then offers.
// No data here: the sample list is lib/data/sample-handymen.ts, so the browser is never sent it.
import { CRITERIA, type City, type Criterion, type TaskType } from "./requests/catalogue";

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

/**
 * Everyone the rule would pick for `request` from `list`, best first: price ascending, rating descending
 * ("new" last) or, among those available, price descending; then only the request's city and task type.
 * The sorts are stable, so ties keep the list's order (the register's, by id).
 */
export function rankHandymen(request: MatchRequest, list: readonly Handyman[]): Handyman[] {
  return rank(list, request.criteria).filter((h) => h.city === request.city && h.task_type === request.task_type);
}

/** The handyman the rule picks for `request` from `list`, or null when nobody there does that task (under that criterion). */
export function matchHandyman(request: MatchRequest, list: readonly Handyman[]): Handyman | null {
  return rankHandymen(request, list)[0] ?? null;
}

/** Whom each criterion picks for a request in `pair` from `list` (the criteria page shows all three). */
export function picksFor(pair: Omit<MatchRequest, "criteria">, list: readonly Handyman[]): Record<Criterion, Handyman | null> {
  return Object.fromEntries(CRITERIA.map((criteria) => [criteria, matchHandyman({ ...pair, criteria }, list)])) as Record<Criterion, Handyman | null>;
}

/** "She" when the name ends in the letter a, otherwise "He" (the product's rule). */
export function pronounFor(name: string): "She" | "He" {
  return /a$/i.test(name.trim()) ? "She" : "He";
}
