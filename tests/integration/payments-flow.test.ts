// Payments through the real @mollie/api-client against the local stand-in, and the webhook handler behind a
// real HTTP server: paying, failing, duplicate, late and out-of-order webhooks, a lost webhook found by
// reconciliation, a forged webhook, a provider down mid-refund and the sweep finishing it, idempotent starts.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as webhook } from "../../app/api/payments/webhook/route";
import { getPaymentBalance, PaymentProviderUnavailableError, PaymentRefusedError, reconcilePayments, refund, release, startPayment, syncPayment } from "../../lib/payments";
import { connectProvider } from "../../lib/payments/provider";
import { subscribeToThread } from "../../lib/messages/live";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";

let standIn: MollieStandIn;
let app: Server;
let webhookUrl = "";

async function newRequest(): Promise<{ requestId: string; handymanId: number }> {
  const db = await getDb();
  const user = await db.user.create({ data: { email: `owner-${randomUUID()}@example.test`, passwordHash: "x" } });
  const handyman = await db.handyman.findFirstOrThrow({ select: { id: true } });
  const request = await db.repairRequest.create({ data: { id: randomUUID(), userId: user.id, taskType: "Painting", city: "Amsterdam", date: new Date("2026-12-10") } });
  return { requestId: request.id, handymanId: handyman.id };
}

async function start(amountCents = 12_345, quoteId = randomUUID()) {
  const { requestId, handymanId } = await newRequest();
  const started = await startPayment({ quoteId, requestId, handymanId, amountCents, description: "Painting, Amsterdam", redirectUrl: "http://localhost/orders/1", webhookUrl });
  return { ...started, quoteId, requestId, handymanId };
}

async function paymentRow(paymentId: string) {
  return (await getDb()).payment.findUniqueOrThrow({ where: { id: paymentId } });
}

/** The payer's choice on the stand-in's checkout page, posted as a browser does. */
async function payAtCheckout(checkoutUrl: string, status: "paid" | "failed" | "canceled" | "expired"): Promise<Response> {
  return fetch(checkoutUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `status=${status}`, redirect: "manual" });
}

