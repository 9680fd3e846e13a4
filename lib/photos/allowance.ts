// The ceiling on photos an account sends to be processed: PHOTOS_PER_ACCOUNT_PER_HOUR (./limits.ts), the
// form and the API together. Counted with the same limiters as the other limits (lib/rate-limit: memory,
// or PostgreSQL or Redis shared by the instances), per account, before anything is decoded.
import "server-only";
import { ApiError } from "../api/errors";
import { createLimiter, type Limiter } from "../rate-limit";
import { PHOTOS_PER_ACCOUNT_PER_HOUR } from "./limits";

export const PHOTOS_PER_HOUR = { name: "photos_hour", points: PHOTOS_PER_ACCOUNT_PER_HOUR, durationSeconds: 60 * 60 } as const;

// One per process, on globalThis: route bundles may each load this module, and split counters would
// let each route allow its own ceiling.
const holder = globalThis as unknown as { __fixwellPhotoLimiter?: Limiter };

export function photoLimiter(): Limiter {
  holder.__fixwellPhotoLimiter ??= createLimiter(PHOTOS_PER_HOUR);
  return holder.__fixwellPhotoLimiter;
}

/** Photos taken from the account's hour; `giveBack` returns them when none of them was decoded. */
export type PhotoAllowance = { giveBack(): Promise<void> };

/**
 * Takes `count` photos from the account's hour at once, all or none: 429 `rate_limited` with Retry-After
 * when they do not all fit (the refused count is given back, so a smaller post may still fit).
 */
export async function takePhotoAllowance(userId: string, count: number, limiter: Limiter = photoLimiter()): Promise<PhotoAllowance> {
  const decision = await limiter.consume(userId, count);
  if (!decision.allowed) {
    // The store counted the refused photos too.
    await limiter.refund(userId, count);
    const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
    throw new ApiError("rate_limited", { key: "photo.tooManyThisHour", values: { count: limiter.spec.points, minutes } }, undefined, {
      "Retry-After": String(decision.retryAfterSeconds),
    });
  }
  return { giveBack: () => limiter.refund(userId, count) };
}
