// The commission rule: a percentage of labour excluding VAT, to the whole cent, nothing before the day it starts.
import { describe, expect, it } from "vitest";
import { commissionCents } from "../../lib/payments/commission";
import { commissionSettings, parseEnv } from "../../lib/env";

const rule = { percent: 10, from: new Date("2027-03-01T00:00:00Z") };
const after = new Date("2027-03-01T00:00:00Z");
const labour = (netCents: number) => ({ kind: "labour" as const, netCents });
const materials = (netCents: number) => ({ kind: "materials" as const, netCents });

describe("commissionCents", () => {
  it.each([
    ["10% of labour", [labour(10_000)], rule, 1_000],
    ["materials carry none", [labour(10_000), materials(50_000)], rule, 1_000],
    ["only materials: none", [materials(50_000)], rule, 0],
    ["half a cent rounds up", [labour(5)], rule, 1],
    ["below half a cent rounds down", [labour(4)], rule, 0],
    ["12.5% to the whole cent", [labour(12_345)], { ...rule, percent: 12.5 }, 1_543],
    ["0% is none", [labour(10_000)], { ...rule, percent: 0 }, 0],
    ["labour by the hour, net of VAT", [labour(22_314)], rule, 2_231],
  ] as const)("%s", (_name, lines, withRule, expected) => {
    expect(commissionCents({ createdAt: after, lines }, withRule)).toBe(expected);
  });

  it("a quote sent before the day commission starts carries none, one sent on it does", () => {
    expect(commissionCents({ createdAt: new Date("2027-02-28T23:59:59Z"), lines: [labour(10_000)] }, rule)).toBe(0);
    expect(commissionCents({ createdAt: after, lines: [labour(10_000)] }, rule)).toBe(1_000);
  });
});

describe("the commission's environment", () => {
  it("defaults to 10% from a set day, and refuses a percentage above 50 or a malformed day", () => {
    const parsed = parseEnv({ NODE_ENV: "test" }, { generateSecret: false });
    expect(parsed.COMMISSION_PERCENT).toBe(10);
    expect(parsed.COMMISSION_FROM).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(() => parseEnv({ NODE_ENV: "test", COMMISSION_PERCENT: "51" }, { generateSecret: false })).toThrow(/COMMISSION_PERCENT/);
    expect(() => parseEnv({ NODE_ENV: "test", COMMISSION_FROM: "1 March" }, { generateSecret: false })).toThrow(/COMMISSION_FROM/);
  });

  it("reads the commission alone, checked the same way, where the build has no server secrets (the join page)", () => {
    expect(commissionSettings({ NODE_ENV: "production", COMMISSION_PERCENT: "12.5", COMMISSION_FROM: "2027-04-01" })).toEqual({ COMMISSION_PERCENT: 12.5, COMMISSION_FROM: "2027-04-01" });
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/NEXTAUTH_SECRET/);
    expect(() => commissionSettings({ COMMISSION_PERCENT: "51" })).toThrow(/COMMISSION_PERCENT/);
    expect(() => commissionSettings({ COMMISSION_FROM: "2027-02-30x" })).toThrow(/COMMISSION_FROM/);
  });
});
