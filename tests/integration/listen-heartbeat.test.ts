// The LISTEN connection's heartbeat (lib/db/listen.ts): a connection that dies without a word (here: a relay
// that keeps it open but passes nothing more, as a dropped NAT entry would) is found out by the NOTIFY it must
// hear back within a deadline; the session liveness cache then forgets every session it kept, and a new
// connection is made. The LISTEN connection goes through DATABASE_LISTEN_URL (a direct connection beside a
// pooled DATABASE_URL), pointed at the relay here. PostgreSQL only: on the embedded database there is no
// LISTEN connection and nothing is kept.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { livenessCacheStats } from "../../lib/auth/liveness-cache";
import { liveSessionOwner, openSession } from "../../lib/auth/sessions";
import { LISTEN_HEARTBEAT, listenHeartbeat, stopListening } from "../../lib/db/listen";
import { getDb, onPostgres } from "../helpers/db";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

vi.hoisted(() => {
  process.env.SESSION_LIVENESS_CACHE = "on";
});

async function within(limitMs: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function signedIn() {
  const db = await getDb();
  const user = await db.user.create({ data: { email: `beat-${randomUUID()}@example.test`, passwordHash: "not-a-usable-hash" }, select: { id: true, email: true } });
  return { user, claims: await openSession(user, true) };
}

describe.runIf(onPostgres())("the LISTEN connection's heartbeat on PostgreSQL", () => {
  let relay: TcpProxy;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    relay = await startTcpProxy({ host: url.hostname, port: Number(url.port) || 5432 });
    // Read when the environment is first parsed, which nothing in this file has done yet.
    process.env.DATABASE_LISTEN_URL = relay.via(process.env.DATABASE_URL!);
    await stopListening();
  });

  afterAll(async () => {
    await stopListening();
    await relay?.close();
    delete process.env.DATABASE_LISTEN_URL;
  });

  it("hears its own heartbeat while the connection lives, and keeps the sessions it remembers", async () => {
    const { user, claims } = await signedIn();
    await within(3_000, async () => (await liveSessionOwner(claims)) !== null && livenessCacheStats().hearing);
    expect(await liveSessionOwner(claims)).toEqual(user);
    expect(livenessCacheStats().size).toBeGreaterThan(0);
    expect(await listenHeartbeat()).toBe(true);
    expect(livenessCacheStats()).toMatchObject({ hearing: true });
    expect(livenessCacheStats().size).toBeGreaterThan(0);
  });

  it("forgets every remembered session when a heartbeat is not heard back in time, and connects again", async () => {
    const { user, claims } = await signedIn();
    await within(3_000, async () => (await liveSessionOwner(claims)) !== null && livenessCacheStats().hearing);
    await liveSessionOwner(claims);
    expect(livenessCacheStats().size).toBeGreaterThan(0);

    // The connection stays open but nothing more passes: no error, no end, nothing heard.
    relay.freeze();
    expect(await listenHeartbeat(300)).toBe(false);
    expect(livenessCacheStats()).toMatchObject({ hearing: false, size: 0 });
    // Every request reads the database meanwhile, and the session is still answered.
    const { hits } = livenessCacheStats();
    expect(await liveSessionOwner(claims)).toEqual(user);
    if (!livenessCacheStats().hearing) expect(livenessCacheStats().hits).toBe(hits);

    // A new connection (new connections pass the relay) hears again, and its heartbeat comes back.
    await within(6_000, () => livenessCacheStats().hearing);
    expect(await listenHeartbeat()).toBe(true);
    expect(LISTEN_HEARTBEAT.deadlineMs).toBeLessThan(LISTEN_HEARTBEAT.everyMs);
  });
});

describe.runIf(!onPostgres())("the LISTEN connection's heartbeat on the embedded database", () => {
  it("has no connection to check and keeps nothing", async () => {
    expect(await listenHeartbeat()).toBe(true);
    expect(livenessCacheStats()).toMatchObject({ hearing: false, size: 0 });
  });
});
