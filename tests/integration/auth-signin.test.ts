// Signing in against a real database (the work behind next-auth's `authorize`): the right password
// signs in, a wrong one or an unknown email does not and costs one hash verification either way, and
// the brute-force limits trip at the 11th failure per account and address, before any hashing,
// refusing even the right password, on the memory store and the shared ones (the PostgreSQL table on
// PostgreSQL, Redis when TEST_REDIS_URL or REDIS_URL names one); guesses from strangers slow an
// account down but never stop a browser the owner signed in from before.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/auth/passwords";
import * as password from "@/lib/auth/passwords";
import {
  createAuthLimiters,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ACCOUNT_AND_IP,
  SIGN_IN_PER_IP,
  SLOWDOWN_AFTER_FAILURES,
  slowdownSeconds,
  type AuthLimiters,
} from "@/lib/auth/limits";
import { issueDeviceToken } from "@/lib/auth/cookies";
import { env } from "@/lib/env";
import { credentialsProvider } from "@/lib/auth/next-auth";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { withSignInOutcome } from "@/lib/auth/sign-in";
import { RATE_LIMIT_REDIS_PREFIX, RATE_LIMIT_TABLE } from "@/lib/rate-limit";
import { closeRedis, getRedis } from "@/lib/redis";
import { getDb, onPostgres, resetDatabase, withSql } from "../helpers/db";
import { redisSuiteTitle, testRedisUrl } from "../helpers/redis";

vi.mock("@/lib/auth/passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/auth/passwords")>();
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

function limitTests(store: "memory" | "postgres" | "redis") {
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

  it(`gives back what other limits counted when one limiter's store cannot answer, and says to try again (${store})`, async () => {
    const user = await createUser();
    const ip = freshIp();
    const broken = { ...limiters, signInPerIp: { ...limiters.signInPerIp, consume: async () => Promise.reject(new Error("store did not answer")) } };
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT_AND_IP.points + 5; i++) {
      expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters: broken })).toEqual({ kind: "unavailable" });
    }
    expect(hashVerifications()).toBe(0);
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "ok" });
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

  it(`without a known address, ten failures by a stranger do not lock the owner out, nor other visitors (${store})`, async () => {
    const target = await createUser();
    const bystander = await createUser();
    for (let i = 0; i < 10; i++) await attemptSignIn({ email: target.email, password: "Wrong-password-z" }, { ip: null, limiters });
    expect(await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: null, limiters })).toMatchObject({ kind: "ok" });
    expect(await attemptSignIn({ email: bystander.email, password: PASSWORD }, { ip: null, limiters })).toMatchObject({ kind: "ok" });
  });

  it(`past ten failures in an hour, guesses on an account wait longer each time, without hashing (${store})`, async () => {
    const target = await createUser();
    // Eleven failures earlier in the hour (each having waited out its hold), then the twelfth.
    for (let i = 0; i < SLOWDOWN_AFTER_FAILURES + 1; i++) await limiters.signInPerAccountHour.consume(target.email);
    expect(await attemptSignIn({ email: target.email, password: "Wrong-password-t" }, { ip: freshIp(), limiters })).toEqual({ kind: "invalid" });
    const verificationsSoFar = hashVerifications();
    const held = await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: freshIp(), limiters });
    expect(held).toEqual({ kind: "rate_limited", retryAfterSeconds: slowdownSeconds(SLOWDOWN_AFTER_FAILURES + 2) });
    expect(slowdownSeconds(SLOWDOWN_AFTER_FAILURES + 2)).toBe(4);
    expect(hashVerifications()).toBe(verificationsSoFar);
  });

  it(`a browser that signed in to the account before is not slowed by others' failures (${store})`, async () => {
    const target = await createUser();
    const ownDevice = issueDeviceToken(target.email, env().NEXTAUTH_SECRET);
    for (let i = 0; i < SLOWDOWN_AFTER_FAILURES; i++) await limiters.signInPerAccountHour.consume(target.email);
    await attemptSignIn({ email: target.email, password: "Wrong-password-s" }, { ip: null, limiters });
    expect(await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: null, limiters })).toMatchObject({ kind: "rate_limited" });
    expect(await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: null, deviceToken: ownDevice, limiters })).toMatchObject({
      kind: "ok",
    });
    // Another account's device token, or a forged one, earns nothing.
    const otherDevice = issueDeviceToken("someone-else@example.test", env().NEXTAUTH_SECRET);
    for (const deviceToken of [otherDevice, `${ownDevice.slice(0, -1)}${ownDevice.endsWith("A") ? "B" : "A"}`]) {
      expect(await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: null, deviceToken, limiters })).toMatchObject({
        kind: "rate_limited",
      });
    }
  });

  it(`allows at most 100 failures an hour on one account from unknown browsers (${store})`, async () => {
    const target = await createUser();
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.points; i++) await limiters.signInPerAccountHour.consume(target.email);
    const refused = await attemptSignIn({ email: target.email, password: PASSWORD }, { ip: freshIp(), limiters });
    expect(refused).toMatchObject({ kind: "rate_limited" });
    expect(refused.kind === "rate_limited" && refused.retryAfterSeconds).toBeGreaterThan(15 * 60);
    expect(hashVerifications()).toBe(0);
  });

  it(`counts an IPv6 client under its /56 too, so rotating /64s does not escape the limit (${store})`, async () => {
    const user = await createUser();
    for (let i = 0; i < SIGN_IN_PER_IP.points; i++) await limiters.signInPerIp.consume("2001:db8:5:100::/56");
    const fromSibling = await attemptSignIn({ email: user.email, password: PASSWORD }, { ip: "2001:db8:5:1a7::/64", limiters });
    expect(fromSibling).toMatchObject({ kind: "rate_limited" });
    const fromElsewhere = await attemptSignIn({ email: user.email, password: PASSWORD }, { ip: "2001:db8:5:200::/64", limiters });
    expect(fromElsewhere).toMatchObject({ kind: "ok" });
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

describe.runIf(testRedisUrl())(redisSuiteTitle("brute-force limits on the Redis store"), () => {
  afterAll(closeRedis);

  limitTests("redis");

  it("stores hashed keys only: neither email nor address appears in Redis", async () => {
    const user = await createUser(`visible-${randomUUID()}@example.test`);
    const ip = freshIp();
    const limiters = createAuthLimiters("redis");
    await attemptSignIn({ email: user.email, password: "Wrong-password-q" }, { ip, limiters });
    const keys = await getRedis().keys(`${RATE_LIMIT_REDIS_PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join("\n")).not.toContain(user.email);
    expect(keys.join("\n")).not.toContain(ip);
  });

  it("counts on in memory when Redis cannot be reached, refusing the 11th failure all the same", async () => {
    const user = await createUser();
    const ip = freshIp();
    const limiters = createAuthLimiters("redis");
    // A first sign-in connects the limiters to Redis (and, succeeding, leaves no attempt counted).
    expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "ok" });
    getRedis().disconnect();
    try {
      for (let i = 1; i <= SIGN_IN_PER_ACCOUNT_AND_IP.points; i++) {
        expect(await attemptSignIn({ email: user.email, password: `Wrong-${i}-password` }, { ip, limiters })).toEqual({ kind: "invalid" });
      }
      expect(await attemptSignIn({ email: user.email, password: PASSWORD }, { ip, limiters })).toMatchObject({ kind: "rate_limited" });
    } finally {
      await closeRedis();
    }
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
