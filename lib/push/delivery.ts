// The worker's side of web push, built like mail's (lib/mail/delivery-worker.ts): one deliver-push task per
// outbox row; the row counts attempts and holds the next one's time, so a lost task costs nothing (a sweep
// every minute queues what is due). A push service that hangs is cut off after PUSH_TIMEOUT_MS and tried
// again with backoff; a 404/410 removes the device; a refusal that cannot change gives up.
import "server-only";
import type { PgBoss } from "pg-boss";
import type { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";
import { retryDelaySeconds } from "../mail/delivery-worker";
import { sendTasks, type QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { claimPush, findDuePushIds, markPushSent, prunePushOutbox, recordPushFailure, removeGoneSubscription } from "./outbox";
import { sendPush } from "./send";
import { localEndpointsAllowed } from "./subscriptions";
import { DELIVER_PUSH, pushDeliveryTask } from "./tasks";
import { vapidKeys } from "./vapid";

const SWEEP_PUSH = "sweep-push-outbox";

export type PushRetryPolicy = { retryBaseSeconds: number; retryMaxSeconds: number; maxAttempts: number; claimSeconds: number; /** How long a push service may take to answer. */ timeoutMs: number };

/** 10 s, 20 s, 40 s … up to 30 minutes, 10 attempts (a few hours); an attempt holds its row for the timeout and 20 s more. */
export function defaultPushRetry(timeoutMs = env().PUSH_TIMEOUT_MS): PushRetryPolicy {
  return { retryBaseSeconds: 10, retryMaxSeconds: 1800, maxAttempts: 10, claimSeconds: Math.ceil(timeoutMs / 1000) + 20, timeoutMs };
}

export type PushOutcome = "sent" | "gone" | "retry" | "failed" | "skipped";

/** One attempt at one row. */
export async function deliverPush(db: PrismaClient, boss: PgBoss | null, id: string, policy: PushRetryPolicy = defaultPushRetry()): Promise<PushOutcome> {
  const keys = vapidKeys();
  if (!keys) return "skipped";
  const push = await claimPush(db, id, policy.claimSeconds);
  if (!push) return "skipped";
  if (boss) {
    const lapse = new Date(Date.now() + (policy.claimSeconds + 1) * 1000);
    await sendTasks(boss, [pushDeliveryTask(id, { startAfter: lapse, after: push.attempts, lapse: true })]).catch(() => undefined);
  }
  const result = await sendPush(push, push.payload, keys, { timeoutMs: policy.timeoutMs, allowLocal: localEndpointsAllowed() });
  if (result.kind === "sent") {
    await markPushSent(db, push);
    return "sent";
  }
  if (result.kind === "gone") {
    await removeGoneSubscription(db, push.subscriptionId);
    console.info(`[push] the push service answered ${result.status}: a device lost its subscription and was removed`);
    return "gone";
  }
  if (result.kind === "refused" || push.attempts >= policy.maxAttempts) {
    await recordPushFailure(db, id, result.detail, null);
    console.error(`[push] gave up on ${id} after ${push.attempts} attempt(s): ${result.detail}`);
    return "failed";
  }
  const next = await recordPushFailure(db, id, result.detail, retryDelaySeconds(push.attempts, policy));
  console.warn(`[push] attempt ${push.attempts} for ${id} failed, next at ${next?.toISOString()}: ${result.detail}`);
  if (next && boss) await sendTasks(boss, [pushDeliveryTask(id, { startAfter: next, after: push.attempts })]).catch(() => undefined);
  return "retry";
}

async function sweepPushOutbox(db: PrismaClient, boss: PgBoss): Promise<number> {
  const due = await findDuePushIds(db);
  await sendTasks(boss, due.map(({ id, attempts }) => pushDeliveryTask(id, { after: attempts })));
  await prunePushOutbox(db);
  return due.length;
}

/** The deliver-push queue and its minutely sweep, for the worker (lib/worker.ts). */
export function pushDeliveryHandlers(options: Partial<PushRetryPolicy> = {}): QueueHandlers {
  return {
    name: "push delivery",
    async start(boss, { connection, pollingIntervalSeconds }) {
      const policy = { ...defaultPushRetry(), ...options };
      const db = connection.prisma;
      await boss.createQueue(DELIVER_PUSH, { policy: "stately" });
      await boss.updateQueue(DELIVER_PUSH, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: policy.claimSeconds + 15, deleteAfterSeconds: 86_400 });
      await boss.work<{ id: string }>(DELIVER_PUSH, { pollingIntervalSeconds, localConcurrency: connection.kind === "pglite" ? 1 : 2, batchSize: 5 }, async (tasks) => {
        let failure: unknown;
        for (const task of tasks) {
          await deliverPush(db, boss, task.data.id, policy).catch((error: unknown) => {
            failure ??= error;
          });
        }
        if (failure) throw failure;
      });
      await startSweep(boss, { name: SWEEP_PUSH, cron: "* * * * *", expireInSeconds: 120, run: () => sweepPushOutbox(db, boss) }, { pollingIntervalSeconds });
      return vapidKeys() ? "web push on" : "web push off: no VAPID keys";
    },
  };
}
