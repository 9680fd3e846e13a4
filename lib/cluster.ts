// What running several instances of the app side by side (npm run start:cluster) needs from the
// environment: one store every instance shares for each kind of state.
import type { Env } from "./env";

/** Why these settings cannot run `count` instances side by side, or null when they can. */
export function clusterProblem(env: Pick<Env, "DATABASE_URL" | "REDIS_URL" | "RATE_LIMIT_STORE">, count: number): string | null {
  if (count <= 1) return null;
  if (!env.DATABASE_URL) {
    return "the embedded database (PGlite) belongs to one process: set DATABASE_URL to a PostgreSQL server, or INSTANCES=1";
  }
  if (!env.REDIS_URL) return "the instances share Next.js's cache through Redis: set REDIS_URL, or INSTANCES=1";
  if (env.RATE_LIMIT_STORE === "memory") {
    return "sign-in attempts counted in each instance's memory would allow ten in each: set RATE_LIMIT_STORE=redis (or postgres)";
  }
  return null;
}

/**
 * The V8 heap limit each server process gets (npm start, npm run start:cluster), in MB. Measured: the
 * live heap after a full collection stays near 140 MB under load, but with V8's default limit on a
 * large machine (about 4 GB) the old generation fills with garbage between full collections and the
 * process settles near 950 MB; at 384 MB it settles near 590 MB with the same requests per second
 * (docs/performance.md, "Memory"). SERVER_HEAP_MB changes it; an operator's own NODE_OPTIONS come after and win.
 */
export const DEFAULT_SERVER_HEAP_MB = 384;

/**
 * The size of each half of V8's young generation, in MB. V8 sizes it from the machine's memory, and on
 * a 24 GiB machine a server kept about 90 MB more resident than with 16 MB halves, for the same
 * requests per second; 8 MB or 4 MB halves saved little more and cost about 15–20% of the signed-in
 * API's rate (docs/performance.md, "Memory"). An operator's NODE_OPTIONS win.
 */
export const SERVER_SEMI_SPACE_MB = 16;

export function serverNodeOptions(env: Record<string, string | undefined>): string {
  const raw = env.SERVER_HEAP_MB;
  const heapMb = raw === undefined || raw === "" ? DEFAULT_SERVER_HEAP_MB : Number(raw);
  if (!Number.isInteger(heapMb) || heapMb < 128 || heapMb > 65_536) {
    throw new Error(`SERVER_HEAP_MB must be a whole number of megabytes from 128 to 65536, not "${raw}"`);
  }
  return [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`, env.NODE_OPTIONS?.trim()].filter(Boolean).join(" ");
}

/**
 * How long each instance keeps an idle keep-alive connection open, in ms (start:cluster passes it to
 * `next start --keepAliveTimeout`; Node's own default is the same 5 s). A reverse proxy must close its
 * idle connections to the instances sooner, or it sends requests onto connections the instance is
 * closing and gets resets: deploy/nginx.conf's upstream `keepalive_timeout` is 4 s, and
 * tests/unit/nginx-site-config.test.ts holds the two in that order.
 */
export const SERVER_KEEP_ALIVE_TIMEOUT_MS = 5_000;
