// "Why this handyman" and the all-in estimate: sentences and figures made from the rule and the data.
import { describe, expect, it } from "vitest";
import { handymen } from "@/lib/data/sample-handymen";
import { rankHandymen } from "@/lib/matching";
import { ESTIMATE_FIGURES } from "@/lib/requests/catalogue";
import { estimateJob } from "@/lib/requests/estimates";
import { whyThisHandyman as whyIn, type MatchContext } from "@/lib/requests/why-this-handyman";
import { getTranslator } from "@/lib/i18n/translator";
import type { Locale } from "@/i18n/locales";
import { TASK_TYPES } from "@/lib/requests/catalogue";
import { formatPriceRange } from "@/lib/format";

// The handyman's place in `ranking` (0 when not in it) among its length, as the server's ranking gives them.
const whyThisHandyman = (handyman: { id: number }, ranking: readonly { id: number }[], context: MatchContext, locale: Locale = "en") =>
  whyIn({ place: ranking.findIndex((h) => h.id === handyman.id) + 1, count: ranking.length }, context, locale, getTranslator(locale, "request"));

describe("whyThisHandyman on the sample list", () => {
  it("names the cheapest plumber in Rotterdam and how many there are", () => {
    const ranking = rankHandymen({ criteria: "price", city: "Rotterdam", task_type: "Pipe-leakage" }, handymen);
    expect(ranking.length).toBeGreaterThan(1);
    expect(whyThisHandyman(ranking[0], ranking, { criterion: "price", city: "Rotterdam", taskType: "Pipe-leakage" })).toBe(
      `Lowest hourly price among the ${ranking.length} plumbers in Rotterdam.`,
    );
    expect(whyThisHandyman(ranking[1], ranking, { criterion: "price", city: "Rotterdam", taskType: "Pipe-leakage" })).toBe(
      `Second-lowest hourly price among the ${ranking.length} plumbers in Rotterdam.`,
    );
  });

  it("speaks of rating for 'rated' and of being free to start for 'available'", () => {
    const rated = rankHandymen({ criteria: "rated", city: "The Hague", task_type: "Painting" }, handymen);
    expect(whyThisHandyman(rated[0], rated, { criterion: "rated", city: "The Hague", taskType: "Painting" })).toBe(
      `Highest rating among the ${rated.length} painters in The Hague.`,
    );
    const available = rankHandymen({ criteria: "available", city: "Amsterdam", task_type: "Outlet-replacement" }, handymen);
    expect(whyThisHandyman(available[0], available, { criterion: "available", city: "Amsterdam", taskType: "Outlet-replacement" })).toBe(
      `Available now, with the highest hourly price among the ${available.length} electricians in Amsterdam who are free to start.`,
    );
  });

  it("says the same in Dutch from the same catalogue keys, with the city's and trade's Dutch words", () => {
    const ranking = rankHandymen({ criteria: "price", city: "The Hague", task_type: "Pipe-leakage" }, handymen);
    expect(ranking.length).toBeGreaterThan(1);
    expect(whyThisHandyman(ranking[1], ranking, { criterion: "price", city: "The Hague", taskType: "Pipe-leakage" }, "nl")).toBe(
      `Op één na laagste uurprijs van de ${ranking.length} loodgieters in Den Haag.`,
    );
  });

  it("says 'chosen from' for a handyman who is not in the ranking (the holder no longer available)", () => {
    expect(whyIn({ place: 0, count: 4 }, { criterion: "available", city: "Rotterdam", taskType: "Painting" }, "en", getTranslator("en", "request"))).toBe(
      "Chosen from the 4 painters in Rotterdam.",
    );
  });

  it("says so when the handyman is the only one", () => {
    const only = [{ id: 7 }];
    expect(whyThisHandyman(only[0], only, { criterion: "price", city: "Rotterdam", taskType: "Painting" })).toBe(
      "The only painter in Rotterdam who can take this job.",
    );
    expect(whyThisHandyman(only[0], only, { criterion: "available", city: "Rotterdam", taskType: "Painting" })).toBe(
      "The only painter in Rotterdam who is available now.",
    );
  });
});

describe("estimateJob", () => {
  it("adds the call-out fee to the typical hours at the hourly price, widened to whole €5", () => {
    const { low, high } = estimateJob("Pipe-leakage", 46);
    // €35 call-out + 1 h × €46 = €81 → €80; €35 + 2 h × €46 = €127 → €130.
    expect([low, high]).toEqual([80, 130]);
    expect(formatPriceRange(low, high)).toBe("€80–€130");
  });

  it("has a basis for every task type, with the shorter duration first", () => {
    for (const task of TASK_TYPES) {
      const { hours, calloutFee } = ESTIMATE_FIGURES[task];
      expect(hours[0]).toBeLessThanOrEqual(hours[1]);
      expect(calloutFee).toBeGreaterThanOrEqual(0);
      const estimate = estimateJob(task, 40);
      expect(estimate.low % 5).toBe(0);
      expect(estimate.high % 5).toBe(0);
      expect(estimate.low).toBeLessThan(estimate.high);
    }
  });
});
