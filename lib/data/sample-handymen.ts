// The spec's sample list of 39 handymen (lib/data/handymen.json) in the matching rule's shape: what the
// register is seeded from (lib/db/seed.ts) and what the tests rank. Kept apart from lib/matching.ts, so
// a page that imports the rule does not ship the list to the browser.
import handymenData from "./handymen.json";
import type { Handyman } from "../matching";

export const handymen: readonly Handyman[] = handymenData as Handyman[];
