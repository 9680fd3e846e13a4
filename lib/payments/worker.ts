// The worker's side of payments: a reconciliation sweep every minute (and once when the worker starts) that
// asks the provider about payments still open or pending past their time and finishes refunds and releases
// the provider did not answer; and a daily sweep (never at the worker's start, so restarting servers mails
// nobody) that mails handymen the day commission starts, while it is ahead (./commission-notice.ts). lib/worker.ts hands these handlers to
// the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { reconcilePayments } from ".";
import { announceCommission } from "./commission-notice";

export const RECONCILE_PAYMENTS = "reconcile-payments";
export const ANNOUNCE_COMMISSION = "announce-commission";

export function paymentReconciliationHandlers(): QueueHandlers {
  return {
    name: "payment reconciliation",
    async start(boss, { pollingIntervalSeconds }) {
      await startSweep(boss, { name: RECONCILE_PAYMENTS, cron: "* * * * *", expireInSeconds: 300, run: () => reconcilePayments() }, { pollingIntervalSeconds });
      // 08:00 UTC: the morning in the Netherlands, summer and winter.
      await startSweep(boss, { name: ANNOUNCE_COMMISSION, cron: "0 8 * * *", expireInSeconds: 600, run: () => announceCommission(), runAtStart: false }, { pollingIntervalSeconds });
    },
  };
}
