// The warm-up: once, as a server process starts (instrumentation.ts), it opens the database pool and asks
// its own hot routes over loopback, so the first visitors do not pay for loading handlers, opening
// connections and filling caches (issue: a restarted instance's first requests took 2.6–2.8 s). Until it
// has finished, /api/health/ready answers 503 {"status":"warming"} (lib/db/readiness.ts); a warm-up that
// has not finished within WARM_UP_BOUND_MS, or whose requests fail, marks the process warm anyway and
// says so in the log: a stuck warm-up never keeps an instance out of a balance.
//
// Its requests are anonymous GETs of public pages and one public API read: none of them counts an
// attempt against a limit (limits count sign-ins, sign-ups and writes), opens a session or writes a row.
// They carry WARM_UP_USER_AGENT. Nothing outside the process can start a warm-up: it runs once, at start.

/** The routes a warm-up asks, in order: the pages and API read most visitors reach first. */
export const WARM_UP_PATHS = ["/", "/nl", "/job-openings", "/nl/job-openings", "/login", "/nl/login", "/api/job-openings"] as const;

/** How long a warm-up may take before the process is ready anyway. */
export const WARM_UP_BOUND_MS = 60_000;

/** How long one warm-up request may take (a slower route is logged and the next one asked). */
const WARM_UP_REQUEST_TIMEOUT_MS = 15_000;

/** What /api/health/ready's Retry-After says while a warm-up runs, in seconds. */
export const WARMING_RETRY_AFTER_SECONDS = 2;

export const WARM_UP_USER_AGENT = "fixwell-warm-up";

type WarmUpPhase = "warming" | "warm";

// One state per process, on globalThis: instrumentation.ts and the route handlers are separate bundles,
// each with its own copy of this module.
const holder = globalThis as unknown as { __fixwellWarmUp?: WarmUpPhase };

/** False while this process's warm-up runs; true once it has ended, and in a process that never started one. */
export function isWarm(): boolean {
  return holder.__fixwellWarmUp !== "warming";
}

export type WarmUpLog = { info(message: string): void; warn(message: string): void };

export type WarmUpOptions = {
  /** The server's own address, e.g. http://127.0.0.1:3000. */
  origin: string;
  /** Opens the database pool (one round trip through it). */
  openDatabase: () => Promise<unknown>;
  paths?: readonly string[];
  boundMs?: number;
  requestTimeoutMs?: number;
  log?: WarmUpLog;
};

export type WarmUpReport = {
  /** Routes that answered (any status below 500). */
  answered: number;
  /** What failed: the database, or a route with its status or error. */
  failures: string[];
  /** True when the bound ended the warm-up before it finished. */
  late: boolean;
  ms: number;
};

const consoleLog: WarmUpLog = { info: (message) => console.log(message), warn: (message) => console.warn(message) };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Warms this process: opens the database pool, then asks each path in turn, reading every answer to its
 * end. The process is warming from the call on and warm when this settles, which is within `boundMs`
 * whatever the routes do. Never rejects.
 */
export async function warmUp(options: WarmUpOptions): Promise<WarmUpReport> {
  const { origin, openDatabase, paths = WARM_UP_PATHS, boundMs = WARM_UP_BOUND_MS, requestTimeoutMs = WARM_UP_REQUEST_TIMEOUT_MS, log = consoleLog } = options;
  holder.__fixwellWarmUp = "warming";
  const startedAt = Date.now();
  const stop = new AbortController();
  const failures: string[] = [];
  let answered = 0;

  const work = async () => {
    try {
      await openDatabase();
    } catch (error) {
      failures.push(`database: ${describe(error)}`);
    }
    for (const path of paths) {
      if (stop.signal.aborted) return;
      try {
        const response = await fetch(new URL(path, origin), {
          headers: { "user-agent": WARM_UP_USER_AGENT, accept: path.startsWith("/api/") ? "application/json" : "text/html" },
          redirect: "manual",
          cache: "no-store",
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(requestTimeoutMs)]),
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${path}: ${response.status}`);
        else answered += 1;
      } catch (error) {
        if (!stop.signal.aborted) failures.push(`${path}: ${describe(error)}`);
      }
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), boundMs);
  });
  const outcome = await Promise.race([work().then(() => "done" as const), bound]);
  clearTimeout(timer);
  stop.abort();

  const report: WarmUpReport = { answered, failures, late: outcome === "late", ms: Date.now() - startedAt };
  for (const failure of failures) log.warn(`[warm-up] ${failure}`);
  if (report.late) log.warn(`[warm-up] not finished within ${boundMs / 1000} s; ready anyway`);
  // Logged before the process says ready, so whoever sees ready can find this line.
  log.info(`[warm-up] warm after ${report.ms} ms: ${answered} of ${paths.length} routes answered`);
  holder.__fixwellWarmUp = "warm";
  return report;
}

/**
 * For instrumentation.ts: warms this server in the background, at its own address as `next start` (or the
 * standalone server) recorded it once listening. Without one (no server here) there is nothing to warm.
 */
export function startWarmUp(openDatabase: () => Promise<unknown>): void {
  const origin = process.env.__NEXT_PRIVATE_ORIGIN || (process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : undefined);
  if (!origin) return;
  void warmUp({ origin, openDatabase });
}
