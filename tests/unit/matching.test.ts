// The matching rule (lib/matching.ts: the one the criteria page runs in the browser and the tests use as
// their reference) against expectations worked out by hand from lib/data/handymen.json (one row per
// criterion × city × task type), plus ties, the empty case, the pronoun and the price format.
import { describe, expect, it } from "vitest";
import { handymen } from "@/lib/data/sample-handymen";
import { matchHandyman as match, pronounFor, rankHandymen, type Handyman, type MatchRequest } from "@/lib/matching";
import type { City, Criterion, TaskType } from "@/lib/requests/catalogue";

// [criterion, city, task type, expected id (name, why)] – read off the sample list, not recomputed.
/** The rule over the sample list unless a list is given. */
const matchHandyman = (request: MatchRequest, list: readonly Handyman[] = handymen) => match(request, list);

const expectations: Array<[Criterion, City, TaskType, number | null, string]> = [
  ["price", "Amsterdam", "Outlet-replacement", 14, "Bram, € 42, ties with Sara (22) and comes first"],
  ["price", "Amsterdam", "Pipe-leakage", 9, "Thijs, € 44"],
  ["price", "Amsterdam", "Painting", 19, "Sem, € 36, although not available"],
  ["price", "The Hague", "Outlet-replacement", 12, "Daan of The Hague, € 46, ties with Vera (28)"],
  ["price", "The Hague", "Pipe-leakage", 21, "Niels, € 40"],
  ["price", "The Hague", "Painting", 7, "Pieter, € 35, although not available"],
  ["price", "Rotterdam", "Outlet-replacement", 34, "Lina, € 44"],
  ["price", "Rotterdam", "Pipe-leakage", 18, "Nina, € 39, although not available"],
  ["price", "Rotterdam", "Painting", 23, "Bas, € 34"],
  ["rated", "Amsterdam", "Outlet-replacement", 6, "Eva, 4.9, ties with Bram (14) and comes first"],
  ["rated", "Amsterdam", "Pipe-leakage", 17, "Ruben, 4.8"],
  ["rated", "Amsterdam", "Painting", 11, "Julia, 4.6, ties with Sem (19)"],
  ["rated", "The Hague", "Outlet-replacement", 4, "Noa, 4.8, ties with Jasper (20)"],
  ["rated", "The Hague", "Pipe-leakage", 13, "Anna, 4.9"],
  ["rated", "The Hague", "Painting", 15, "Tessa, 4.7, ties with Floris (24)"],
  ["rated", "Rotterdam", "Outlet-replacement", 16, "Sven, 4.7, ties with Lina (34)"],
  ["rated", "Rotterdam", "Pipe-leakage", 26, "Mees, 4.8, ties with Sofia (37)"],
  ["rated", "Rotterdam", "Painting", 32, "Emma, 4.5, ties with Maarten (36)"],
  ["available", "Amsterdam", "Outlet-replacement", 1, "Daan of Amsterdam, dearest available at € 48"],
  ["available", "Amsterdam", "Pipe-leakage", 2, "Fenna, € 52,50, ties with Mila (27)"],
  ["available", "Amsterdam", "Painting", 35, "Wouter, € 45"],
  ["available", "The Hague", "Outlet-replacement", 20, "Jasper, € 53"],
  ["available", "The Hague", "Pipe-leakage", 13, "Anna, € 58"],
  ["available", "The Hague", "Painting", 15, "Tessa, € 39,50, ties with Floris (24)"],
  ["available", "Rotterdam", "Outlet-replacement", 25, "Teun, € 51"],
  ["available", "Rotterdam", "Pipe-leakage", 26, "Mees, € 46; Sofia (€ 48) is not available"],
  ["available", "Rotterdam", "Painting", null, "nobody in Rotterdam paints right now"],
];

describe("matchHandyman on the sample list", () => {
  it("has one expectation for every criterion × city × task type", () => {
    const keys = new Set(expectations.map(([c, city, task]) => `${c}|${city}|${task}`));
    expect(keys.size).toBe(27);
  });

  it.each(expectations)("%s in %s for %s picks #%s (%s)", (criteria, city, task_type, expectedId) => {
    const match = matchHandyman({ criteria, city, task_type });
    expect(match?.id ?? null).toBe(expectedId);
    if (match) {
      expect(match.city).toBe(city);
      expect(match.task_type).toBe(task_type);
    }
  });

  it("does not reorder or change the sample list it ranks", () => {
    const before = JSON.stringify(handymen);
    matchHandyman({ criteria: "price", city: "Amsterdam", task_type: "Painting" });
    matchHandyman({ criteria: "available", city: "Rotterdam", task_type: "Pipe-leakage" });
    expect(JSON.stringify(handymen)).toBe(before);
  });
});

