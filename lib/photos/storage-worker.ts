// The worker's side of photo storage: a sweep every ten minutes (and once when the worker starts) deletes
// the S3 objects of photos whose rows are gone, in case the deletion right after the change failed
// (storage unreachable, a crash). Without STORAGE_URL it finds nothing to do. lib/worker.ts starts it.
import "server-only";
import type { QueueHandlers } from "../queue";
import { startSweep } from "../queue/sweep";
import { purgeDeletedPhotoObjects } from "./storage";

export function photoStorageHandlers(): QueueHandlers {
  return {
    name: "photo storage",
    async start(boss, { pollingIntervalSeconds }) {
      await startSweep(boss, { name: "sweep-photo-objects", cron: "*/10 * * * *", expireInSeconds: 600, run: () => purgeDeletedPhotoObjects(1_000) }, { pollingIntervalSeconds });
    },
  };
}
