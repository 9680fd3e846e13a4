// "Why this handyman", in one sentence made from the matching rule and the ranking it produced: where
// the handyman stands and among how many ("Lowest hourly price among the 4 plumbers in Rotterdam").
// Pure, so the confirmation in the browser and the timeline on the server say the same thing.
import type { Handyman } from "../matching";
import type { City, Criterion, TaskType } from "./catalogue";
import { tradeNames } from "./words";

const ORDINALS = ["", "", "Second", "Third", "Fourth", "Fifth"];

/** 1 → "Lowest", 2 → "Second-lowest", 7 → "7th-lowest". */
function standing(place: number, extreme: "lowest" | "highest"): string {
  if (place <= 1) return extreme[0].toUpperCase() + extreme.slice(1);
  return `${ORDINALS[place] ?? `${place}th`}-${extreme}`;
}

export type MatchContext = { criterion: Criterion; city: City; taskType: TaskType };

/** One sentence on why `handyman` is where they are in `ranking` (the rule's order for the request). */
export function whyThisHandyman(handyman: Pick<Handyman, "id">, ranking: readonly Pick<Handyman, "id">[], context: MatchContext): string {
  const { criterion, city, taskType } = context;
  const trade = tradeNames(taskType);
  const count = ranking.length;
  const place = ranking.findIndex((h) => h.id === handyman.id) + 1;
  if (count === 1 && place === 1) {
    return criterion === "available"
      ? `The only ${trade.one} in ${city} who is available now.`
      : `The only ${trade.one} in ${city} who can take this job.`;
  }
  if (place === 0) return `Chosen from the ${count} ${trade.many} in ${city}.`;
  switch (criterion) {
    case "price":
      return `${standing(place, "lowest")} hourly price among the ${count} ${trade.many} in ${city}.`;
    case "rated":
      return `${standing(place, "highest")} rating among the ${count} ${trade.many} in ${city}.`;
    case "available":
      return `Available now, with the ${standing(place, "highest").toLowerCase()} hourly price among the ${count} ${trade.many} in ${city} who are free to start.`;
  }
}
