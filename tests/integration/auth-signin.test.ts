// Signing in against a real database (the work behind next-auth's `authorize`): the right password
// signs in, a wrong one or an unknown email does not and costs one hash verification either way, and
// the brute-force limits trip at the 11th failure per account and address, before any hashing,
// refusing even the right password, on the memory store and (on PostgreSQL) the shared table.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import * as password from "@/lib/auth/password";
import { createAuthLimiters, SIGN_IN_PER_ACCOUNT_AND_IP, SIGN_IN_PER_IP, type AuthLimiters } from "@/lib/auth/limits";
import { credentialsProvider } from "@/lib/auth/options";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { withSignInOutcome } from "@/lib/auth/sign-in-outcome";
import { RATE_LIMIT_TABLE } from "@/lib/rate-limit";
import { getDb, onPostgres, resetDatabase, withSql } from "../helpers/db";

vi.mock("@/lib/auth/password", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/auth/password")>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword), verifyAgainstDummy: vi.fn(original.verifyAgainstDummy) };
});

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";

const PASSWORD = "Quiet-harbour-lantern-42";
let knownHash: string;

beforeAll(async () => {
  knownHash = await hashPassword(PASSWORD);
});

beforeEach(async () => {
  await resetDatabase();
  vi.mocked(password.verifyPassword).mockClear();
  vi.mocked(password.verifyAgainstDummy).mockClear();
});

async function createUser(email = `owner-${randomUUID()}@example.test`) {
  const db = await getDb();
  return db.user.create({ data: { email, passwordHash: knownHash }, select: { id: true, email: true } });
}

function freshIp(): string {
  const hex = randomUUID().replace(/-/g, "");
  return `10.${parseInt(hex.slice(0, 2), 16)}.${parseInt(hex.slice(2, 4), 16)}.${parseInt(hex.slice(4, 6), 16)}`;
}

function hashVerifications(): number {
  return vi.mocked(password.verifyPassword).mock.calls.length + vi.mocked(password.verifyAgainstDummy).mock.calls.length;
}

describe("attemptSignIn", () => {
  it("signs in with the right password, whatever case the email is typed in, and keeps the remember-me choice", async () => {
    const user = await createUser("jane@example.test");
    const result = await attemptSignIn({ email: " JANE@example.test", password: PASSWORD, remember: "true" }, { ip: freshIp() });
    expect(result).toEqual({ kind: "ok", user: { id: user.id, email: "jane@example.test" }, remember: true });
    const unticked = await attemptSignIn({ email: "jane@example.test", password: PASSWORD, remember: "false" }, { ip: freshIp() });
    expect(unticked).toMatchObject({ kind: "ok", remember: false });
  });

  it("logs successes and failures as security events, without the password or the email", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const user = await createUser("logged@example.test");
      await attemptSignIn({ email: user.email, password: PASSWORD }, { ip: "10.1.2.3" });
      await attemptSignIn({ email: user.email, password: "Wrong-password-1" }, { ip: "10.1.2.3" });
      const lines = [...info.mock.calls, ...warn.mock.calls].map((call) => call.join(" "));
      expect(lines).toContain(`[security] sign-in succeeded: user=${user.id} ip=10.1.2.3`);
      expect(lines.some((line) => /^\[security\] sign-in failed: account=[0-9a-f]{12} ip=10\.1\.2\.3$/.test(line))).toBe(true);
      expect(lines.join("\n")).not.toMatch(/Quiet-harbour|Wrong-password|logged@example/);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });

  it("refuses a wrong password and an unknown email alike, each after exactly one hash verification", async () => {
    const user = await createUser();
    expect(await attemptSignIn({ email: user.email, password: "Wrong-password-1" }, { ip: freshIp() })).toEqual({ kind: "invalid" });
    expect(hashVerifications()).toBe(1);
    expect(await attemptSignIn({ email: "nobody@example.test", password: PASSWORD }, { ip: freshIp() })).toEqual({ kind: "invalid" });
    expect(hashVerifications()).toBe(2);
    expect(vi.mocked(password.verifyAgainstDummy)).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["no credentials", undefined],
    ["empty fields", { email: "", password: "" }],
    ["an email without @", { email: "jane.example.test", password: PASSWORD }],
    ["a unicode email", { email: "jörg@exämple.test", password: PASSWORD }],
    ["a 10,000-character password", { email: "jane@example.test", password: "p".repeat(10_000) }],
    ["non-string fields", { email: ["jane@example.test"], password: { $ne: "" } }],
  ])("answers %s with a plain refusal, without hashing", async (_, credentials) => {
    await createUser("jane@example.test");
    expect(await attemptSignIn(credentials, { ip: freshIp() })).toEqual({ kind: "invalid" });
    expect(hashVerifications()).toBe(0);
  });
});

