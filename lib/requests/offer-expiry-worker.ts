// The worker's side of offer expiry: an expire-offer task per offer, due at its deadline, and a sweep
// every five minutes (and once when the worker starts) for any offer past its deadline whose task was
// lost, so a restart, a crash or a failed send costs nothing but a few minutes. The offer row is the
// record of truth: expiring is a conditional update (./workflow.ts), so a task that runs twice, late or
// after the handyman answered does nothing. lib/worker.ts hands these handlers to the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { EXPIRE_OFFER } from "./offer-expiry";
import { expireDueOffers, expireOffer } from "./workflow";

const SWEEP_OFFERS = "sweep-expired-offers";

/** The expire-offer queue and its sweep every five minutes, for the worker. */
export function offerExpiryHandlers(): QueueHandlers {
  return {
    name: "offer expiry",
    async start(boss, { pollingIntervalSeconds }) {
      await boss.createQueue(EXPIRE_OFFER, { policy: "stately" });
      await boss.updateQueue(EXPIRE_OFFER, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400 });
      await boss.work<{ offerId: string }>(EXPIRE_OFFER, { pollingIntervalSeconds }, async ([task]) => {
        await expireOffer(task.data.offerId);
      });
      await startSweep(boss, { name: SWEEP_OFFERS, cron: "*/5 * * * *", expireInSeconds: 300, run: expireDueOffers }, { pollingIntervalSeconds });
    },
  };
}
