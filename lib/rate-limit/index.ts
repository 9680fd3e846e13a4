// Fixed-window attempt counters on rate-limiter-flexible. RATE_LIMIT_STORE picks the store: this
// process's memory (default, one instance), or one that several instances share: PostgreSQL on the
// app's own pool, or Redis (REDIS_URL, rate-limiter-flexible's native Redis limiter). A shared limiter
// keeps an insurance limiter that counts on while its store cannot be reached: for Redis on PostgreSQL,
// PostgreSQL, which the instances share too, so a limit holds across them through a Redis outage (in
// memory only on the embedded database, or while PostgreSQL is gone as well). While Redis is known to
// be down (its connection not ready) a limiter does not wait for it: it counts in the insurance at once,
// and the connection retries in the background (lib/redis.ts logs the outage once, and the return).
// Keys are hashed, so no email or address is stored.
import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../env";
import { getConnection } from "../db";
import { firstConnection, getRedis } from "../redis";

export type LimitSpec = {
  /** Distinguishes the counters of one limiter from another's in the shared store. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
};

export type LimitDecision = { allowed: true; /** Attempts counted in the window, this one included. */ count: number } | { allowed: false; retryAfterSeconds: number };

export type Limiter = {
  readonly spec: LimitSpec;
  /** Counts one attempt (or `count` at once) for `key`; refused once more than `points` were counted in the window. */
  consume(key: string, count?: number): Promise<LimitDecision>;
  /** Gives back one counted attempt (e.g. after a successful sign-in), or `count`. */
  refund(key: string, count?: number): Promise<void>;
  /** Refuses `key` for the next `seconds`, whatever its count. */
  hold(key: string, seconds: number): Promise<void>;
  /** Seconds until a held or exhausted `key` is allowed again; 0 when it is allowed now. */
  waitFor(key: string): Promise<number>;
};

export type LimitStore = "memory" | "postgres" | "redis";

/** The table PostgreSQL limiters share (created by the library if missing). */
export const RATE_LIMIT_TABLE = "auth_rate_limits";

/** What the keys of Redis limiters start with, followed by the limiter's name and the hashed key. */
export const RATE_LIMIT_REDIS_PREFIX = "fixwell:limits:";

function hashedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

function memoryLimiter(spec: LimitSpec): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds });
}

async function postgresLimiter(spec: LimitSpec, insurance: RateLimiterMemory): Promise<RateLimiterAbstract> {
  const { pgPool } = await getConnection();
  if (!pgPool) throw new Error("RATE_LIMIT_STORE=postgres needs a PostgreSQL DATABASE_URL");
  return new Promise((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pgPool,
        storeType: "pool",
        tableName: RATE_LIMIT_TABLE,
        keyPrefix: spec.name,
        points: spec.points,
        duration: spec.durationSeconds,
        insuranceLimiter: insurance,
      },
      (error) => (error ? reject(error) : resolve(limiter)),
    );
  });
}

async function redisLimiter(spec: LimitSpec, memory: RateLimiterMemory): Promise<RateLimiterAbstract> {
  const client = getRedis();
  await firstConnection(client);
  return new RateLimiterRedis({
    storeClient: client,
    // While the connection is not ready (Redis down, or not reached yet), count in the insurance
    // limiter at once instead of waiting; a command that gets no answer gives up after half a second and
    // drops the connection until Redis answers again, so a hung Redis is waited for once (lib/redis-connection.mjs).
    rejectIfRedisNotReady: true,
    keyPrefix: `${RATE_LIMIT_REDIS_PREFIX}${spec.name}`,
    points: spec.points,
    duration: spec.durationSeconds,
    insuranceLimiter: await redisInsurance(spec, memory),
  });
}

/** What counts while Redis cannot be reached: PostgreSQL when the app runs on it (shared by every instance), else memory. */
async function redisInsurance(spec: LimitSpec, memory: RateLimiterMemory): Promise<RateLimiterAbstract> {
  if (!env().DATABASE_URL) return memory;
  try {
    return await postgresLimiter(spec, memory);
  } catch (error) {
    console.error(`[rate-limit] ${spec.name}: PostgreSQL store unavailable, counting in memory while Redis is down: ${(error as Error).message}`);
    return memory;
  }
}

function sharedLimiter(store: Exclude<LimitStore, "memory">, spec: LimitSpec, insurance: RateLimiterMemory): Promise<RateLimiterAbstract> {
  return store === "redis" ? redisLimiter(spec, insurance) : postgresLimiter(spec, insurance);
}

const STORE_NAMES = { postgres: "PostgreSQL", redis: "Redis" } as const;

function retryAfter(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
}

export function createLimiter(spec: LimitSpec, store: LimitStore = env().RATE_LIMIT_STORE): Limiter {
  const insurance = memoryLimiter(spec);
  let backing: Promise<RateLimiterAbstract> | undefined;

  async function current(): Promise<RateLimiterAbstract> {
    if (store === "memory") return insurance;
    backing ??= sharedLimiter(store, spec, insurance);
    try {
      return await backing;
    } catch (error) {
      // The store could not be prepared (database or Redis down at start): count in memory for now, retry later.
      backing = undefined;
      console.error(`[rate-limit] ${spec.name}: ${STORE_NAMES[store]} store unavailable, counting in memory: ${(error as Error).message}`);
      return insurance;
    }
  }

  return {
    spec,
    async consume(key, count = 1) {
      const limiter = await current();
      try {
        const result = await limiter.consume(hashedKey(key), count);
        return { allowed: true, count: result.consumedPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(rejection) };
        throw rejection;
      }
    },
    async refund(key, count = 1) {
      const limiter = await current();
      await limiter.reward(hashedKey(key), count).catch(() => undefined);
    },
    async hold(key, seconds) {
      const limiter = await current();
      await limiter.block(hashedKey(key), seconds);
    },
    async waitFor(key) {
      const limiter = await current();
      const result = await limiter.get(hashedKey(key));
      return result && result.consumedPoints > spec.points ? retryAfter(result) : 0;
    },
  };
}
