// The worker's side of reported no-shows (./no-show.ts): a settle-no-show task per no-show, due when the
// homeowner's window to object ends, and a sweep every five minutes (and once when the worker starts) for any
// no-show past its window whose task was lost, so a restart costs nothing but a few minutes. The no-show row
// is the record of truth: settling is a conditional update, so a task that runs twice, late or after an
// objection does nothing. lib/worker.ts hands these handlers to the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { SETTLE_NO_SHOW, settleDueNoShows, settleNoShow } from "./no-show";

const SWEEP_NO_SHOWS = "sweep-no-shows";

export function noShowHandlers(): QueueHandlers {
  return {
    name: "no-shows",
    async start(boss, { pollingIntervalSeconds }) {
      await boss.createQueue(SETTLE_NO_SHOW, { policy: "stately" });
      await boss.updateQueue(SETTLE_NO_SHOW, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400 });
      await boss.work<{ noShowId: string }>(SETTLE_NO_SHOW, { pollingIntervalSeconds }, async ([task]) => {
        await settleNoShow(task.data.noShowId);
      });
      await startSweep(boss, { name: SWEEP_NO_SHOWS, cron: "*/5 * * * *", expireInSeconds: 300, run: settleDueNoShows }, { pollingIntervalSeconds });
    },
  };
}
