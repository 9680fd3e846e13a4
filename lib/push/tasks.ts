// The deliver-push task's name and key, apart from the worker (./delivery.ts) so the outbox can queue it.
import type { QueuedTask } from "../queue";

export const DELIVER_PUSH = "deliver-push";

/** The task that sends push row `id`; keyed like mail's (lib/mail/delivery.ts) by the attempt it is for. */
export function pushDeliveryTask(id: string, { startAfter, after = 0, lapse = false }: { startAfter?: Date; after?: number; lapse?: boolean } = {}): QueuedTask {
  const singletonKey = lapse ? `${id}:lapse:${after}` : after > 0 ? `${id}:${after}` : id;
  return { name: DELIVER_PUSH, data: { id }, singletonKey, ...(startAfter ? { startAfter } : {}) };
}
