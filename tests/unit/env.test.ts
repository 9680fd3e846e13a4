// The environment is validated once, and a bad value names the variable.
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, productionWarnings } from "../../lib/env";

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

  it.each([
    ["http on a public host", "http://www.fixwell.example", /must be an https/],
    ["no URL at all", undefined, /NEXTAUTH_URL is required/],
  ])("refuses to serve production with %s as NEXTAUTH_URL", (_, url, message) => {
    expect(() => parseEnv({ NODE_ENV: "production", NEXTAUTH_SECRET: secret, NEXTAUTH_URL: url }, { requireSecret: true })).toThrow(message);
  });

  it.each(["https://www.fixwell.example", "http://localhost:3000", "http://127.0.0.1:4123"])(
    "serves production at %s",
    (url) => {
      const production = { NODE_ENV: "production", NEXTAUTH_SECRET: secret, NEXTAUTH_URL: url, MAIL_TRANSPORT: "file", PAYMENTS_MODE: "test" } as const;
      expect(parseEnv(production, { requireSecret: true }).NEXTAUTH_URL).toBe(url);
    },
  );
});

describe("the VAPID keys of web push", () => {
  const pair = { VAPID_PUBLIC_KEY: "B" + "a".repeat(86), VAPID_PRIVATE_KEY: "k".repeat(43) };

  it("takes both keys, as `npx web-push generate-vapid-keys` prints them, and a mailto: or https: subject", () => {
    const env = parseEnv({ NODE_ENV: "production", NEXTAUTH_SECRET: secret, ...pair, VAPID_SUBJECT: "mailto:ops@fixwell.nl" });
    expect(env.VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    expect(env.PUSH_LOCAL_ENDPOINTS).toBe("off");
  });

  it.each([
    ["VAPID_PUBLIC_KEY", { VAPID_PUBLIC_KEY: "too-short" }],
    ["VAPID_PRIVATE_KEY", { VAPID_PRIVATE_KEY: "not base64url!" }],
    ["VAPID_SUBJECT", { VAPID_SUBJECT: "ops@fixwell.nl" }],
    ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together", { VAPID_PRIVATE_KEY: undefined }],
  ])("refuses %s", (message, values) => {
    expect(() => parseEnv({ NODE_ENV: "production", NEXTAUTH_SECRET: secret, ...pair, ...values } as NodeJS.ProcessEnv)).toThrow(new RegExp(message));
  });
});

describe("productionWarnings", () => {
  it("warns that per-address limits are off without TRUSTED_IP_HEADER, and is quiet with it", () => {
    const push = { VAPID_PUBLIC_KEY: "B".repeat(87), PUSH_LOCAL_ENDPOINTS: "off" as const };
    expect(productionWarnings({ TRUSTED_IP_HEADER: undefined, ...push }).join(" ")).toMatch(/per-address sign-in limits are off/);
    expect(productionWarnings({ TRUSTED_IP_HEADER: "x-forwarded-for", ...push })).toEqual([]);
    expect(productionWarnings({ TRUSTED_IP_HEADER: "x-forwarded-for", ...push, VAPID_PUBLIC_KEY: undefined }).join(" ")).toMatch(/web push is off/);
    expect(productionWarnings({ TRUSTED_IP_HEADER: "x-forwarded-for", ...push, PUSH_LOCAL_ENDPOINTS: "on" }).join(" ")).toMatch(/never use it on a public site/);
  });
});
