// The worker's side of the insurance check (./profile-insurance.ts): a sweep every day just after
// midnight in the Netherlands (23:05 UTC is 00:05 in winter and 01:05 in summer) and once when the
// worker starts. The check is idempotent, so a missed or repeated run costs nothing. lib/worker.ts
// hands these handlers to the queue.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { checkInsurance } from "./profile-insurance";

const INSURANCE_CHECK = "insurance-check";

export function insuranceCheckHandlers(): QueueHandlers {
  return {
    name: "insurance check",
    async start(boss, { pollingIntervalSeconds }) {
      await startSweep(boss, { name: INSURANCE_CHECK, cron: "5 23 * * *", expireInSeconds: 600, run: () => checkInsurance() }, { pollingIntervalSeconds });
    },
  };
}
