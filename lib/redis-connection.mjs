// @ts-check
// How the app connects to Redis (REDIS_URL), in one place for both users: the shared attempt counters
// (lib/redis.ts) and Next.js's cache handler (lib/cache/redis-cache-handler.mjs, which Next.js loads
// outside the app's bundles, hence plain JavaScript).
//
// Commands fail at once while the server is unreachable (no offline queue) and give up after
// COMMAND_TIMEOUT_MS: the callers then count elsewhere or render without the cache rather than make a
// visitor wait. A command that times out is taken as a refusal: the connection is dropped and made
// again, and until the new one has passed its ready check (an INFO, which times out the same way)
// nobody sends it anything, so the callers, which ask whether the connection is ready, go elsewhere
// at once. A Redis that accepts connections and answers nothing thus costs the commands in flight when
// it stopped answering one timeout, once, and nothing after, until it answers again.
import { Redis } from "ioredis";

/** How long a command may wait for Redis's answer (a Redis answers in well under a millisecond). */
export const COMMAND_TIMEOUT_MS = 500;

/**
 * A connection named `name` (visible in Redis's CLIENT LIST) that reconnects for ever, at most every
 * two seconds, logs its errors once a minute at most, and drops itself when a command times out.
 * @param {string} url
 * @param {string} name
 */
export function connectRedis(url, name) {
  const client = new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A command cut off with its connection has been counted elsewhere (or rendered without the cache)
    // by then: never send it again on the next connection.
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastLogged = 0;
  const log = (/** @type {string} */ message) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`[redis] ${name}: ${message}`);
  };
  client.on("error", (/** @type {Error} */ error) => log(error.message));
  const sendCommand = client.sendCommand.bind(client);
  /** @type {(...args: any[]) => Promise<unknown>} */
  const send = sendCommand;
  const watched = new WeakSet();
  // Every command, those of a MULTI or pipeline too, passes here (the arguments as ioredis gives them).
  client.sendCommand = /** @type {typeof client.sendCommand} */ ((/** @type {any[]} */ ...args) => {
    const answer = send(...args);
    if (watched.has(answer)) return answer;
    watched.add(answer);
    answer.catch((/** @type {unknown} */ error) => {
      if (!(error instanceof Error) || error.message !== "Command timed out" || client.status !== "ready") return;
      log(`a command got no answer within ${COMMAND_TIMEOUT_MS} ms; reconnecting, and not waiting for Redis meanwhile`);
      // Closed at once (not ended politely, which waits for the hung peer): the status leaves "ready" now,
      // and ioredis reconnects by its retry strategy.
      client.stream?.destroy();
    });
    return answer;
  });
  return client;
}
