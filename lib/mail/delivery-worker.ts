// The worker's side of mail delivery: one deliver-mail task per outbox row, keyed by the row's id. The
// row, not the task, is the record of truth: it counts attempts, holds the last error and the time of
// the next attempt, so a lost task costs nothing: the sweep (on start and every minute) queues a task
// for every row that is due and unclaimed. A failed attempt schedules the next one with exponential
// backoff; a refusal that cannot change (a 5xx for the recipient or the message) or the last allowed
// attempt gives up. lib/worker.ts hands these handlers to the queue.
import "server-only";
import type { PgBoss } from "pg-boss";
import type { PrismaClient } from "../generated/prisma/client";
import { sendTasks, type QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { DELIVER_MAIL, mailDeliveryTask } from "./delivery";
import { claimOutboxMessage, findDueOutboxIds, markOutboxSent, pruneOutbox, recordOutboxFailure } from "./outbox";
import { invoiceAttachments } from "../invoices/attachment";
import { createMailTransport, describeMailError, isPermanentMailError, mailTransportConfig, type MailTransport } from "./transport";

const SWEEP_MAIL = "sweep-mail-outbox";

export type MailRetryPolicy = {
  /** Delay before the second attempt; each further attempt waits twice as long. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** Attempts before a mail is given up on. */
  maxAttempts: number;
  /** How long one attempt holds its row; longer than the transport's timeouts together. */
  claimSeconds: number;
};

/**
 * 10 s, 20 s, 40 s … up to an hour between attempts, 15 attempts: about six hours of trying. An attempt
 * holds its row for 30 s (an SMTP send takes seconds; its timeouts together, SMTP_TIMEOUTS_MS, stay
 * below): a worker that dies mid-send costs that mail about 30 s, after which any worker sends it again.
 */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = { retryBaseSeconds: 10, retryMaxSeconds: 3600, maxAttempts: 15, claimSeconds: 30 };

/** The wait after `attempts` failed attempts: doubling from the base, capped, with ±20 % jitter. */
export function retryDelaySeconds(attempts: number, policy: Pick<MailRetryPolicy, "retryBaseSeconds" | "retryMaxSeconds">, random = Math.random): number {
  const exponential = Math.min(policy.retryMaxSeconds, policy.retryBaseSeconds * 2 ** Math.max(0, attempts - 1));
  return exponential * (0.8 + 0.4 * random());
}

export type MailDelivery = {
  db: PrismaClient;
  boss: PgBoss;
  transport: MailTransport;
  policy: MailRetryPolicy;
};

export type DeliveryOutcome = "sent" | "retry" | "failed" | "skipped";

/** Queues a delivery task for each row (after its attempts so far); a row whose task is already queued keeps it. */
async function queueMailDeliveries(boss: PgBoss, rows: readonly { id: string; attempts: number }[], startAfter?: Date): Promise<void> {
  await sendTasks(boss, rows.map(({ id, attempts }) => mailDeliveryTask(id, { startAfter, after: attempts })));
}

/**
 * One attempt at one outbox row. The attempt first queues its own follow-up for when its claim lapses:
 * if this worker dies mid-send (between the SMTP server's acceptance and the record of it, say), any
 * worker takes the row up again then, without waiting for the sweep or for this task's expiry. That
 * mail may then arrive twice (at least once, never lost); a follow-up that finds the row sent does nothing.
 */
async function deliverOutboxMessage({ db, boss, transport, policy }: MailDelivery, id: string): Promise<DeliveryOutcome> {
  const mail = await claimOutboxMessage(db, id, policy.claimSeconds);
  if (!mail) return "skipped";
  const lapse = new Date(Date.now() + (policy.claimSeconds + 1) * 1000);
  await sendTasks(boss, [mailDeliveryTask(id, { startAfter: lapse, after: mail.attempts, lapse: true })]).catch((error: unknown) =>
    console.warn(`[mail] could not queue the follow-up of ${id}; the sweep will catch up: ${describeMailError(error)}`),
  );
  try {
    await transport.deliver({ ...mail, attachments: mail.invoiceId ? await invoiceAttachments(mail.invoiceId) : undefined });
  } catch (error) {
    const reason = describeMailError(error);
    if (isPermanentMailError(error) || mail.attempts >= policy.maxAttempts) {
      await recordOutboxFailure(db, id, reason, null);
      console.error(`[mail] gave up on ${id} "${mail.subject}" after ${mail.attempts} attempt(s): ${reason}`);
      return "failed";
    }
    const nextAttemptAt = await recordOutboxFailure(db, id, reason, retryDelaySeconds(mail.attempts, policy));
    console.warn(`[mail] attempt ${mail.attempts} for ${id} failed, next at ${nextAttemptAt?.toISOString()}: ${reason}`);
    if (nextAttemptAt) await queueMailDeliveries(boss, [{ id, attempts: mail.attempts }], nextAttemptAt);
    return "retry";
  }
  await markOutboxSent(db, id);
  if (transport.kind === "smtp") console.info(`[mail] sent ${id} "${mail.subject}"`);
  return "sent";
}

/** Queues every due, unclaimed row (nudges lost to a crash or a failed send) and forgets old rows. */
async function sweepMailOutbox({ db, boss }: Pick<MailDelivery, "db" | "boss">): Promise<number> {
  const due = await findDueOutboxIds(db);
  await queueMailDeliveries(boss, due);
  await pruneOutbox(db);
  return due.length;
}

export type MailWorkerOptions = Partial<MailRetryPolicy> & {
  /** Where mail goes; by default the transport the environment configures (SMTP_URL or .eml files). */
  transport?: MailTransport;
  /** Mails sent at once by this process. Default 2 on PostgreSQL, 1 on the embedded database. */
  localConcurrency?: number;
};

/** Rows a worker fetches at once. */
export const MAIL_BATCH = 5;

/** The deliver-mail queue and its minutely sweep, for the worker. */
export function mailDeliveryHandlers(options: MailWorkerOptions = {}): QueueHandlers {
  let ownTransport: MailTransport | undefined;
  return {
    name: "mail delivery",
    async start(boss, { connection, pollingIntervalSeconds }) {
      const transport = options.transport ?? (ownTransport = createMailTransport(mailTransportConfig()));
      const policy: MailRetryPolicy = {
        retryBaseSeconds: options.retryBaseSeconds ?? DEFAULT_MAIL_RETRY.retryBaseSeconds,
        retryMaxSeconds: options.retryMaxSeconds ?? DEFAULT_MAIL_RETRY.retryMaxSeconds,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAIL_RETRY.maxAttempts,
        claimSeconds: options.claimSeconds ?? DEFAULT_MAIL_RETRY.claimSeconds,
      };
      const delivery: MailDelivery = { db: connection.prisma, boss, transport, policy };
      const localConcurrency = options.localConcurrency ?? (connection.kind === "pglite" ? 1 : 2);
      // stately: at most one queued and one running task per row, so sweeps and nudges never pile up.
      await boss.createQueue(DELIVER_MAIL, { policy: "stately" });
      // Retries here cover the worker's own failures (the database gone mid-attempt); mail retries are the row's.
      // A task outlives its claim by a little only: a dead worker's task holds nothing for long.
      await boss.updateQueue(DELIVER_MAIL, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: policy.claimSeconds + 15, deleteAfterSeconds: 86_400 });
      // A few rows a fetch, and fetching again at once while fetches come back full: a backlog (a burst of
      // sign-ups, a request offered to many) drains as fast as mail can be sent, not one mail per poll.
      await boss.work<{ id: string }>(DELIVER_MAIL, { pollingIntervalSeconds, localConcurrency, batchSize: MAIL_BATCH, burstWhenBatchFull: true }, async (tasks) => {
        let failure: unknown;
        for (const task of tasks) {
          // One row's failure (the database gone mid-attempt) does not hold up the others; the batch is
          // then retried, and a row already sent is left as it is.
          await deliverOutboxMessage(delivery, task.data.id).catch((error: unknown) => {
            failure ??= error;
          });
        }
        if (failure) throw failure;
      });
      await startSweep(boss, { name: SWEEP_MAIL, cron: "* * * * *", expireInSeconds: 120, run: () => sweepMailOutbox(delivery) }, { pollingIntervalSeconds });
      return `mail leaves ${transport.description}`;
    },
    stop() {
      ownTransport?.close();
      ownTransport = undefined;
    },
  };
}
