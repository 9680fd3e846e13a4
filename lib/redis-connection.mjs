// @ts-check
// How the app connects to Redis (REDIS_URL), in one place for both users: the shared attempt counters
// (lib/redis.ts) and Next.js's cache handler (lib/cache/redis-cache-handler.mjs, which Next.js loads
// outside the app's bundles, hence plain JavaScript).
//
// Commands fail at once while the server is unreachable (no offline queue, one second at most each):
// the callers then count in memory or render without the cache rather than make a visitor wait.
import { Redis } from "ioredis";

/**
 * A connection named `name` (visible in Redis's CLIENT LIST) that reconnects for ever, at most every
 * two seconds, and logs its errors once a minute at most.
 * @param {string} url
 * @param {string} name
 */
export function connectRedis(url, name) {
  const client = new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastLogged = 0;
  client.on("error", (/** @type {Error} */ error) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`[redis] ${name}: ${error.message}`);
  });
  return client;
}
