// The sample list of handymen: the shape and the properties the product and its tests rely on.
import { describe, expect, it } from "vitest";
import { handymen } from "@/lib/data/sample-handymen";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";

describe("lib/data/handymen.json", () => {
  it("holds 39 handymen with every field of the expected type", () => {
    expect(handymen).toHaveLength(39);
    for (const h of handymen) {
      expect(Object.keys(h).sort()).toEqual(["available", "city", "id", "name", "price_per_hour", "rating", "task_type"]);
      expect(Number.isInteger(h.id)).toBe(true);
      expect(h.name.trim()).not.toBe("");
      expect(CITIES).toContain(h.city);
      expect(TASK_TYPES).toContain(h.task_type);
      expect(["yes", "no"]).toContain(h.available);
      expect(h.rating).toBeGreaterThanOrEqual(1);
      expect(h.rating).toBeLessThanOrEqual(5);
      expect(h.price_per_hour).toBeGreaterThan(0);
    }
  });

  it("gives every handyman a different id", () => {
    expect(new Set(handymen.map((h) => h.id)).size).toBe(handymen.length);
  });

  it("has exactly one name shared by two different people", () => {
    const counts = new Map<string, number>();
    for (const h of handymen) counts.set(h.name, (counts.get(h.name) ?? 0) + 1);
    const shared = [...counts].filter(([, n]) => n > 1);
    expect(shared).toEqual([["Daan", 2]]);
    const daans = handymen.filter((h) => h.name === "Daan");
    expect(daans[0].city).not.toBe(daans[1].city);
  });

  it("includes names ending in 'a' and names that do not", () => {
    expect(handymen.filter((h) => h.name.endsWith("a")).length).toBeGreaterThan(0);
    expect(handymen.filter((h) => !h.name.endsWith("a")).length).toBeGreaterThan(0);
  });

  it("covers every city and task type, with at least one pair where nobody is available", () => {
    const unavailablePairs: string[] = [];
    for (const city of CITIES) {
      for (const task of TASK_TYPES) {
        const here = handymen.filter((h) => h.city === city && h.task_type === task);
        expect(here.length, `${city} / ${task}`).toBeGreaterThan(0);
        if (here.every((h) => h.available === "no")) unavailablePairs.push(`${city} / ${task}`);
      }
    }
    expect(unavailablePairs).toEqual(["Rotterdam / Painting"]);
  });
});
