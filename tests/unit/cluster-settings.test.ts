// npm run start:cluster refuses settings under which several instances would not share one truth.
import { describe, expect, it } from "vitest";
import { clusterProblem, DEFAULT_SERVER_HEAP_MB, SERVER_SEMI_SPACE_MB, serverNodeOptions } from "../../lib/cluster";

const shared = { DATABASE_URL: "postgresql://db.internal/fixwell", REDIS_URL: "redis://cache.internal:6379", RATE_LIMIT_STORE: "redis" } as const;

describe("clusterProblem", () => {
  it("allows one instance on anything, the embedded database included", () => {
    expect(clusterProblem({ DATABASE_URL: undefined, REDIS_URL: undefined, RATE_LIMIT_STORE: "memory" }, 1)).toBeNull();
  });

  it("allows several instances on PostgreSQL and Redis with shared attempt counters", () => {
    expect(clusterProblem(shared, 4)).toBeNull();
    expect(clusterProblem({ ...shared, RATE_LIMIT_STORE: "postgres" }, 2)).toBeNull();
  });

  it.each([
    ["the embedded database", { DATABASE_URL: undefined }, /DATABASE_URL/],
    ["no Redis for the cache", { REDIS_URL: undefined }, /REDIS_URL/],
    ["attempts counted in each instance's memory", { RATE_LIMIT_STORE: "memory" as const }, /RATE_LIMIT_STORE=redis/],
  ])("refuses several instances with %s, naming the setting", (_what, change, setting) => {
    expect(clusterProblem({ ...shared, ...change }, 2)).toMatch(setting);
  });
});

describe("serverNodeOptions", () => {
  const young = `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`;

  it("gives each server the default heap limit and a small young generation when nothing is set", () => {
    expect(SERVER_SEMI_SPACE_MB).toBeLessThanOrEqual(16);
    expect(serverNodeOptions({})).toBe(`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB} ${young}`);
    expect(serverNodeOptions({ SERVER_HEAP_MB: "" })).toBe(`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB} ${young}`);
  });

  it("takes SERVER_HEAP_MB, and puts the operator's own NODE_OPTIONS after it so that theirs win", () => {
    expect(serverNodeOptions({ SERVER_HEAP_MB: "1024" })).toBe(`--max-old-space-size=1024 ${young}`);
    expect(serverNodeOptions({ NODE_OPTIONS: " --max-old-space-size=2048 --max-semi-space-size=32 --enable-source-maps " })).toBe(
      `--max-old-space-size=${DEFAULT_SERVER_HEAP_MB} ${young} --max-old-space-size=2048 --max-semi-space-size=32 --enable-source-maps`,
    );
  });

  it.each(["lots", "96", "1.5", "-384", "100000"])("refuses SERVER_HEAP_MB=%s with a message naming the setting", (value) => {
    expect(() => serverNodeOptions({ SERVER_HEAP_MB: value })).toThrow(/SERVER_HEAP_MB must be a whole number of megabytes from 128 to 65536/);
  });
});