const person = (id: number, overrides: Partial<Handyman> = {}): Handyman => ({
  id,
  name: `Person ${id}`,
  city: "Amsterdam",
  rating: 4,
  available: "yes",
  price_per_hour: 40,
  task_type: "Painting",
  ...overrides,
});
const amsterdamPainting = { city: "Amsterdam", task_type: "Painting" } as const;

describe("matchHandyman ties keep list order", () => {
  it("price: equal prices keep the earlier entry", () => {
    const list = [person(1, { price_per_hour: 50 }), person(2, { price_per_hour: 30 }), person(3, { price_per_hour: 30 })];
    expect(matchHandyman({ criteria: "price", ...amsterdamPainting }, list)?.id).toBe(2);
  });

  it("rated: equal ratings keep the earlier entry", () => {
    const list = [person(1, { rating: 4.2 }), person(2, { rating: 4.9 }), person(3, { rating: 4.9 })];
    expect(matchHandyman({ criteria: "rated", ...amsterdamPainting }, list)?.id).toBe(2);
  });

  it("available: equal prices keep the earlier available entry and skip the unavailable", () => {
    const list = [
      person(1, { price_per_hour: 60, available: "no" }),
      person(2, { price_per_hour: 45 }),
      person(3, { price_per_hour: 45 }),
      person(4, { price_per_hour: 30 }),
    ];
    expect(matchHandyman({ criteria: "available", ...amsterdamPainting }, list)?.id).toBe(2);
  });

  it("ranks before filtering: the best match elsewhere does not hide the best match here", () => {
    const list = [person(1, { price_per_hour: 10, city: "Rotterdam" }), person(2, { price_per_hour: 90 })];
    expect(matchHandyman({ criteria: "price", ...amsterdamPainting }, list)?.id).toBe(2);
  });
});

describe("matchHandyman with nothing to pick", () => {
  it("returns null for an empty list", () => {
    expect(matchHandyman({ criteria: "price", ...amsterdamPainting }, [])).toBeNull();
  });

  it("returns null when nobody works in that city on that task", () => {
    const list = [person(1, { city: "Rotterdam" }), person(2, { task_type: "Pipe-leakage" })];
    expect(matchHandyman({ criteria: "rated", ...amsterdamPainting }, list)).toBeNull();
  });

  it("returns null for 'available' when everyone there is busy, though price and rated still find someone", () => {
    const list = [person(1, { available: "no" }), person(2, { available: "no" })];
    expect(matchHandyman({ criteria: "available", ...amsterdamPainting }, list)).toBeNull();
    expect(matchHandyman({ criteria: "price", ...amsterdamPainting }, list)?.id).toBe(1);
  });
});

describe("a handyman without a rating yet (\"new\")", () => {
  it("comes after every rated one under 'rated', however low their rating, and new ones keep their order", () => {
    const list = [person(1, { rating: null }), person(2, { rating: 1.0 }), person(3, { rating: null }), person(4, { rating: 4.5 })];
    expect(rankHandymen({ criteria: "rated", ...amsterdamPainting }, list).map((h) => h.id)).toEqual([4, 2, 1, 3]);
  });

  it("ranks by price and availability like anyone else", () => {
    const list = [person(1, { rating: 5, price_per_hour: 60 }), person(2, { rating: null, price_per_hour: 40 })];
    expect(matchHandyman({ criteria: "price", ...amsterdamPainting }, list)?.id).toBe(2);
    expect(matchHandyman({ criteria: "available", ...amsterdamPainting }, list)?.id).toBe(1);
  });
});

describe("confirmation wording", () => {
  it.each([
    ["Fenna", "She"],
    ["Anna", "She"],
    ["Daan", "He"],
    ["Sofia ", "She"],
    ["Maarten", "He"],
  ])("%s is referred to as %s", (name, pronoun) => {
    expect(pronounFor(name)).toBe(pronoun);
  });
});
