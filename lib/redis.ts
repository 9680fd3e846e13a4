// One Redis connection per process (REDIS_URL), kept on globalThis like the database connection, for
// the shared attempt counters (lib/rate-limit); while Redis is unreachable a limiter counts in its
// in-memory insurance limiter. Next.js's cache has its own connection, made by the cache handler
// (lib/cache/redis-cache-handler.mjs). Both connect as ./redis-connection.mjs says.
import "server-only";
import type { Redis } from "ioredis";
import { env } from "./env";
import { connectRedis } from "./redis-connection.mjs";

const holder = globalThis as unknown as { __fixwellRedis?: Redis };

export function getRedis(): Redis {
  if (!holder.__fixwellRedis) {
    const url = env().REDIS_URL;
    if (!url) throw new Error("REDIS_URL is not set");
    holder.__fixwellRedis = connectRedis(url, "fixwell");
  }
  return holder.__fixwellRedis;
}

/** Resolves once the connection is ready; rejects after `timeoutMs`. */
export async function redisReady(client: Redis, timeoutMs = 2_000): Promise<void> {
  if (client.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", onReady);
  });
}

/** Closes this process's connection (scripts and tests; a server keeps it until it exits). */
export async function closeRedis(): Promise<void> {
  const client = holder.__fixwellRedis;
  holder.__fixwellRedis = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
