// The ceiling on new repair requests: each one mails a handyman, so one account makes at most
// REQUESTS_PER_USER_PER_DAY of them in a day. Counted with the same limiters as the sign-in limits
// (lib/rate-limit: memory, or PostgreSQL or Redis shared by several instances), per account.
import "server-only";
import { env } from "../env";
import { createLimiter, type Limiter, type LimitSpec, type LimitStore } from "../rate-limit";

const ONE_DAY = 24 * 60 * 60;

function newRequestsPerDay(points: number = env().REQUESTS_PER_USER_PER_DAY): LimitSpec {
  return { name: "requests_day", points, durationSeconds: ONE_DAY };
}

function createRequestLimiter(store?: LimitStore, points?: number): Limiter {
  return createLimiter(newRequestsPerDay(points), store);
}

// One per process, on globalThis: route bundles may each load this module, and split counters would
// let each route allow its own ceiling.
const holder = globalThis as unknown as { __fixwellRequestLimiter?: Limiter };

export function requestLimiter(): Limiter {
  holder.__fixwellRequestLimiter ??= createRequestLimiter();
  return holder.__fixwellRequestLimiter;
}
