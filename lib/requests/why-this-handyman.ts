// "Why this handyman", in one sentence made from the matching rule and the ranking it produced: where
// the handyman stands and among how many ("Lowest hourly price among the 4 plumbers in Rotterdam"). The
// place and the count come from the ranking in SQL (lib/handymen/ranking.ts), never the whole list.
// The words are the `request` catalogue's (`why.*`); this module picks the sentence and its values.
// Pure, so the confirmation in the browser and the timeline on the server say the same thing.
import type { Locale } from "../../i18n/locales";
import type { City, Criterion, TaskType } from "./catalogue";
import { cityLabel, tradeNames } from "./words";

export type MatchContext = { criterion: Criterion; city: City; taskType: TaskType };

type WhyKey = "why.onlyAvailable" | "why.onlyOne" | "why.chosenFrom" | `why.${Criterion}`;

/** The `request` namespace's translator in the sentence's language (next-intl's `t`, or the server's getTranslator). */
export type WhyTranslate = (key: WhyKey, values: Record<string, string | number>) => string;

/** Where a handyman stands in the rule's ranking for a request: `place` 1 for the first (0 when not in it), among `count`. */
export type Standing = { place: number; count: number };

/** One sentence on why a handyman is at `standing` in the ranking (the rule's order for the request), in `locale`. */
export function whyThisHandyman({ place, count }: Standing, { criterion, city, taskType }: MatchContext, locale: Locale, t: WhyTranslate): string {
  const trade = tradeNames(taskType, locale);
  const words = { trade: trade.one, trades: trade.many, city: cityLabel(city, locale), count };
  if (count === 1 && place === 1) return t(criterion === "available" ? "why.onlyAvailable" : "why.onlyOne", words);
  if (place === 0) return t("why.chosenFrom", words);
  return t(`why.${criterion}`, { ...words, place });
}
