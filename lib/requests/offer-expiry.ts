// Offers nobody answered expire at their deadline through the queue (lib/queue): one expire-offer task
// per offer, queued once the transaction that made the offer has committed. The worker's side is
// ./offer-expiry-worker.ts.
import "server-only";
import type { QueuedTask } from "../queue";

export const EXPIRE_OFFER = "expire-offer";

/** The task that expires `offer` at its deadline; an offer that already has one queued keeps it. */
export function offerExpiryTask(offer: { id: string; expiresAt: Date }): QueuedTask {
  return { name: EXPIRE_OFFER, data: { offerId: offer.id }, singletonKey: offer.id, startAfter: offer.expiresAt };
}
