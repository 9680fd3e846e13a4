// The background worker: the queue (lib/queue) with the handlers of every feature that has background
// work — mail delivery (lib/mail), the expiry of offers nobody answered (lib/requests) and the deletion
// of photos' objects in S3-compatible storage (lib/photos), the mail digests of new messages (lib/messages)
// and the daily insurance check that pauses lapsed handymen and reminds them a week before (lib/handymen),
// and the reconciliation of payments (lib/payments), and the confirmation and release of finished jobs
// (lib/requests/completion.ts), and web pushes (lib/push). A feature
// with new background work adds its handlers here. Started inside the web server by instrumentation.ts,
// or as its own process by `npm run worker` (scripts/worker.ts).
import "server-only";
import { mailDeliveryHandlers, type MailWorkerOptions } from "./mail/delivery-worker";
import { startQueueWorker, startQueueWorkerInProcess, stopQueueWorker, type QueueWorkerOptions } from "./queue";
import { offerExpiryHandlers } from "./requests/offer-expiry-worker";
import { noShowHandlers } from "./requests/no-show-worker";
import { insuranceCheckHandlers } from "./handymen/profile-insurance-worker";
import { photoStorageHandlers } from "./photos/storage-worker";
import { threadDigestHandlers } from "./messages/digest";
import { paymentReconciliationHandlers } from "./payments/worker";
import { jobCompletionHandlers } from "./requests/completion-worker";
import { pushDeliveryHandlers } from "./push/delivery";

export type WorkerOptions = QueueWorkerOptions & MailWorkerOptions;

/** Starts the queue and every feature's handlers in this process (once; later calls share the first start). */
export function startWorker(options: WorkerOptions = {}): Promise<void> {
  return startQueueWorker([mailDeliveryHandlers(options), offerExpiryHandlers(), noShowHandlers(), photoStorageHandlers(), threadDigestHandlers(), insuranceCheckHandlers(), paymentReconciliationHandlers(), jobCompletionHandlers(), pushDeliveryHandlers()], options);
}

/** Stops this process's worker, letting a running task finish (up to 10 s). */
export const stopWorker = stopQueueWorker;

/** For instrumentation.ts: the worker in this server unless WORKER=off, stopped on SIGTERM/SIGINT. */
export function startWorkerInProcess(): void {
  startQueueWorkerInProcess(() => startWorker({ startAttempts: 6 }));
}
