// The accounts settings in the environment: where attempts are counted and which header carries the
// client address. A bad value stops the start with the variable's name.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../lib/env";

const base = { NODE_ENV: "development", NEXTAUTH_SECRET: "s".repeat(40) } as const;

describe("accounts settings in parseEnv", () => {
  it("counts attempts in memory and knows no client address by default", () => {
    const env = parseEnv({ ...base });
    expect(env.RATE_LIMIT_STORE).toBe("memory");
    expect(env.TRUSTED_IP_HEADER).toBeUndefined();
  });

  it("accepts the PostgreSQL store with a PostgreSQL database, and a header name in any case", () => {
    const env = parseEnv({ ...base, RATE_LIMIT_STORE: "postgres", DATABASE_URL: "postgresql://app@localhost/fixwell", TRUSTED_IP_HEADER: " X-Forwarded-For " });
    expect(env.RATE_LIMIT_STORE).toBe("postgres");
    expect(env.TRUSTED_IP_HEADER).toBe("x-forwarded-for");
  });

  it("refuses the PostgreSQL store on the embedded database, naming the variable", () => {
    expect(() => parseEnv({ ...base, RATE_LIMIT_STORE: "postgres" })).toThrow(/RATE_LIMIT_STORE/);
  });

  it("accepts the Redis store with a redis:// or rediss:// URL", () => {
    expect(parseEnv({ ...base, RATE_LIMIT_STORE: "redis", REDIS_URL: "redis://localhost:6379" }).RATE_LIMIT_STORE).toBe("redis");
    expect(parseEnv({ ...base, RATE_LIMIT_STORE: "redis", REDIS_URL: "rediss://:secret@cache.example.com:6380/2" }).REDIS_URL).toBe(
      "rediss://:secret@cache.example.com:6380/2",
    );
  });

  it("refuses the Redis store without REDIS_URL, naming both variables", () => {
    expect(() => parseEnv({ ...base, RATE_LIMIT_STORE: "redis" })).toThrow(/RATE_LIMIT_STORE=redis needs REDIS_URL/);
  });

  it("refuses a REDIS_URL that is not a redis:// URL without repeating it", () => {
    const attempt = () => parseEnv({ ...base, REDIS_URL: "http://:hunter2@cache.example.com" });
    expect(attempt).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it.each([
    ["RATE_LIMIT_STORE", { RATE_LIMIT_STORE: "mongodb" }],
    ["TRUSTED_IP_HEADER", { TRUSTED_IP_HEADER: "x forwarded: for" }],
  ])("refuses a malformed %s and names it", (name, values) => {
    expect(() => parseEnv({ ...base, ...values })).toThrow(new RegExp(name));
  });
});
