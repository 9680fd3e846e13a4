// Picks the one handyman shown to a homeowner. The rule: "price" ranks by hourly price ascending,
// "rated" by rating descending, "available" keeps only those available now and ranks them by price
// descending; the ranked list is then narrowed to the request's city and task type and the first one
// wins. Sorts are stable, so ties keep the order of the list.
//
// The list comes from the handymen table (lib/handymen/queries.ts, public fields only): the page hands it
// to the browser, which matches, and the server ranks the same list when it offers the request, so the
// two always agree and the browser's pick is never what the server trusts. `handymen` below is the
// sample list the table is seeded from.
import handymenData from "./data/handymen.json";
import type { City, Criterion, TaskType } from "./requests/catalogue";

export type Handyman = {
  id: number;
  name: string;
  city: City;
  rating: number;
  available: "yes" | "no";
  price_per_hour: number;
  task_type: TaskType;
};

export const handymen: readonly Handyman[] = handymenData as Handyman[];

export type MatchRequest = { criteria: Criterion; city: City; task_type: TaskType };

function rank(list: readonly Handyman[], criteria: Criterion): Handyman[] {
  switch (criteria) {
    case "price":
      return [...list].sort((a, b) => a.price_per_hour - b.price_per_hour);
    case "rated":
      return [...list].sort((a, b) => b.rating - a.rating);
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
