// HANDYMAN_RESPONSE_HOURS: how long a handyman has to answer an offer, validated with the rest of the environment.
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

const base = { NODE_ENV: "development", NEXTAUTH_SECRET: "s".repeat(40) } as const;

describe("HANDYMAN_RESPONSE_HOURS", () => {
  it("defaults to 24 hours and accepts fractions", () => {
    expect(parseEnv({ ...base }).HANDYMAN_RESPONSE_HOURS).toBe(24);
    expect(parseEnv({ ...base, HANDYMAN_RESPONSE_HOURS: "" }).HANDYMAN_RESPONSE_HOURS).toBe(24);
    expect(parseEnv({ ...base, HANDYMAN_RESPONSE_HOURS: "0.5" }).HANDYMAN_RESPONSE_HOURS).toBe(0.5);
  });

  it.each(["0", "-3", "abc", "400"])("refuses %s and names the variable", (value) => {
    expect(() => parseEnv({ ...base, HANDYMAN_RESPONSE_HOURS: value })).toThrow(/HANDYMAN_RESPONSE_HOURS/);
  });
});
