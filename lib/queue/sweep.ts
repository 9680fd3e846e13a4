// A sweep: a task the queue runs on a schedule (and, unless told not to, once when the worker starts)
// to do whatever the tasks queued one by one missed (lost to a crash, a failed send, a process without a
// queue). A singleton queue, so two workers never sweep at once.
import "server-only";
import type { PgBoss } from "pg-boss";

export type Sweep = {
  name: string;
  /** A cron expression, e.g. every minute: "* * * * *". */
  cron: string;
  /** How long one sweep may run. */
  expireInSeconds: number;
  run(): Promise<unknown>;
  /** Whether the worker's start runs it once too (default yes); no for a sweep that mails people, so a restart mails nobody. */
  runAtStart?: boolean;
};

export async function startSweep(boss: PgBoss, sweep: Sweep, { pollingIntervalSeconds }: { pollingIntervalSeconds: number }): Promise<void> {
  await boss.createQueue(sweep.name, { policy: "singleton" });
  await boss.updateQueue(sweep.name, { retryLimit: 0, expireInSeconds: sweep.expireInSeconds, deleteAfterSeconds: 3_600 });
  await boss.work(sweep.name, { pollingIntervalSeconds }, async () => {
    await sweep.run();
  });
  await boss.schedule(sweep.name, sweep.cron);
  if (sweep.runAtStart !== false) await sweep.run();
}
