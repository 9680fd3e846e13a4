// Offers expire through the job queue: a job per offer at its deadline, and a sweep when the worker
// starts (and every five minutes) for offers whose deadline passed while no worker ran. Handymen here
// have two seconds to answer (HANDYMAN_RESPONSE_HOURS), so the jobs come due during the test.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startWorker as startQueueWorker, stopWorker } from "../../lib/worker";
import { createMailTransport, mailTransportConfig } from "../../lib/mail/transport";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, openOfferOf, storedLife, submitRequest } from "../helpers/marketplace";
import { createSignedInUser } from "../helpers/session";

vi.hoisted(() => {
  process.env.HANDYMAN_RESPONSE_HOURS = String(2 / 3600);
});

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;

async function startWorker() {
  const config = mailTransportConfig({ MAIL_TRANSPORT: "file", MAIL_FILE_DIR: mkdtempSync(path.join(tmpdir(), "fixwell-expiry-mail-")) });
  await startQueueWorker({ transport: createMailTransport(config), pollingIntervalSeconds: 0.5 });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeEach(async () => {
  await stopWorker();
  await resetDatabase();
});

afterAll(async () => {
  await stopWorker();
});

describe("offer expiry on the queue", () => {
  it("expires an offer nobody answered at its deadline and passes the request to the next handyman", async () => {
    await startWorker();
    const owner = await createSignedInUser();
    const id = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
    const first = await openOfferOf(id);
    expect(first.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2_000);
    const life = await waitFor("the first offer's expiry", () => storedLife(id), (l) => l.offers[0]?.status === "expired" && l.offers.length >= 2);
    expect(life.offers.slice(0, 2).map((o) => o.handymanId)).toEqual([18, 10]);
    expect(life.events.slice(1, 3).map((e) => `${e.action}:${e.actorRole}`)).toEqual(["expire:system", "pass_on:system"]);
  });

  it("loses nothing across a restart: an offer whose deadline passed while no worker ran is expired when the worker starts", async () => {
    const owner = await createSignedInUser();
    const id = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
    const { id: offerId } = await openOfferOf(id);
    await (await getDb()).offer.update({ where: { id: offerId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect((await storedLife(id)).offers.map((o) => o.status)).toEqual(["open"]);
    await startWorker();
    const life = await waitFor("the sweep", () => storedLife(id), (l) => l.offers[0]?.status === "expired");
    expect(life.offers[1]).toMatchObject({ handymanId: 10 });
  });
});
