// Sending queued mail now rather than at the next sweep: each outbox row has a deliver-mail task on the
// queue (lib/queue), keyed by the row's id, queued once the transaction that wrote the row has
// committed. The worker's side is ./delivery-worker.ts.
import "server-only";
import { enqueue, type QueuedTask } from "../queue";
import type { AfterCommit } from "../queue/after-commit";
import type { MailMessage } from "./messages";
import { enqueueMail, type EnqueueOptions, type MailTransaction } from "./outbox";

export const DELIVER_MAIL = "deliver-mail";

/**
 * The task that sends outbox row `id`; a row that already has one queued under the same key keeps it.
 * The key names the attempt it is for (`after` attempts made): a task stuck with a worker that died
 * holds its own key only, so the next attempt's task is never held up behind it.
 */
export function mailDeliveryTask(id: string, { startAfter, after = 0, lapse = false }: { startAfter?: Date; after?: number; lapse?: boolean } = {}): QueuedTask {
  const singletonKey = lapse ? `${id}:lapse:${after}` : after > 0 ? `${id}:${after}` : id;
  return { name: DELIVER_MAIL, data: { id }, singletonKey, ...(startAfter ? { startAfter } : {}) };
}

/**
 * Asks the worker to send queued mail now; call it after the transaction that queued the mail has
 * committed. It never throws: if the queue cannot be reached, the mail waits in the outbox for the
 * sweep (at the worker's start and every minute).
 */
export async function nudgeMailDelivery(ids: string | readonly string[]): Promise<void> {
  const list = typeof ids === "string" ? [ids] : ids;
  await enqueue(list.map((id) => mailDeliveryTask(id)));
}

/** Queues `message` in the caller's transaction and has it sent once that transaction has committed. */
export async function queueMail(tx: MailTransaction, after: AfterCommit, message: MailMessage, options?: EnqueueOptions): Promise<{ id: string }> {
  const queued = await enqueueMail(tx, message, options);
  after.send(mailDeliveryTask(queued.id));
  return queued;
}
