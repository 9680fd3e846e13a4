// Picks the one handyman shown to a homeowner, in the browser, from the fixed sample list. The rule:
// "price" ranks by hourly price ascending, "rated" by rating descending, "available" keeps only those
// available now and ranks them by price descending; the ranked list is then narrowed to the request's
// city and task type and the first one wins. Sorts are stable, so ties keep the order of the list.
import handymenData from "./data/handymen.json";
import type { City, Criterion, TaskType } from "./validations/inputs";

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

/** The handyman for `request`, or null when nobody in that city does that task (under that criterion). */
export function matchHandyman(request: MatchRequest, list: readonly Handyman[] = handymen): Handyman | null {
  return rank(list, request.criteria).find((h) => h.city === request.city && h.task_type === request.task_type) ?? null;
}

export function findHandyman(id: number, list: readonly Handyman[] = handymen): Handyman | null {
  return list.find((h) => h.id === id) ?? null;
}

/** "She" when the name ends in the letter a, otherwise "He" (the product's rule). */
export function pronounFor(name: string): "She" | "He" {
  return /a$/i.test(name.trim()) ? "She" : "He";
}

const euro = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });

/** "€ 45,00 per hour" (Dutch number format, with the non-breaking space Intl puts after the sign). */
export function formatHourlyPrice(pricePerHour: number): string {
  return `${euro.format(pricePerHour)} per hour`;
}