function limitTests(store: "memory" | "postgres") {
  let limiters: AuthLimiters;
  beforeEach(() => {
    limiters = createAuthLimiters(store);
  });

  it(`refuses the 11th attempt after 10 failures for one email and address, even with the right password (${store})`, async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 1; i <= SIGN_IN_PER_ACCOUNT_AND_IP.points; i++) {
      expect(await attemptSignIn({ email: user.email, password: `Wrong-${i}-password` }, { ip, limiters })).toEqual({ kind: "invalid" });
    }
    expect(hashVerifications()).toBe(10);
    const blocked = await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters });
    expect(blocked).toMatchObject({ kind: "rate_limited" });
    expect(blocked.kind === "rate_limited" && blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.kind === "rate_limited" && blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(hashVerifications()).toBe(10);

    // The same account from another address is counted apart.
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip: freshIp(), limiters })).toMatchObject({ kind: "ok" });
  });

  it(`counts failures only: a successful sign-in gives its attempt back (${store})`, async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) await attemptSignIn({ email: user.email, password: "Wrong-password-x" }, { ip, limiters });
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "ok" });
    expect(await attemptSignIn({ email: user.email, password: "Wrong-password-y" }, { ip, limiters })).toEqual({ kind: "invalid" });
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "rate_limited" });
  });

  it(`refuses an address after 100 failures across many emails (${store})`, async () => {
    const ip = freshIp();
    const user = await createUser();
    for (let i = 0; i < SIGN_IN_PER_IP.points; i++) {
      await limiters.signInPerIp.consume(ip);
    }
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "rate_limited" });
    expect(hashVerifications()).toBe(0);
  });

  it(`without a known address, counts per email only and never blocks other visitors (${store})`, async () => {
    const target = await createUser();
    const bystander = await createUser();
    for (let i = 0; i < 10; i++) await attemptSignIn({ email: target.email, password: "Wrong-password-z" }, { ip: null, limiters });
    expect(await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: null, limiters })).toMatchObject({ kind: "rate_limited" });
    expect(await attemptSignIn({ email: bystander.email, password: PASSWORD }, { ip: null, limiters })).toMatchObject({ kind: "ok" });
  });
}

describe("brute-force limits on the memory store", () => limitTests("memory"));

describe.runIf(onPostgres())("brute-force limits on the PostgreSQL store", () => {
  limitTests("postgres");

  it("stores hashed keys only: neither email nor address appears in the table", async () => {
    const user = await createUser("visible@example.test");
    const limiters = createAuthLimiters("postgres");
    await attemptSignIn({ email: user.email, password: "Wrong-password-q" }, { ip: "10.1.2.3", limiters });
    const rows = await withSql((sql) => sql.query<{ key: string }>(`SELECT key FROM "${RATE_LIMIT_TABLE}"`));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/visible|10\.1\.2\.3/);
  });
});

describe("the Credentials provider's authorize", () => {
  const authorize = (credentials: Record<string, string> | undefined, headers: Record<string, string> = {}) =>
    withSignInOutcome(() =>
      credentialsProvider.options.authorize(credentials as Record<"email" | "password" | "remember", string>, {
        headers,
        body: {},
        query: {},
        method: "POST",
      }),
    );

  it("returns the user with id, email and the remember-me choice", async () => {
    const user = await createUser();
    const { result, failure } = await authorize({ email: user.email, password: PASSWORD, remember: "true" });
    expect(result).toEqual({ id: user.id, email: user.email, remember: true });
    expect(failure).toBeUndefined();
  });

  it("never throws: bad input and wrong passwords give null, with the reason recorded for the route", async () => {
    const user = await createUser();
    for (const credentials of [undefined, { email: "", password: "" }, { email: user.email, password: "x".repeat(10_000) }]) {
      const { result, failure } = await authorize(credentials);
      expect(result).toBeNull();
      expect(failure).toEqual({ kind: "invalid" });
    }
  });

  it("reports the block after 10 failures, so the form can say to wait", async () => {
    const user = await createUser();
    const headers = { "x-forwarded-for": freshIp() };
    for (let i = 0; i < 10; i++) await authorize({ email: user.email, password: "Wrong-password-w" }, headers);
    const { result, failure } = await authorize({ email: user.email, password: PASSWORD }, headers);
    expect(result).toBeNull();
    expect(failure).toMatchObject({ kind: "rate_limited" });
  });
});
