// A payment that changed tells the pages open on its request, on every server: the order page keeps one
// live stream for its conversations (components/messages/thread-live.tsx), which reads the page again on
// any event, so an event on the request's threads brings "Paid, held until the job is done" to a page open
// on another server within moments of the webhook. The event names no amount: the page reads the payment
// as its reader may see it.
import "server-only";
import { getDb } from "../db";
import { publishThreadEvent } from "../messages/live";

/** The event's data: not a message id, so a page only reads itself again. */
export const PAYMENT_EVENT = "payment";

export async function announcePaymentChange(requestId: string): Promise<void> {
  try {
    const threads = await (await getDb()).messageThread.findMany({ where: { requestId }, select: { id: true } });
    for (const { id } of threads) await publishThreadEvent(id, PAYMENT_EVENT);
  } catch (error) {
    // The page reads the payment on its next load anyway; a lost announcement must not fail the webhook.
    console.warn(`[payments] could not announce a payment change on request ${requestId}: ${(error as Error).message}`);
  }
}
