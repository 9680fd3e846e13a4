// The queue: pg-boss on the app's database (PostgreSQL, or the embedded PGlite database), the worker
// that runs queued tasks, the after-commit hook (./after-commit.ts) and periodic sweeps (./sweep.ts).
// It knows no feature: each feature with background work hands the worker its handlers at start
// (lib/worker.ts gathers them) and queues its own tasks by name. The worker runs inside the web server,
// started by instrumentation.ts, or as its own process (`npm run worker`, with WORKER=off on the web
// servers); on the embedded database it always runs inside the server, which owns the folder.
// One queue and one worker per process, kept on globalThis like the database connection.
import "server-only";
import type { PgBoss } from "pg-boss";
import { getConnection } from "../db";
import type { Connection } from "../db/connect";
import { describeDatabaseError } from "../db/errors";
import { env } from "../env";
import { createBoss } from "./boss";

/** A task to queue: the queue's name, its data, and pg-boss's options for it. */
export type QueuedTask = {
  name: string;
  data: object;
  /** A task whose key is already queued is not queued twice (on "stately" and "singleton" queues). */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
};

export type WorkerContext = {
  connection: Connection;
  /** How often idle handlers look for due tasks, in seconds. */
  pollingIntervalSeconds: number;
};

/** One feature's background work: creates its queues and starts their handlers on the worker. */
export type QueueHandlers = {
  /** For the log, e.g. "mail delivery". */
  name: string;
  /** Creates the queues and starts their handlers; what it returns is added to the start's log line. */
  start(boss: PgBoss, context: WorkerContext): Promise<string | void>;
  /** Frees what start made (called once the queue has stopped). */
  stop?(): void | Promise<void>;
};

export type QueueWorkerOptions = {
  /** How often idle handlers look for due tasks, in seconds (at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Tries at starting the queue, waiting 1 s, 2 s, 4 s … between them. Default 1. */
  startAttempts?: number;
};

type QueueState = {
  boss?: Promise<PgBoss>;
  worker?: Promise<void>;
  handlers?: readonly QueueHandlers[];
};

const store = globalThis as unknown as { __fixwellQueue?: QueueState; __fixwellQueueSignals?: boolean };
const state = (): QueueState => (store.__fixwellQueue ??= {});

/** Starts this process's queue once; a failed start is forgotten, so the next call tries again. */
function startBoss(attempts = 1): Promise<PgBoss> {
  const current = state();
  if (!current.boss) {
    const starting = (async () => {
      const boss = createBoss(await getConnection(), env().DATABASE_URL);
      await boss.start({ attempts });
      return boss;
    })();
    current.boss = starting;
    starting.catch(() => {
      if (current.boss === starting) current.boss = undefined;
    });
  }
  return current.boss;
}

/** Starts the queue and the given handlers in this process (once; later calls share the first start). */
export function startQueueWorker(handlers: readonly QueueHandlers[], options: QueueWorkerOptions = {}): Promise<void> {
  const current = state();
  if (!current.worker) {
    current.handlers = handlers;
    const starting = (async () => {
      const started = performance.now();
      const boss = await startBoss(options.startAttempts);
      const context: WorkerContext = { connection: await getConnection(), pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      const parts: string[] = [];
      for (const handler of handlers) {
        const detail = await handler.start(boss, context);
        parts.push(detail ? `${handler.name} (${detail})` : handler.name);
      }
      const database = context.connection.kind === "pglite" ? "the embedded database" : "PostgreSQL";
      console.info(`[queue] worker started on ${database} in ${Math.round(performance.now() - started)} ms: ${parts.join(", ")}`);
    })();
    current.worker = starting;
    starting.catch(() => {
      if (current.worker === starting) current.worker = undefined;
    });
  }
  return current.worker;
}

/** Stops this process's queue and worker, letting a running task finish (up to 10 s). */
export async function stopQueueWorker(): Promise<void> {
  const stopping = store.__fixwellQueue;
  store.__fixwellQueue = undefined;
  if (!stopping) return;
  await stopping.worker?.catch(() => undefined);
  const boss = await stopping.boss?.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: 10_000, close: true });
  for (const handler of stopping.handlers ?? []) await handler.stop?.();
}

/**
 * Queues tasks; call it after the transaction that made them needed has committed. It never throws:
 * every feature that queues keeps a sweep that finds what a lost task would have done, so a queue that
 * cannot be reached only delays the work. A process without a queue (a script, a test that started no
 * worker) leaves the work to those sweeps too; with WORKER=off the web server still queues.
 */
export async function enqueue(tasks: readonly QueuedTask[]): Promise<void> {
  if (tasks.length === 0) return;
  const boss = state().boss ?? (env().WORKER === "off" ? startBoss() : undefined);
  if (!boss) return;
  try {
    await sendTasks(await boss, tasks);
  } catch (error) {
    const names = tasks.map((task) => `${task.name} ${task.singletonKey ?? ""}`.trim()).join(", ");
    console.warn(`[queue] could not queue ${names}; the sweep will catch up: ${describeDatabaseError(error)}`);
  }
}

/** Sends tasks on a running queue (for handlers, which hold it); throws when the queue does. */
export async function sendTasks(boss: PgBoss, tasks: readonly QueuedTask[]): Promise<void> {
  for (const { name, data, singletonKey, startAfter } of tasks) {
    await boss.send(name, data, { ...(singletonKey ? { singletonKey } : {}), ...(startAfter ? { startAfter } : {}) });
  }
}

/**
 * For instrumentation.ts: starts the worker in the background unless WORKER=off, and stops it on
 * SIGTERM/SIGINT. A start that fails is logged; the work it would have done stays queued.
 */
export function startQueueWorkerInProcess(start: () => Promise<void>): void {
  if (env().WORKER === "off") {
    console.info("[queue] WORKER=off: this server queues work and `npm run worker` does it");
    return;
  }
  start().catch((error: unknown) => {
    console.error(`[queue] the worker did not start, queued work waits for the next start: ${describeDatabaseError(error)}`);
  });
  if (!store.__fixwellQueueSignals) {
    store.__fixwellQueueSignals = true;
    const stop = () => {
      stopQueueWorker().catch((error: unknown) => console.error(`[queue] stopping: ${describeDatabaseError(error)}`));
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}
