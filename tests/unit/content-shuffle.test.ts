// The testimonials' order: a uniform shuffle that never loses, repeats or mutates an entry.
import { describe, expect, it } from "vitest";
import { shuffled } from "@/components/home/shuffle";

describe("shuffled", () => {
  const items = ["a", "b", "c", "d"] as const;

  it("returns a permutation of the items and leaves the input untouched", () => {
    const input = [...items];
    for (let run = 0; run < 50; run++) {
      const result = shuffled(input);
      expect([...result].sort()).toEqual([...items]);
      expect(input).toEqual([...items]);
    }
  });

  it("returns a new array even for a single item", () => {
    const input = ["only"];
    const result = shuffled(input);
    expect(result).toEqual(["only"]);
    expect(result).not.toBe(input);
  });

  it("reaches every one of the 24 orders of four items", () => {
    const seen = new Set<string>();
    for (let run = 0; run < 3000 && seen.size < 24; run++) seen.add(shuffled(items).join(""));
    expect(seen.size).toBe(24);
  });

  it("uses the random source it is given (the last item moves to the front when random is 0)", () => {
    expect(shuffled(items, () => 0)).toEqual(["b", "c", "d", "a"]);
    expect(shuffled(items, () => 0.999)).toEqual(["a", "b", "c", "d"]);
  });
});
