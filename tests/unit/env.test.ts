// The environment is validated once, and a bad value names the variable.
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../lib/env";

const secret = "s".repeat(40);

describe("parseEnv", () => {
  it("accepts an empty environment for local use (embedded database)", () => {
    const env = parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
  });

  it("accepts a postgresql:// DATABASE_URL", () => {
    const env = parseEnv({ NODE_ENV: "production", NEXTAUTH_SECRET: secret, DATABASE_URL: "postgresql://app@localhost:5432/fixwell" });
    expect(env.DATABASE_URL).toBe("postgresql://app@localhost:5432/fixwell");
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/x" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["NEXTAUTH_SECRET", { NEXTAUTH_SECRET: "short" }],
    ["NEXTAUTH_URL", { NEXTAUTH_URL: "example.com" }],
    ["DB_POOL_MAX", { DB_POOL_MAX: "0" }],
  ])("rejects a malformed %s and names it", (name, values) => {
    expect(() => parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret, ...values } as NodeJS.ProcessEnv)).toThrow(
      new RegExp(name),
    );
  });

  it("requires NEXTAUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/NEXTAUTH_SECRET/);
  });

  it("does not generate a secret when asked not to (build time)", () => {
    const env = parseEnv({ NODE_ENV: "production" }, { requireSecret: false, generateSecret: false });
    expect(env.NEXTAUTH_SECRET).toBe("");
  });
});
