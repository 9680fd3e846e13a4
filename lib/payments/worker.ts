// The worker's side of payments: a reconciliation sweep every minute (and once when the worker starts) that
// asks the provider about payments still open or pending past their time and finishes refunds and releases
// the provider did not answer. lib/worker.ts hands these handlers to the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { reconcilePayments } from ".";

export const RECONCILE_PAYMENTS = "reconcile-payments";

export function paymentReconciliationHandlers(): QueueHandlers {
  return {
    name: "payment reconciliation",
    async start(boss, { pollingIntervalSeconds }) {
      await startSweep(boss, { name: RECONCILE_PAYMENTS, cron: "* * * * *", expireInSeconds: 300, run: () => reconcilePayments() }, { pollingIntervalSeconds });
    },
  };
}
