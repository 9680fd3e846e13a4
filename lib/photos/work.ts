// The line photos are decoded in. Decoding and encoding run on libuv's thread pool (four threads by
// default), which sign-in's argon2 hashing, file reads and DNS share: left alone, a few posts of five
// 40-megapixel photos would take every thread and the CPU, and everything else would wait behind them.
// So in one instance at most PHOTO_WORK_AT_ONCE posts are processed at a time, each one photo after the
// other, and at most PHOTO_WORK_WAITING more wait in line; one past that is answered at once with 503
// and Retry-After (`photo.busy`), never held. Only what passed every check that needs no decoding
// (the account, the request, the counts, the sizes, the type from the bytes, the header) gets in line.
//
// sharp is set up here, once per process:
// - `sharp.concurrency(1)`: one libvips thread per image. The line already bounds how many images are
//   processed at once; with libvips's default (one thread per core) each image would take every core.
// - `sharp.cache(false)`: libvips's operation cache keeps recent images and results (up to 50 MB) to reuse
//   them; every photo is different and processed once, so the cache would only hold memory.
import "server-only";
import sharp from "sharp";
import { ApiError } from "../api/errors";
import { PHOTO_WORK_AT_ONCE, PHOTO_WORK_RETRY_AFTER_SECONDS, PHOTO_WORK_WAITING } from "./limits";

sharp.concurrency(1);
sharp.cache(false);

/** What the line has done since the process started (or since resetPhotoWorkCounts): for tests and the logs. */
export type PhotoWorkCounts = {
  /** Photos decoded (each one that reached sharp's decoder, stored or not). */
  decoded: number;
  /** Posts refused because the line was full. */
  refused: number;
  /** The most posts processed at the same time. */
  peakRunning: number;
};

type Line = { running: number; waiting: (() => void)[]; counts: PhotoWorkCounts };

// One per process, on globalThis: route bundles may each load this module, and two lines would double the bound.
const holder = globalThis as unknown as { __fixwellPhotoWork?: Line };
const line = (): Line => (holder.__fixwellPhotoWork ??= { running: 0, waiting: [], counts: { decoded: 0, refused: 0, peakRunning: 0 } });

export function photoWorkCounts(): PhotoWorkCounts & { running: number; waiting: number } {
  const { counts, running, waiting } = line();
  return { ...counts, running, waiting: waiting.length };
}

export function resetPhotoWorkCounts(): void {
  line().counts = { decoded: 0, refused: 0, peakRunning: 0 };
}

/** Counts one photo handed to the decoder (lib/photos/intake.ts). */
export function countDecoded(): void {
  line().counts.decoded += 1;
}

/** The refusal of a post when the line is full. */
export const photoWorkBusy = () =>
  new ApiError("busy", { key: "photo.busy", values: { seconds: PHOTO_WORK_RETRY_AFTER_SECONDS } }, undefined, { "Retry-After": String(PHOTO_WORK_RETRY_AFTER_SECONDS) });

/** Runs `work` (one post's photos) when its turn comes; 503 `busy` at once when the line is full. */
export async function inPhotoLine<T>(work: () => Promise<T>): Promise<T> {
  const current = line();
  if (current.running < PHOTO_WORK_AT_ONCE) current.running += 1;
  else if (current.waiting.length < PHOTO_WORK_WAITING) await new Promise<void>((turn) => current.waiting.push(turn));
  else {
    current.counts.refused += 1;
    throw photoWorkBusy();
  }
  // A waiting post takes over the place of the one that finished: `running` stays as it was.
  current.counts.peakRunning = Math.max(current.counts.peakRunning, current.running);
  try {
    return await work();
  } finally {
    const next = current.waiting.shift();
    if (next) next();
    else current.running -= 1;
  }
}
