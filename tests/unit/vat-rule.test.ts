// The VAT rule (lib/quotes/vat.ts), case by case: every reduced-rate work and "none" × every line kind ×
// every answer about the home's age, and every trade of our catalogue through its mapping.
import { describe, expect, it } from "vitest";
import { TASK_TYPES } from "@/lib/requests/catalogue";
import { REDUCED_RATE_WORK, vatRateFor, vatRateForTrade, type ReducedRateWork } from "@/lib/quotes/vat";

type Case = [work: ReducedRateWork | null, lineKind: "labour" | "materials", home: boolean | null, rate: 9 | 21];

const TABLE: Case[] = [
  ["painting_and_plastering", "labour", true, 9],
  ["painting_and_plastering", "labour", false, 21],
  ["painting_and_plastering", "labour", null, 21],
  ["painting_and_plastering", "materials", true, 21],
  ["painting_and_plastering", "materials", false, 21],
  ["painting_and_plastering", "materials", null, 21],
  ["wallpapering", "labour", true, 9],
  ["wallpapering", "labour", false, 21],
  ["wallpapering", "labour", null, 21],
  ["wallpapering", "materials", true, 21],
  ["wallpapering", "materials", false, 21],
  ["wallpapering", "materials", null, 21],
  ["insulation", "labour", true, 9],
  ["insulation", "labour", false, 21],
  ["insulation", "labour", null, 21],
  ["insulation", "materials", true, 21],
  ["insulation", "materials", false, 21],
  ["insulation", "materials", null, 21],
  [null, "labour", true, 21],
  [null, "labour", false, 21],
  [null, "labour", null, 21],
  [null, "materials", true, 21],
  [null, "materials", false, 21],
  [null, "materials", null, 21],
];

describe("the VAT rule by work", () => {
  it("covers every work × line kind × home age once", () => {
    expect(new Set(TABLE.map(([work, kind, home]) => `${work}|${kind}|${home}`)).size).toBe(4 * 2 * 3);
  });

  it.each(TABLE)("%s, %s line, home older than two years: %s → %i%%", (work, lineKind, homeOlderThanTwoYears, rate) => {
    expect(vatRateFor({ work, lineKind, homeOlderThanTwoYears })).toBe(rate);
  });
});

describe("the VAT rule by the trades of our catalogue", () => {
  it("maps painting to painting and plastering, and no other trade to reduced-rate work", () => {
    expect(REDUCED_RATE_WORK).toEqual({ Painting: "painting_and_plastering", "Outlet-replacement": null, "Pipe-leakage": null });
    expect(Object.keys(REDUCED_RATE_WORK).sort()).toEqual([...TASK_TYPES].sort());
  });

  const TRADES: [taskType: (typeof TASK_TYPES)[number], lineKind: "labour" | "materials", home: boolean | null, rate: 9 | 21][] = [
    ["Painting", "labour", true, 9],
    ["Painting", "labour", false, 21],
    ["Painting", "labour", null, 21],
    ["Painting", "materials", true, 21],
    ["Painting", "materials", false, 21],
    ["Painting", "materials", null, 21],
    ["Outlet-replacement", "labour", true, 21],
    ["Outlet-replacement", "labour", false, 21],
    ["Outlet-replacement", "labour", null, 21],
    ["Outlet-replacement", "materials", true, 21],
    ["Outlet-replacement", "materials", false, 21],
    ["Outlet-replacement", "materials", null, 21],
    ["Pipe-leakage", "labour", true, 21],
    ["Pipe-leakage", "labour", false, 21],
    ["Pipe-leakage", "labour", null, 21],
    ["Pipe-leakage", "materials", true, 21],
    ["Pipe-leakage", "materials", false, 21],
    ["Pipe-leakage", "materials", null, 21],
  ];

  it("covers every trade × line kind × home age once", () => {
    expect(new Set(TRADES.map(([trade, kind, home]) => `${trade}|${kind}|${home}`)).size).toBe(TASK_TYPES.length * 2 * 3);
  });

  it.each(TRADES)("%s, %s line, home older than two years: %s → %i%%", (taskType, lineKind, homeOlderThanTwoYears, rate) => {
    expect(vatRateForTrade({ taskType, lineKind, homeOlderThanTwoYears })).toBe(rate);
  });
});
