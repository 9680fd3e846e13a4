// A reported no-show is settled through the job queue (lib/requests/no-show-worker.ts): a settle-no-show task
// due when the homeowner's window ends, and a sweep when the worker starts (and every five minutes) for a window
// that ended while no worker ran. Here the report is made 2 hours minus 2 seconds in the past (the steps take
// the test's clock), so the window ends during the test; the money moves once, as the ledger shows.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createUserWithPassword, type TestUser } from "../helpers/session";
import { paidJob, startTestPayments, type TestPayments } from "../helpers/payments";
import { phoneJpeg } from "../helpers/photos";

const { startWorker: startQueueWorker, stopWorker } = await import("@/lib/worker");
const { createMailTransport, mailTransportConfig } = await import("@/lib/mail/transport");
const { getPaymentBalance } = await import("@/lib/payments");
const noShows = await import("@/lib/requests/no-show");

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

async function startWorker() {
  const config = mailTransportConfig({ MAIL_TRANSPORT: "file", MAIL_FILE_DIR: mkdtempSync(path.join(tmpdir(), "fixwell-no-show-mail-")) });
  await startQueueWorker({ transport: createMailTransport(config), pollingIntervalSeconds: 0.5 });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  payments = await startTestPayments();
});

afterAll(async () => {
  await stopWorker();
  await payments.close();
});

beforeEach(async () => {
  await stopWorker();
  payments.reset();
  await resetDatabase();
  owner = await createUserWithPassword(`owner-${Date.now()}@example.test`, "Quiet-harbour-lantern-42");
  nina = await createSignedInHandyman(18, `nina-${Date.now()}@example.test`);
});

/** A paid job (€121) Nina reports a no-show on at `reportedAt`, her "at the door" 21 minutes before it. */
async function reportedNoShow(reportedAt: Date) {
  const where = { taskType: "Pipe-leakage", city: "Rotterdam", date: amsterdamDay(1) };
  const { requestId, offerId, paymentId } = await paidJob(owner, nina, where, { labour: { description: "Fix", amount: "100", vatRate: "21" } }, payments);
  const db = await getDb();
  // "At the door" as the step stores it, set directly: the step itself only takes the agreed day's clock.
  await db.jobArrival.create({ data: { offerId, requestId, handymanId: 18, atDoorAt: new Date(reportedAt.getTime() - 21 * 60_000) } });
  const noShow = await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], reportedAt);
  return { requestId, paymentId, noShowId: noShow.id };
}

const stateOf = async (id: string) => (await (await getDb()).noShow.findUniqueOrThrow({ where: { id } })).state;

describe("no-shows on the queue", () => {
  it("settles a no-show when its window ends, by the task queued with the report", async () => {
    await startWorker();
    const { requestId, paymentId, noShowId } = await reportedNoShow(new Date(Date.now() - noShows.OBJECTION_WINDOW_MS + 2_000));
    expect(await stateOf(noShowId)).toBe("open");
    await waitFor("the settle-no-show task", () => stateOf(noShowId), (state) => state === "settled");
    const db = await getDb();
    const cancellation = await db.requestCancellation.findUniqueOrThrow({ where: { requestId } });
    expect(cancellation.rule).toBe("homeowner-late");
    // The state is written first and the refund asked of the provider after that transaction: wait for it.
    await waitFor("the refund", async () => (await getPaymentBalance(paymentId)).refunded, (refunded) => refunded === cancellation.refundCents);
    // The sweep afterwards (and the task again) moves nothing twice.
    expect(await noShows.settleDueNoShows()).toBe(0);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
  });

  it("loses nothing across a restart: a window that ended while no worker ran is settled when the worker starts", async () => {
    const { requestId, noShowId } = await reportedNoShow(new Date(Date.now() - noShows.OBJECTION_WINDOW_MS - 60_000));
    // No worker ran when the report was made, so no task was queued with it: the sweep is all there is.
    const db = await getDb();
    expect(await stateOf(noShowId)).toBe("open");
    await startWorker();
    await waitFor("the sweep at the worker's start", () => stateOf(noShowId), (state) => state === "settled");
    expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("cancelled");
  });
});
