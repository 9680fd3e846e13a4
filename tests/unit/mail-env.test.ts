// Mail settings: with nothing set, mail goes to .eml files; `next start` refuses to run without a
// real SMTP server unless file mail was chosen on purpose; a bad value is named, its password is not.
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import nextConfig from "../../next.config";
import { parseEnv, parseMailFrom } from "../../lib/env";
import { mailSender, mailTransportConfig } from "../../lib/mail/transport";

const secret = "s".repeat(40);
// Payments are not what these tests are about: test payments, chosen on purpose (tests/unit/payments-env.test.ts).
const serving = { NODE_ENV: "production", NEXTAUTH_SECRET: secret, NEXTAUTH_URL: "https://www.fixwell.example", PAYMENTS_MODE: "test" } as const;
const SMTP_URL = "smtps://mailer:hunter2-secret@mail.fixwell.example:465";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("mail environment", () => {
  it("writes mail to .data/mail by default, with the site's name as sender", () => {
    const env = parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret });
    expect(env.MAIL_TRANSPORT).toBe("file");
    expect(env.MAIL_FILE_DIR).toBe(".data/mail");
    expect(mailTransportConfig(env)).toMatchObject({ kind: "file", from: { name: "Fixwell", address: "no-reply@localhost" } });
  });

  it("sends over SMTP once SMTP_URL is set", () => {
    const env = parseEnv({ ...serving, SMTP_URL, MAIL_FROM: "no-reply@fixwell.example" }, { requireSecret: true });
    expect(env.MAIL_TRANSPORT).toBe("smtp");
    expect(mailTransportConfig(env)).toEqual({ kind: "smtp", url: SMTP_URL, from: { name: "Fixwell", address: "no-reply@fixwell.example" } });
  });

  it("refuses to serve production without SMTP_URL", () => {
    expect(() => parseEnv(serving, { requireSecret: true })).toThrow(/SMTP_URL is required in production.*MAIL_TRANSPORT=file/);
  });

  it("serves production without SMTP_URL when MAIL_TRANSPORT=file is set on purpose", () => {
    expect(parseEnv({ ...serving, MAIL_TRANSPORT: "file" }, { requireSecret: true }).MAIL_TRANSPORT).toBe("file");
  });

  it("refuses to serve production with SMTP_URL but no MAIL_FROM (mail from @localhost would be refused)", () => {
    expect(() => parseEnv({ ...serving, SMTP_URL }, { requireSecret: true })).toThrow(/MAIL_FROM is required/);
  });

  it("does not ask for SMTP at build time or in development", () => {
    expect(() => parseEnv({ NODE_ENV: "production" }, { requireSecret: false, generateSecret: false })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret })).not.toThrow();
  });

  it("refuses MAIL_TRANSPORT=smtp without SMTP_URL", () => {
    expect(() => parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret, MAIL_TRANSPORT: "smtp" })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
  });

  it("refuses WORKER=off on the embedded database, whose one process must run the worker", () => {
    expect(() => parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret, WORKER: "off" })).toThrow(/WORKER=off needs DATABASE_URL/);
    const env = parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret, WORKER: "off", DATABASE_URL: "postgresql://app@localhost/fixwell" });
    expect(env.WORKER).toBe("off");
  });

  it.each([
    ["SMTP_URL", { SMTP_URL: "https://mailer:hunter2-secret@mail.fixwell.example" }],
    ["SMTP_URL", { SMTP_URL: "smtp://mailer:hunter2-secret@" }],
    ["MAIL_FROM", { MAIL_FROM: "not an address" }],
    ["MAIL_FROM", { MAIL_FROM: "Fixwell <no-reply@fixwell.example>\r\nBcc: victim@example.com" }],
    ["MAIL_TRANSPORT", { MAIL_TRANSPORT: "sendmail" }],
    ["WORKER", { WORKER: "maybe" }],
  ])("rejects a malformed %s, names it and never repeats the password", (name, values) => {
    const attempt = () => parseEnv({ NODE_ENV: "development", NEXTAUTH_SECRET: secret, ...values } as NodeJS.ProcessEnv);
    expect(attempt).toThrow(new RegExp(name));
    expect(attempt).not.toThrow(/hunter2/);
  });

  it.each([
    ["no-reply@fixwell.example", { address: "no-reply@fixwell.example" }],
    ["Fixwell <no-reply@fixwell.example>", { name: "Fixwell", address: "no-reply@fixwell.example" }],
    ['"Fixwell Support" <help@fixwell.example>', { name: "Fixwell Support", address: "help@fixwell.example" }],
  ])("reads MAIL_FROM %s", (value, expected) => {
    expect(parseMailFrom(value)).toEqual(expected);
  });

  it("keeps a name given in MAIL_FROM and puts the site's name on a bare address", () => {
    expect(mailSender('"Fixwell Support" <help@fixwell.example>')).toEqual({ name: "Fixwell Support", address: "help@fixwell.example" });
    expect(mailSender("help@fixwell.example")).toEqual({ name: "Fixwell", address: "help@fixwell.example" });
  });
});

describe("next.config", () => {
  it("stops `next start` without SMTP_URL, and starts it with MAIL_TRANSPORT=file", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXTAUTH_SECRET", secret);
    vi.stubEnv("NEXTAUTH_URL", "https://www.fixwell.example");
    vi.stubEnv("TRUSTED_IP_HEADER", "x-forwarded-for");
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("MAIL_TRANSPORT", "");
    vi.stubEnv("PAYMENTS_MODE", "test");
    expect(() => nextConfig(PHASE_PRODUCTION_SERVER)).toThrow(/SMTP_URL is required/);
    expect(() => nextConfig(PHASE_PRODUCTION_BUILD)).not.toThrow();
    vi.stubEnv("MAIL_TRANSPORT", "file");
    expect(() => nextConfig(PHASE_PRODUCTION_SERVER)).not.toThrow();
  });
});
