// POST /api/signup against a real database: the account is stored with an argon2id hash (never the
// password), an email is registered once, bad input is refused with a message and stores nothing,
// and sign-ups are limited per client address before any hashing.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/signup/route";
import { verifyPassword } from "@/lib/auth/passwords";
import { createAuthLimiters, SIGN_UP_PER_IP } from "@/lib/auth/limits";
import { registerUser } from "@/lib/auth/sign-in";
import { ApiError } from "@/lib/api/errors";
import { getDb, resetDatabase, snapshotTables, withSql } from "../helpers/db";
import { apiRequest, routeContext } from "../helpers/session";

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";

const PASSWORD = "Quiet-harbour-lantern-42";

function freshIp(): string {
  const bytes = randomUUID().replace(/-/g, "").slice(0, 6);
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`;
}

function signUp(body: unknown, options: { ip?: string; contentType?: string } = {}) {
  return POST(
    apiRequest("POST", "/api/signup", {
      body,
      contentType: options.contentType,
      headers: { "x-forwarded-for": options.ip ?? freshIp() },
    }),
    routeContext(),
  );
}

beforeEach(async () => {
  await resetDatabase();
});

describe("POST /api/signup creates an account", () => {
  it("answers 201 and stores the lower-cased email with an argon2id hash, never the password", async () => {
    const response = await signUp({ email: "  New.Owner@Example.TEST ", password: PASSWORD });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ user: { email: "new.owner@example.test" } });

    const user = await (await getDb()).user.findUniqueOrThrow({ where: { email: "new.owner@example.test" } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);

    const raw = await withSql((sql) => sql.query(`SELECT to_jsonb(u)::text AS row FROM "users" u`));
    expect(raw).toHaveLength(1);
    expect(JSON.stringify(raw)).not.toContain(PASSWORD);
  });

  it("refuses a second account for the same email, in any letter case, with 409 and a message", async () => {
    expect((await signUp({ email: "owner@example.test", password: PASSWORD })).status).toBe(201);
    const before = await snapshotTables();

    const again = await signUp({ email: "OWNER@example.test", password: "Another-long-secret-77" });
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.error.code).toBe("conflict");
    expect(body.error.message).toMatch(/already exists/);
    expect(await snapshotTables()).toBe(before);
  });

  it("creates exactly one account when two sign-ups for one email arrive at once", async () => {
    const responses = await Promise.all([
      signUp({ email: "twice@example.test", password: PASSWORD }),
      signUp({ email: "twice@example.test", password: PASSWORD }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await (await getDb()).user.count({ where: { email: "twice@example.test" } })).toBe(1);
  });
});

describe("POST /api/signup refuses bad input, stores nothing and never answers 500", () => {
  it.each([
    ["empty fields", 400, { email: "", password: "" }, ["email", "password"]],
    ["an email without @", 400, { email: "owner.example.test", password: PASSWORD }, ["email"]],
    ["a unicode email", 400, { email: "jörg@exämple.test", password: PASSWORD }, ["email"]],
    ["a short password", 400, { email: "owner@example.test", password: "short" }, ["password"]],
    ["a 10,000-character password", 400, { email: "owner@example.test", password: "p".repeat(10_000) }, ["password"]],
    ["a common password", 400, { email: "owner@example.test", password: "Sunshine" }, ["password"]],
    ["missing fields", 400, {}, ["email", "password"]],
    ["an array body", 400, [], ["(body)"]],
  ])("%s → %i with a message per field", async (_, status, body, fields) => {
    const before = await snapshotTables();
    const response = await signUp(body);
    expect(response.status).toBe(status);
    const json = await response.json();
    expect(json.error.message).toEqual(expect.any(String));
    expect(json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([...fields].sort());
    expect(await snapshotTables()).toBe(before);
  });

  it.each([
    ["a form body", 415, "email=owner%40example.test&password=x", "application/x-www-form-urlencoded"],
    ["malformed JSON", 400, '{"email": "owner@example.test", ', "application/json"],
    ["a body over 16 KiB", 413, JSON.stringify({ email: "owner@example.test", password: "p".repeat(20_000) }), "application/json"],
  ])("%s → %i", async (_, status, body, contentType) => {
    const before = await snapshotTables();
    const response = await signUp(body, { contentType });
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toEqual(expect.any(String));
    expect(await snapshotTables()).toBe(before);
  });
});

describe("sign-up limit per client address", () => {
  it(`allows ${SIGN_UP_PER_IP.points} attempts per address in the window, then answers 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_UP_PER_IP.points; i++) {
      expect((await signUp({ email: `limit-${i}@example.test`, password: PASSWORD }, { ip })).status).toBe(201);
    }
    const before = await snapshotTables();
    const refused = await signUp({ email: "one-too-many@example.test", password: PASSWORD }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toMatch(/wait/);
    expect(await snapshotTables()).toBe(before);

    expect((await signUp({ email: "other-network@example.test", password: PASSWORD }, { ip: freshIp() })).status).toBe(201);
  });

  it("behind deploy/nginx.conf one client cannot test a list of addresses quickly: after ten, 429 and nothing more is told", async () => {
    const db = await getDb();
    const known = ["ann@example.test", "bob@example.test", "cas@example.test"];
    for (const email of known) await db.user.create({ data: { email, passwordHash: "x" } });
    const list = [...known, ...Array.from({ length: 9 }, (_, i) => `guess-${i}@example.test`)];
    // nginx appends the address it saw to whatever X-Forwarded-For the client sent; only that last entry counts.
    const viaNginx = (email: string, i: number) =>
      POST(
        apiRequest("POST", "/api/signup", { body: { email, password: PASSWORD }, headers: { "x-forwarded-for": `10.9.8.${i}, 198.51.100.23` } }),
        routeContext(),
      );
    const statuses: number[] = [];
    for (const [i, email] of list.entries()) statuses.push((await viaNginx(email, i)).status);
    expect(statuses.slice(0, SIGN_UP_PER_IP.points)).toEqual([409, 409, 409, ...Array(SIGN_UP_PER_IP.points - 3).fill(201)]);
    expect(statuses.slice(SIGN_UP_PER_IP.points)).toEqual(Array(list.length - SIGN_UP_PER_IP.points).fill(429));
    expect(await db.user.count()).toBe(SIGN_UP_PER_IP.points);
  });

  it("an IPv6 client cannot get round the limit by moving through the /64 networks of its /56", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UP_PER_IP.points + 2; i++) {
      const ip = `2001:db8:7:1${i.toString(16).padStart(2, "0")}::1`;
      statuses.push((await signUp({ email: `v6-${i}@example.test`, password: PASSWORD }, { ip })).status);
    }
    expect(statuses.slice(SIGN_UP_PER_IP.points)).toEqual([429, 429]);
    expect((await signUp({ email: "other-subscriber@example.test", password: PASSWORD }, { ip: "2001:db8:7:200::1" })).status).toBe(201);
  });

  it("does not limit by address when the address is unknown (no trusted proxy header)", async () => {
    const limiters = createAuthLimiters("memory");
    for (let i = 0; i < SIGN_UP_PER_IP.points + 2; i++) {
      await registerUser({ email: `unknown-ip-${i}@example.test`, password: PASSWORD }, { ip: null, limiters });
    }
    expect(await (await getDb()).user.count()).toBe(SIGN_UP_PER_IP.points + 2);
  });

  it("checks the limit before hashing: a refused attempt creates nothing even for a new email", async () => {
    const limiters = createAuthLimiters("memory");
    const ip = freshIp();
    for (let i = 0; i < SIGN_UP_PER_IP.points; i++) await limiters.signUpPerIp.consume(ip);
    await expect(registerUser({ email: "blocked@example.test", password: PASSWORD }, { ip, limiters })).rejects.toBeInstanceOf(ApiError);
    await expect(registerUser({ email: "blocked@example.test", password: PASSWORD }, { ip, limiters })).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect(await (await getDb()).user.count()).toBe(0);
  });
});
