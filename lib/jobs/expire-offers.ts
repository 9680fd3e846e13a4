// Offers nobody answered: one expire-offer job per offer, due at its deadline, and a sweep every five
// minutes (and once when the worker starts) for any offer past its deadline whose job was lost, so a
// restart, a crash or a failed send costs nothing but a few minutes. The offer row is the record of
// truth: expiring is a conditional update (lib/requests/workflow.ts), so a job that runs twice, late or
// after the handyman answered does nothing.
import "server-only";
import type { PgBoss } from "pg-boss";

export const EXPIRE_OFFER = "expire-offer";
export const SWEEP_OFFERS = "sweep-expired-offers";

/** Queues the expiry of one offer for its deadline; an offer that already has a queued job keeps it. */
export async function queueOfferExpiry(boss: PgBoss, offerId: string, expiresAt: Date): Promise<void> {
  await boss.send(EXPIRE_OFFER, { offerId }, { singletonKey: offerId, startAfter: expiresAt });
}

/** Expires every offer past its deadline; the number expired. */
async function sweepExpiredOffers(): Promise<number> {
  // Imported when the job runs: the request workflow queues these jobs itself, through lib/jobs.
  const { expireDueOffers } = await import("../requests/workflow");
  return expireDueOffers();
}

/** Creates the queues, starts their workers and the sweep every five minutes, and sweeps once now. */
export async function startOfferExpiryWorkers(boss: PgBoss, { pollingIntervalSeconds }: { pollingIntervalSeconds: number }): Promise<void> {
  await boss.createQueue(EXPIRE_OFFER, { policy: "stately" });
  await boss.updateQueue(EXPIRE_OFFER, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400 });
  await boss.createQueue(SWEEP_OFFERS, { policy: "singleton" });
  await boss.updateQueue(SWEEP_OFFERS, { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3_600 });

  await boss.work<{ offerId: string }>(EXPIRE_OFFER, { pollingIntervalSeconds }, async ([job]) => {
    const { expireOffer } = await import("../requests/workflow");
    await expireOffer(job.data.offerId);
  });
  await boss.work(SWEEP_OFFERS, { pollingIntervalSeconds }, async () => {
    await sweepExpiredOffers();
  });
  await boss.schedule(SWEEP_OFFERS, "*/5 * * * *");
  await sweepExpiredOffers();
}
