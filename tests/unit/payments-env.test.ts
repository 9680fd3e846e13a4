// Payment settings: `next start` (and the cluster, which makes the same checks) refuses to take payments
// without MOLLIE_API_KEY unless test payments were chosen on purpose (PAYMENTS_MODE=test); development and
// the build ask for nothing; the mode's one rule.
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import nextConfig from "../../next.config";
import { parseEnv } from "../../lib/env";
import { paymentsModeOf } from "../../lib/payments/mode";
import { buildCsp } from "../../lib/security/policy.mjs";

const secret = "s".repeat(40);
const serving = { NODE_ENV: "production", NEXTAUTH_SECRET: secret, NEXTAUTH_URL: "https://www.fixwell.example", MAIL_TRANSPORT: "file" } as const;
const KEY = "live_abcdefghijklmnopqrstuvwxyz0123";
const company = { FIXWELL_LEGAL_NAME: "Fixwell B.V.", FIXWELL_STREET: "Keizersgracht 1", FIXWELL_POSTCODE: "1015 CJ", FIXWELL_CITY: "Amsterdam", FIXWELL_KVK: "12345678", FIXWELL_VAT_ID: "NL123456789B01" };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("payments environment", () => {
  it("refuses to serve production without MOLLIE_API_KEY, naming PAYMENTS_MODE=test as the way to test payments", () => {
    expect(() => parseEnv(serving, { requireSecret: true })).toThrow(/MOLLIE_API_KEY is required in production.*PAYMENTS_MODE=test/);
    expect(() => parseEnv({ ...serving, PAYMENTS_MODE: "live" }, { requireSecret: true })).toThrow(/PAYMENTS_MODE=live needs MOLLIE_API_KEY/);
  });

  it("serves production with a key (live by default) or with PAYMENTS_MODE=test chosen on purpose", () => {
    const live = parseEnv({ ...serving, ...company, MOLLIE_API_KEY: KEY }, { requireSecret: true });
    expect(paymentsModeOf(live)).toBe("live");
    const test = parseEnv({ ...serving, PAYMENTS_MODE: "test" }, { requireSecret: true });
    expect(paymentsModeOf(test)).toBe("test");
  });

  it("refuses live payments without Fixwell's company details for its commission invoices, naming the missing ones", () => {
    expect(() => parseEnv({ ...serving, MOLLIE_API_KEY: KEY }, { requireSecret: true })).toThrow(/company details.*FIXWELL_LEGAL_NAME.*FIXWELL_VAT_ID/);
    const withoutKvk = { ...company, FIXWELL_KVK: "" };
    expect(() => parseEnv({ ...serving, ...withoutKvk, MOLLIE_API_KEY: KEY }, { requireSecret: true })).toThrow(/: FIXWELL_KVK$/);
    expect(() => parseEnv({ ...serving, ...company, FIXWELL_VAT_ID: "NL12", MOLLIE_API_KEY: KEY }, { requireSecret: true })).toThrow(/FIXWELL_VAT_ID must be a Dutch VAT id/);
    expect(() => parseEnv({ ...serving, PAYMENTS_MODE: "test" }, { requireSecret: true })).not.toThrow();
  });

  it("asks for no key in development or at build time, where payments are test payments", () => {
    const development = parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret });
    expect(paymentsModeOf(development)).toBe("test");
    expect(() => parseEnv({ NODE_ENV: "production" }, { requireSecret: false, generateSecret: false })).not.toThrow();
  });

  it("stops `next start` without MOLLIE_API_KEY, and starts it with PAYMENTS_MODE=test", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXTAUTH_SECRET", secret);
    vi.stubEnv("NEXTAUTH_URL", "https://www.fixwell.example");
    vi.stubEnv("TRUSTED_IP_HEADER", "x-forwarded-for");
    vi.stubEnv("MAIL_TRANSPORT", "file");
    vi.stubEnv("MOLLIE_API_KEY", "");
    vi.stubEnv("PAYMENTS_MODE", "");
    expect(() => nextConfig(PHASE_PRODUCTION_SERVER)).toThrow(/MOLLIE_API_KEY is required/);
    expect(() => nextConfig(PHASE_PRODUCTION_BUILD)).not.toThrow();
    vi.stubEnv("PAYMENTS_MODE", "test");
    expect(() => nextConfig(PHASE_PRODUCTION_SERVER)).not.toThrow();
  });

  it("decides the mode by one rule: PAYMENTS_MODE when set, else live with a key and test without", () => {
    expect(paymentsModeOf({})).toBe("test");
    expect(paymentsModeOf({ MOLLIE_API_KEY: KEY })).toBe("live");
    expect(paymentsModeOf({ MOLLIE_API_KEY: KEY, PAYMENTS_MODE: "test" })).toBe("test");
    expect(paymentsModeOf({ PAYMENTS_MODE: "live" })).toBe("live");
  });

  it("lets a form lead to the provider's checkout and nowhere else: the stand-in's origin, or Mollie's with a key", () => {
    const formAction = () => buildCsp({ scriptSources: [], development: false, https: false }).match(/form-action [^;]*/)![0];
    vi.stubEnv("MOLLIE_API_KEY", "");
    vi.stubEnv("MOLLIE_API_ENDPOINT", "");
    expect(formAction()).toBe("form-action 'self'");
    vi.stubEnv("MOLLIE_API_ENDPOINT", "http://127.0.0.1:4455/v2/");
    expect(formAction()).toBe("form-action 'self' http://127.0.0.1:4455");
    vi.stubEnv("MOLLIE_API_ENDPOINT", "");
    vi.stubEnv("MOLLIE_API_KEY", KEY);
    expect(formAction()).toBe("form-action 'self' https://www.mollie.com");
  });
});
