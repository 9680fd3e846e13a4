// Background work: a pg-boss queue on the app's database (PostgreSQL, or the embedded PGlite database)
// and its workers: mail delivery (./deliver-mail.ts) and the expiry of offers nobody answered
// (./expire-offers.ts). The worker runs inside the web
// server, started by instrumentation.ts, or as its own process (`npm run worker`, with WORKER=off on
// the web servers); on the embedded database it always runs inside the server, which owns the folder.
// One queue and one worker per process, kept on globalThis like the database connection.
import "server-only";
import type { PgBoss } from "pg-boss";
import { getConnection } from "../db";
import { describeDatabaseError } from "../db/errors";
import { env } from "../env";
import { createMailTransport, mailTransportConfig, type MailTransport } from "../mail/transport";
import { createBoss } from "./boss";
import { DEFAULT_MAIL_RETRY, queueMailDeliveries, startMailWorkers, type MailRetryPolicy } from "./deliver-mail";
import { queueOfferExpiry, startOfferExpiryWorkers } from "./expire-offers";

type JobsState = {
  boss?: Promise<PgBoss>;
  worker?: Promise<void>;
  /** Closed on stop when the worker made it (not when a caller passed its own). */
  ownTransport?: MailTransport;
};

const store = globalThis as unknown as { __fixwellJobs?: JobsState; __fixwellJobsSignals?: boolean };
const state = (): JobsState => (store.__fixwellJobs ??= {});

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

export type JobWorkerOptions = Partial<MailRetryPolicy> & {
  /** Where mail goes; by default the transport the environment configures (SMTP_URL or .eml files). */
  transport?: MailTransport;
  /** How often idle workers look for due jobs, in seconds (at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Mails sent at once by this process. Default 2 on PostgreSQL, 1 on the embedded database. */
  localConcurrency?: number;
  /** Tries at starting the queue, waiting 1 s, 2 s, 4 s … between them. Default 1. */
  startAttempts?: number;
};

/** Starts the queue and the mail worker in this process (once; later calls share the first start). */
export function startJobWorker(options: JobWorkerOptions = {}): Promise<void> {
  const current = state();
  if (!current.worker) {
    const starting = (async () => {
      const started = performance.now();
      const boss = await startBoss(options.startAttempts);
      const connection = await getConnection();
      const transport = options.transport ?? (current.ownTransport = createMailTransport(mailTransportConfig()));
      const policy: MailRetryPolicy = {
        retryBaseSeconds: options.retryBaseSeconds ?? DEFAULT_MAIL_RETRY.retryBaseSeconds,
        retryMaxSeconds: options.retryMaxSeconds ?? DEFAULT_MAIL_RETRY.retryMaxSeconds,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAIL_RETRY.maxAttempts,
        claimSeconds: options.claimSeconds ?? DEFAULT_MAIL_RETRY.claimSeconds,
      };
      await startMailWorkers(
        { db: connection.prisma, boss, transport, policy },
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          localConcurrency: options.localConcurrency ?? (connection.kind === "pglite" ? 1 : 2),
        },
      );
      await startOfferExpiryWorkers(boss, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 });
      const database = connection.kind === "pglite" ? "the embedded database" : "PostgreSQL";
      console.info(`[jobs] worker started on ${database} in ${Math.round(performance.now() - started)} ms; mail leaves ${transport.description}`);
    })();
    current.worker = starting;
    starting.catch(() => {
      if (current.worker === starting) current.worker = undefined;
    });
  }
  return current.worker;
}

/** Stops this process's queue and workers, letting a running delivery finish (up to 10 s). */
export async function stopJobWorker(): Promise<void> {
  const stopping = store.__fixwellJobs;
  store.__fixwellJobs = undefined;
  if (!stopping) return;
  await stopping.worker?.catch(() => undefined);
  const boss = await stopping.boss?.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: 10_000, close: true });
  stopping.ownTransport?.close();
}

/**
 * Asks the worker to send queued mail now; call it after the transaction that queued the mail has
 * committed. It never throws: if the queue cannot be reached, the mail waits in the outbox for the
 * sweep (at the worker's start and every minute). A process without a queue (a script, a test that
 * started no worker) leaves the mail to that sweep too; with WORKER=off the web server still queues.
 */
export async function nudgeMailDelivery(ids: string | readonly string[]): Promise<void> {
  const list = typeof ids === "string" ? [ids] : ids;
  if (list.length === 0) return;
  const boss = state().boss ?? (env().WORKER === "off" ? startBoss() : undefined);
  if (!boss) return;
  try {
    await queueMailDeliveries(await boss, list);
  } catch (error) {
    console.warn(`[jobs] could not queue mail ${list.join(", ")}; the sweep will send it: ${describeDatabaseError(error)}`);
  }
}

/**
 * Queues the expiry of an offer for its deadline; call it after the transaction that made the offer has
 * committed. Like nudgeMailDelivery it never throws: without a queue, or when the queue cannot be
 * reached, the sweep (at the worker's start and every five minutes) expires the offer instead.
 */
export async function scheduleOfferExpiry(offerId: string, expiresAt: Date): Promise<void> {
  const boss = state().boss ?? (env().WORKER === "off" ? startBoss() : undefined);
  if (!boss) return;
  try {
    await queueOfferExpiry(await boss, offerId, expiresAt);
  } catch (error) {
    console.warn(`[jobs] could not queue the expiry of offer ${offerId}; the sweep will expire it: ${describeDatabaseError(error)}`);
  }
}

/**
 * For instrumentation.ts: starts the worker in the background unless WORKER=off, and stops it on
 * SIGTERM/SIGINT. A start that fails is logged; the mail it would have sent stays queued.
 */
export function startWorkerInProcess(): void {
  if (env().WORKER === "off") {
    console.info("[jobs] WORKER=off: this server queues work and `npm run worker` does it");
    return;
  }
  startJobWorker({ startAttempts: 6 }).catch((error: unknown) => {
    console.error(`[jobs] the worker did not start, queued mail waits for the next start: ${describeDatabaseError(error)}`);
  });
  if (!store.__fixwellJobsSignals) {
    store.__fixwellJobsSignals = true;
    const stop = () => {
      stopJobWorker().catch((error: unknown) => console.error(`[jobs] stopping: ${describeDatabaseError(error)}`));
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}
