// A handyman as the matching rule's list entry (the spec's field names), the sample list of 39 the
// register is seeded from, and the product's pronoun rule. The rule itself is SQL, written once in
// lib/handymen/ranking.ts: the server ranks a request's city and trade there, the offer and the pass-on
// read only the top of it, and the confirmation page gets only the rows it shows, ranked.
import handymenData from "./data/handymen.json";
import type { City, TaskType } from "./requests/catalogue";

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

/** "She" when the name ends in the letter a, otherwise "He" (the product's rule). */
export function pronounFor(name: string): "She" | "He" {
  return /a$/i.test(name.trim()) ? "She" : "He";
}
