// The worker's side of finished jobs: a sweep every minute (and once when the worker starts) that confirms
// jobs nobody confirmed within 48 hours of "done" and releases the payments of confirmed jobs that wait, and
// settles cancelled jobs' money that waits (a late fee for a payout account, a refund never asked for).
// lib/worker.ts hands these handlers to the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { completeJobs } from "./completion";
import { refundPaidAfterCancel, settleDueCancellations } from "./cancellation";

export const COMPLETE_JOBS = "complete-jobs";

export function jobCompletionHandlers(): QueueHandlers {
  return {
    name: "job completion",
    async start(boss, { pollingIntervalSeconds }) {
      await startSweep(boss, { name: COMPLETE_JOBS, cron: "* * * * *", expireInSeconds: 300, run: async () => ({ ...(await completeJobs()), cancellationsSettled: await settleDueCancellations(), paidAfterCancelRefunded: await refundPaidAfterCancel() }) }, { pollingIntervalSeconds });
    },
  };
}
