// A Redis that accepts connections and answers nothing (played by a relay in this process that stops
// passing anything on) is waited for once: the command in flight gives up after COMMAND_TIMEOUT_MS and
// drops the connection, and every limit check after it counts in the insurance at once, the limits
// holding all the same; when Redis answers again, the counters are back in Redis.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisSuiteTitle, testRedisUrl } from "../helpers/redis";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

const redisUrl = testRedisUrl();

describe.runIf(redisUrl)(redisSuiteTitle("a hung Redis"), () => {
  let relay: TcpProxy;
  let rateLimit: typeof import("../../lib/rate-limit");
  let redis: typeof import("../../lib/redis");
  let COMMAND_TIMEOUT_MS: number;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    // Before the app reads its environment: its one Redis connection goes through the relay.
    process.env.REDIS_URL = relay.via(redisUrl!);
    rateLimit = await import("../../lib/rate-limit");
    redis = await import("../../lib/redis");
    ({ COMMAND_TIMEOUT_MS } = await import("../../lib/redis-connection.mjs"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  afterAll(async () => {
    await redis?.closeRedis();
    await relay?.close();
  });

  it("costs the limit checks one command timeout in all, not one each, and the limit holds", async () => {
    const spec = { name: `hung_${randomUUID().slice(0, 8)}`, points: 10, durationSeconds: 60 };
    const limiter = rateLimit.createLimiter(spec, "redis");
    const key = `someone-${randomUUID()}`;
    expect(await limiter.consume(key)).toEqual({ allowed: true, count: 1 });
    expect(redis.getRedis().status).toBe("ready");

    relay.hang();
    const checks = 40;
    const waits: number[] = [];
    const decisions = [];
    const started = performance.now();
    for (let check = 0; check < checks; check += 1) {
      const before = performance.now();
      decisions.push(await limiter.consume(key));
      await limiter.waitFor(key);
      waits.push(performance.now() - before);
    }
    const total = performance.now() - started;
    // Without the circuit each check waited a timeout per command (40 × 2 × the timeout).
    const waited = waits.filter((ms) => ms >= COMMAND_TIMEOUT_MS * 0.9).length;
    expect(waited, `checks that waited for Redis (ms: ${waits.map(Math.round).join(", ")})`).toBeLessThanOrEqual(2);
    expect(total).toBeLessThan(COMMAND_TIMEOUT_MS * 8);
    // The insurance counted them: past the ten points the check is refused.
    expect(decisions.filter((decision) => decision.allowed).length).toBeLessThanOrEqual(spec.points);
    expect(decisions.at(-1)).toMatchObject({ allowed: false });


    // The connection was dropped, and is not ready while Redis keeps silent (its ready check times out too).
    await vi.waitFor(() => expect(redis.getRedis().status).not.toBe("ready"), { timeout: 5_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS * 3));
    expect(redis.getRedis().status).not.toBe("ready");

    await relay.restore();
    // The connection comes back by itself (a reconnect every two seconds at most), and counts in Redis again.
    await vi.waitFor(() => expect(redis.getRedis().status).toBe("ready"), { timeout: 15_000, interval: 100 });
    const fresh = `back-${randomUUID()}`;
    expect(await limiter.consume(fresh)).toEqual({ allowed: true, count: 1 });
    const keys = await redis.getRedis().keys(`${rateLimit.RATE_LIMIT_REDIS_PREFIX}${spec.name}*`);
    expect(keys.length).toBeGreaterThan(0);
  }, 60_000);
});
