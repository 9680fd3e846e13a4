// Fixed-window attempt counters on rate-limiter-flexible. RATE_LIMIT_STORE picks the store: this
// process's memory (default, one instance), or PostgreSQL on the app's own pool so that several
// instances share the counts. A PostgreSQL limiter keeps an in-memory insurance limiter that counts
// on while the database cannot be reached. Keys are hashed, so no email or address is stored.
import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../env";
import { getConnection } from "../db";

export type LimitSpec = {
  /** Distinguishes the counters of one limiter from another's in the shared store. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
};

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Limiter = {
  readonly spec: LimitSpec;
  /** Counts one attempt for `key`; refused once more than `points` were counted in the window. */
  consume(key: string): Promise<LimitDecision>;
  /** Gives back one counted attempt (e.g. after a successful sign-in). */
  refund(key: string): Promise<void>;
};

export type LimitStore = "memory" | "postgres";

/** The table PostgreSQL limiters share (created by the library if missing). */
export const RATE_LIMIT_TABLE = "auth_rate_limits";

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

function retryAfter(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
}

export function createLimiter(spec: LimitSpec, store: LimitStore = env().RATE_LIMIT_STORE): Limiter {
  const insurance = memoryLimiter(spec);
  let backing: Promise<RateLimiterAbstract> | undefined;

  async function current(): Promise<RateLimiterAbstract> {
    if (store === "memory") return insurance;
    backing ??= postgresLimiter(spec, insurance);
    try {
      return await backing;
    } catch (error) {
      // The table could not be prepared (database down at start): count in memory for now, retry later.
      backing = undefined;
      console.error(`[rate-limit] ${spec.name}: PostgreSQL store unavailable, counting in memory: ${(error as Error).message}`);
      return insurance;
    }
  }

  return {
    spec,
    async consume(key) {
      const limiter = await current();
      try {
        await limiter.consume(hashedKey(key));
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(rejection) };
        throw rejection;
      }
    },
    async refund(key) {
      const limiter = await current();
      await limiter.reward(hashedKey(key), 1).catch(() => undefined);
    },
  };
}