beforeAll(async () => {
  standIn = await startMollieStandIn();
  app = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await webhook(new Request(`http://localhost${req.url}`, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    res.writeHead(response.status).end(await response.text());
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/payments/webhook`;
  connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs: 1_500 });
});

afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => app.close(resolve));
});

beforeEach(async () => {
  await resetDatabase();
  Object.assign(standIn.controls, { down: false, delayMs: 0, webhooks: "immediate", webhookDelayMs: 0 });
  standIn.heldWebhooks.splice(0);
});

describe("paying a quote", () => {
  it("a paid checkout reaches the webhook and the ledger holds the whole amount", async () => {
    const { paymentId, checkoutUrl } = await start(12_345);
    expect(checkoutUrl).toMatch(/\/checkout\/tr_/);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain("Test payments");
    const response = await payAtCheckout(checkoutUrl, "paid");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost/orders/1");
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await getPaymentBalance(paymentId)).toEqual({ paid: 12_345, refunded: 0, released: 0, commission: 0, held: 12_345 });
  });

  it.each(["failed", "canceled", "expired"] as const)("a %s checkout books nothing and lets the quote be paid again", async (outcome) => {
    const first = await start(5_000);
    await payAtCheckout(first.checkoutUrl, outcome);
    expect((await paymentRow(first.paymentId)).status).toBe(outcome);
    expect((await getPaymentBalance(first.paymentId)).paid).toBe(0);
    const again = await startPayment({ quoteId: first.quoteId, requestId: first.requestId, handymanId: first.handymanId, amountCents: 5_000, description: "Painting", redirectUrl: "http://localhost/orders/1", webhookUrl });
    expect(again.paymentId).not.toBe(first.paymentId);
    expect((await paymentRow(again.paymentId)).attempt).toBe(2);
  });

  it("a second start for an open quote (another tab) returns the same payment, and a paid quote is refused", async () => {
    const paymentsBefore = standIn.paymentCount();
    const first = await start(5_000);
    const input = { quoteId: first.quoteId, requestId: first.requestId, handymanId: first.handymanId, amountCents: 5_000, description: "Painting", redirectUrl: "http://localhost/orders/1", webhookUrl };
    expect(await startPayment(input)).toEqual({ paymentId: first.paymentId, checkoutUrl: first.checkoutUrl });
    await payAtCheckout(first.checkoutUrl, "paid");
    await expect(startPayment(input)).rejects.toMatchObject({ reason: "already-paid" });
    expect(standIn.paymentCount() - paymentsBefore).toBe(1);
  });

  it.each([0, -1, 12.5, 1_000_001])("an amount of %s cents is refused before anything is stored", async (amountCents) => {
    const { requestId, handymanId } = await newRequest();
    const before = await snapshotTables();
    await expect(startPayment({ quoteId: randomUUID(), requestId, handymanId, amountCents, description: "x", redirectUrl: "http://localhost/", webhookUrl })).rejects.toBeInstanceOf(PaymentRefusedError);
    expect(await snapshotTables()).toBe(before);
  });
});

describe("a provider that is down or slow", () => {
  it("a start that timed out is retried with the same idempotency key and makes one provider payment", async () => {
    const { requestId, handymanId } = await newRequest();
    const input = { quoteId: randomUUID(), requestId, handymanId, amountCents: 7_000, description: "Painting", redirectUrl: "http://localhost/orders/1", webhookUrl };
    const paymentsBefore = standIn.paymentCount();
    const callsBefore = standIn.calls.length;
    standIn.controls.delayMs = 2_500;
    await expect(startPayment(input)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    standIn.controls.delayMs = 0;
    const retried = await startPayment(input);
    expect(standIn.paymentCount() - paymentsBefore).toBe(1);
    expect(standIn.calls.slice(callsBefore).filter((call) => call === "POST /v2/payments").length).toBeGreaterThanOrEqual(2);
    expect((await paymentRow(retried.paymentId)).status).toBe("open");
  });

  it("a provider down records nothing as paid", async () => {
    const { paymentId, checkoutUrl } = await start(4_000);
    standIn.controls.down = true;
    await payAtCheckout(checkoutUrl, "paid");
    expect(standIn.deliveredWebhooks.at(-1)?.status).toBe(503);
    expect((await paymentRow(paymentId)).status).toBe("open");
    expect((await getPaymentBalance(paymentId)).paid).toBe(0);
  });

  it("a refund the provider did not answer stays requested and the reconciliation sweep finishes it once", async () => {
    const { paymentId, checkoutUrl } = await start(10_000);
    await payAtCheckout(checkoutUrl, "paid");
    standIn.controls.down = true;
    expect((await refund(paymentId, 3_000, "cancelled-by-homeowner")).state).toBe("requested");
    expect((await getPaymentBalance(paymentId)).refunded).toBe(0);
    await reconcilePayments();
    expect((await getPaymentBalance(paymentId)).refunded).toBe(0);
    standIn.controls.down = false;
    expect((await reconcilePayments()).finished).toBe(1);
    expect(await getPaymentBalance(paymentId)).toMatchObject({ refunded: 3_000, held: 7_000 });
    expect((await reconcilePayments()).finished).toBe(0);
    expect(standIn.moneyOf((await paymentRow(paymentId)).providerPaymentId!)).toMatchObject({ refundCount: 1, refundedCents: 3_000 });
  });
});

describe("webhooks", () => {
  it("a payment that turns paid tells the pages open on its request once, and a repeated webhook tells them nothing", async () => {
    standIn.controls.webhooks = "twice";
    const { paymentId, checkoutUrl, requestId, handymanId } = await start(2_500);
    const { id: threadId } = await (await getDb()).messageThread.create({ data: { requestId, handymanId }, select: { id: true } });
    const heard: string[] = [];
    const stop = await subscribeToThread(threadId, (what) => heard.push(what));
    try {
      await payAtCheckout(checkoutUrl, "paid");
      expect((await paymentRow(paymentId)).status).toBe("paid");
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["payment"]);
      expect(await syncPayment((await paymentRow(paymentId)).providerPaymentId!)).toBe("unchanged");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual(["payment"]);
    } finally {
      stop();
    }
  });

  it("the same webhook twice books the payment once", async () => {
    standIn.controls.webhooks = "twice";
    const { paymentId, checkoutUrl } = await start(2_000);
    await payAtCheckout(checkoutUrl, "paid");
    expect(standIn.deliveredWebhooks.filter((w) => w.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(await getPaymentBalance(paymentId)).toMatchObject({ paid: 2_000, held: 2_000 });
    expect(await (await getDb()).ledgerEntry.count({ where: { paymentId } })).toBe(1);
  });

  it("webhooks of two payments delivered late and in reverse order each book their own payment", async () => {
    standIn.controls.webhooks = "hold";
    const a = await start(1_000);
    const b = await start(2_000);
    await payAtCheckout(a.checkoutUrl, "paid");
    await payAtCheckout(b.checkoutUrl, "failed");
    expect((await paymentRow(a.paymentId)).status).toBe("open");
    await standIn.deliverHeldWebhooks({ reverse: true });
    expect((await paymentRow(a.paymentId)).status).toBe("paid");
    expect((await paymentRow(b.paymentId)).status).toBe("failed");
  });

  it("a lost webhook is found by reconciliation once the payment is past its time", async () => {
    standIn.controls.webhooks = "never";
    const { paymentId, checkoutUrl } = await start(3_000);
    await payAtCheckout(checkoutUrl, "paid");
    expect((await paymentRow(paymentId)).status).toBe("open");
    expect((await reconcilePayments()).synced).toBe(0);
    expect((await reconcilePayments({ now: new Date(Date.now() + 10 * 60_000) })).synced).toBe(1);
    expect(await getPaymentBalance(paymentId)).toMatchObject({ paid: 3_000 });
  });

  it.each([
    ["an id the provider never made", "id=tr_forged123"],
    ["no id", "foo=bar"],
    ["garbage", "%%%\u0000"],
  ])("a webhook with %s answers 200 and changes nothing", async (_name, body) => {
    await start(1_000);
    const calls = standIn.calls.length;
    const before = await snapshotTables();
    const response = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(response.status).toBe(200);
    expect(await snapshotTables()).toBe(before);
    // No fetch of any payment (Mollie's client may still be retrying an earlier test's timed-out create).
    expect(standIn.calls.slice(calls).filter((call) => call.startsWith("GET"))).toEqual([]);
  });

  it("a webhook for a payment of another environment changes nothing", async () => {
    const { paymentId, checkoutUrl } = await start(1_000);
    await (await getDb()).payment.update({ where: { id: paymentId }, data: { mode: "live" } });
    await payAtCheckout(checkoutUrl, "paid");
    expect(await syncPayment((await paymentRow(paymentId)).providerPaymentId!)).toBe("unknown");
    expect((await paymentRow(paymentId)).status).toBe("open");
  });
});

describe("release and refunds", () => {
  it("a release routes the handyman's part, keeps the commission, and a later refund reverses the route", async () => {
    const { paymentId, checkoutUrl } = await start(10_000);
    await payAtCheckout(checkoutUrl, "paid");
    const organizationId = standIn.createOrganization();
    await release(paymentId, organizationId, 8_000, 1_000);
    expect(await getPaymentBalance(paymentId)).toEqual({ paid: 10_000, refunded: 0, released: 8_000, commission: 1_000, held: 1_000 });
    await expect(release(paymentId, organizationId, 500, 0)).rejects.toMatchObject({ reason: "already-released" });
    await refund(paymentId, 4_000, "dispute-settled");
    expect(await getPaymentBalance(paymentId)).toEqual({ paid: 10_000, refunded: 4_000, released: 5_000, commission: 1_000, held: 0 });
    await expect(refund(paymentId, 5_001, "more")).rejects.toMatchObject({ reason: "beyond-held" });
  });

  it("a refund asked twice for the same reason is made once", async () => {
    const { paymentId, checkoutUrl } = await start(10_000);
    await payAtCheckout(checkoutUrl, "paid");
    const callsBefore = standIn.calls.length;
    await refund(paymentId, 2_500, "quote-replaced");
    await refund(paymentId, 2_500, "quote-replaced");
    expect((await getPaymentBalance(paymentId)).refunded).toBe(2_500);
    expect(standIn.calls.slice(callsBefore).filter((call) => call.endsWith("/refunds")).length).toBe(1);
  });

  it("an unpaid payment cannot be refunded or released", async () => {
    const { paymentId } = await start(10_000);
    await expect(refund(paymentId, 100, "x")).rejects.toMatchObject({ reason: "not-paid" });
    await expect(release(paymentId, standIn.createOrganization(), 100, 0)).rejects.toMatchObject({ reason: "not-paid" });
  });
});
