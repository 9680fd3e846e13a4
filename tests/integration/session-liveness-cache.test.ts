// The session liveness cache (lib/auth/liveness-cache.ts): a live session is read from the database once
// and then remembered, but only while this process hears PostgreSQL's NOTIFY; a change made by another
// server (here: another connection, as another server's would be) ends the session here within a second;
// an answer read across a change is not kept; losing the LISTEN connection forgets everything and keeps
// nothing until it is back; on the embedded database nothing is kept at all.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedLiveness, livenessCacheStats } from "../../lib/auth/liveness-cache";
import { liveSessionOwner, openSession } from "../../lib/auth/sessions";
import { stopListening } from "../../lib/db/listen";
import { getDb, onPostgres, resetDatabase } from "../helpers/db";
import { testDatabaseUrl } from "../helpers/database-url";

// On before any module reads the environment (tests/setup.ts turns it off for the other files).
vi.hoisted(() => {
  process.env.SESSION_LIVENESS_CACHE = "on";
});
afterAll(stopListening);
beforeEach(resetDatabase);

async function signedIn() {
  const db = await getDb();
  const user = await db.user.create({ data: { email: `live-${randomUUID()}@example.test`, passwordHash: "not-a-usable-hash" }, select: { id: true, email: true } });
  return { user, claims: await openSession(user, true) };
}

/** Polls until `check` holds, up to `limitMs`; returns how long it took, or fails. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/** Another server's connection: what it changes, this process only hears of through NOTIFY. */
async function elsewhere<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres())("session liveness cache on PostgreSQL", () => {
  it("reads a live session once and answers the next request from memory", async () => {
    const { user, claims } = await signedIn();
    expect(await liveSessionOwner(claims)).toEqual(user);
    await within(3_000, async () => livenessCacheStats().hearing);
    await liveSessionOwner(claims);
    const before = livenessCacheStats();
    expect(await liveSessionOwner(claims)).toEqual(user);
    expect(livenessCacheStats().hits).toBe(before.hits + 1);
    expect(livenessCacheStats().misses).toBe(before.misses);
  });

  it.each([
    ["a sign-out on another server", (client: pg.Client, _userId: string, sid: string) => client.query(`UPDATE "sessions" SET "revoked_at" = now() WHERE "id" = $1`, [sid])],
    ["'sign out everywhere' on another server", (client: pg.Client, userId: string) => client.query(`UPDATE "users" SET "session_version" = "session_version" + 1 WHERE "id" = $1`, [userId])],
    ["the account deleted on another server", (client: pg.Client, userId: string) => client.query(`DELETE FROM "users" WHERE "id" = $1`, [userId])],
  ] as const)("ends a remembered session within a second of %s", async (_what, change) => {
    const { user, claims } = await signedIn();
    await within(3_000, async () => (await liveSessionOwner(claims)) !== null && livenessCacheStats().hearing);
    const hits = livenessCacheStats().hits;
    expect(await liveSessionOwner(claims)).toEqual(user);
    expect(livenessCacheStats().hits).toBe(hits + 1);
    await elsewhere((client) => change(client, user.id, String(claims.sid)));
    const took = await within(1_000, async () => (await liveSessionOwner(claims)) === null);
    expect(took).toBeLessThan(1_000);
  });

  it("keeps someone else's session while another account signs out", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    await within(3_000, async () => livenessCacheStats().hearing);
    await liveSessionOwner(ann.claims);
    await liveSessionOwner(bob.claims);
    await elsewhere((client) => client.query(`UPDATE "sessions" SET "revoked_at" = now() WHERE "id" = $1`, [bob.claims.sid]));
    await within(1_000, async () => (await liveSessionOwner(bob.claims)) === null);
    const hits = livenessCacheStats().hits;
    expect(await liveSessionOwner(ann.claims)).toEqual(ann.user);
    expect(livenessCacheStats().hits).toBe(hits + 1);
  });

  it("does not keep an answer read while a change was being announced", async () => {
    const { user, claims } = await signedIn();
    await within(3_000, async () => livenessCacheStats().hearing);
    const db = await getDb();
    // The read sees the session live; before it returns, another server revokes it and the news arrives.
    const seen = await cachedLiveness(user.id, String(claims.sid), async () => {
      const row = await db.user.findFirst({ where: { id: user.id }, select: { id: true, email: true, sessionVersion: true, role: true } });
      await elsewhere((client) => client.query(`UPDATE "sessions" SET "revoked_at" = now() WHERE "id" = $1`, [claims.sid]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return row;
    });
    expect(seen?.id).toBe(user.id);
    expect(await liveSessionOwner(claims)).toBeNull();
  });

  it("forgets everything when the LISTEN connection is lost, and keeps nothing until it is back", async () => {
    const { user, claims } = await signedIn();
    await within(3_000, async () => livenessCacheStats().hearing);
    await liveSessionOwner(claims);
    expect(livenessCacheStats().size).toBeGreaterThan(0);
    await elsewhere((client) => client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fixwell-listen' AND datname = current_database()`));
    await within(2_000, async () => !livenessCacheStats().hearing);
    expect(livenessCacheStats().size).toBe(0);
    const { hits } = livenessCacheStats();
    expect(await liveSessionOwner(claims)).toEqual(user);
    expect(await liveSessionOwner(claims)).toEqual(user);
    if (!livenessCacheStats().hearing) expect(livenessCacheStats().hits).toBe(hits);
    // It reconnects by itself (two seconds later) and remembers again.
    await within(6_000, async () => livenessCacheStats().hearing);
    await liveSessionOwner(claims);
    const again = livenessCacheStats().hits;
    await liveSessionOwner(claims);
    expect(livenessCacheStats().hits).toBe(again + 1);
  });
});

describe.runIf(!onPostgres())("session liveness cache on the embedded database", () => {
  it("keeps nothing: every request reads the database", async () => {
    const { user, claims } = await signedIn();
    const before = livenessCacheStats();
    expect(await liveSessionOwner(claims)).toEqual(user);
    expect(await liveSessionOwner(claims)).toEqual(user);
    const after = livenessCacheStats();
    expect(after).toMatchObject({ hearing: false, size: 0, hits: before.hits });
    expect(after.misses).toBe(before.misses + 2);
    expect(testDatabaseUrl()).toBeUndefined();
  });
});
