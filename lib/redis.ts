// One Redis connection per process (REDIS_URL), kept on globalThis like the database connection, for
// the shared attempt counters (lib/rate-limit); while Redis is unreachable a limiter counts in its
// insurance limiter (PostgreSQL on PostgreSQL, else memory). Next.js's cache has its own connection, made by the cache handler
// (lib/cache/redis-cache-handler.mjs). Both connect as ./redis-connection.mjs says.
import "server-only";
import type { Redis } from "ioredis";
import { env } from "./env";
import { connectRedis } from "./redis-connection.mjs";

const holder = globalThis as unknown as { __fixwellRedis?: Redis; __fixwellRedisFirstWait?: Promise<void> };

export function getRedis(): Redis {
  if (!holder.__fixwellRedis) {
    const url = env().REDIS_URL;
    if (!url) throw new Error("REDIS_URL is not set");
    const client = connectRedis(url, "fixwell");
    logOutages(client);
    holder.__fixwellRedis = client;
  }
  return holder.__fixwellRedis;
}

/**
 * One line when the connection is lost and one when it is back, however many requests meanwhile count
 * in the limiters' insurance (lib/rate-limit) and however often the connection retries.
 */
function logOutages(client: Redis): void {
  let down = false;
  client.on("close", () => {
    if (down) return;
    down = true;
    const fallback = env().DATABASE_URL ? "PostgreSQL" : "memory";
    console.error(`[redis] connection lost: attempt counters count in ${fallback} until it is back; reconnecting in the background`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    console.info("[redis] connection back: attempt counters count in Redis again");
  });
}

/**
 * Resolves once this process's connection was first ready, or after `timeoutMs`, whichever comes
 * first; the wait happens once per process. So a limiter counts in Redis from the first request when
 * Redis is there, and an instance started while Redis is down waits for it once, not on every request:
 * afterwards a limiter asks whether the connection is ready and, when not, counts elsewhere at once.
 */
export function firstConnection(client: Redis, timeoutMs = 2_000): Promise<void> {
  holder.__fixwellRedisFirstWait ??= new Promise<void>((resolve) => {
    if (client.status === "ready") return resolve();
    const timer = setTimeout(done, timeoutMs);
    client.once("ready", done);
    function done() {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    }
  });
  return holder.__fixwellRedisFirstWait;
}

/** Closes this process's connection (scripts and tests; a server keeps it until it exits). */
export async function closeRedis(): Promise<void> {
  const client = holder.__fixwellRedis;
  holder.__fixwellRedis = undefined;
  holder.__fixwellRedisFirstWait = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
