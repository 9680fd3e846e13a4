// Payments in tests: the Mollie stand-in reached through the real @mollie/api-client, and the app's webhook
// route behind a real HTTP server whose address is the site's configured origin (NEXTAUTH_URL), so the
// addresses the app gives the provider (the order page, the webhook) lead back to this test.
import { createServer, type Server } from "node:http";
import { TEST_BILLING } from "./billing";
import type { AddressInfo } from "node:net";
import { POST as webhook } from "../../app/api/payments/webhook/route";
import { connectProvider } from "../../lib/payments/provider";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";
import type { TestUser } from "./session";

export type TestPayments = { standIn: MollieStandIn; origin: string; reset(): void; close(): Promise<void> };

export async function startTestPayments({ timeoutMs = 1_500 } = {}): Promise<TestPayments> {
  const standIn = await startMollieStandIn();
  const app: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.startsWith("/api/payments/webhook")) return void res.writeHead(404).end();
    const response = await webhook(new Request(`http://localhost${req.url}`, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    res.writeHead(response.status).end(await response.text());
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  process.env.NEXTAUTH_URL = origin;
  connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs });
  return {
    standIn,
    origin,
    reset() {
      Object.assign(standIn.controls, { down: false, delayMs: 0, webhooks: "immediate", webhookDelayMs: 0 });
      standIn.heldWebhooks.splice(0);
    },
    async close() {
      await standIn.close();
      await new Promise((resolve) => app.close(resolve));
    },
  };
}

/** The payer's choice on the stand-in's checkout page, posted as a browser does; answers where it leads. */
export async function payAtCheckout(checkoutUrl: string, status: "paid" | "failed" | "canceled" | "expired"): Promise<string | null> {
  const response = await fetch(checkoutUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `status=${status}`, redirect: "manual" });
  if (response.status !== 303) throw new Error(`the checkout answered ${response.status}`);
  return response.headers.get("location");
}

/**
 * A job paid in full and held: `owner` asks for a leak fixed in Rotterdam, `handyman` (the cheapest plumber
 * there, e.g. 18) accepts and quotes €250 + 21% VAT, the owner accepts and pays at the stand-in's checkout,
 * and the payment is read back from the provider. Needs startTestPayments() running. Answers the ids.
 */
export async function paidPayment(owner: TestUser, handyman: TestUser, payments: TestPayments) {
  const { chooseCriterion, openOfferOf, submitRequest } = await import("./marketplace");
  const { actionRequest, form } = await import("./server-action");
  const { getDb } = await import("./db");
  const steps = await import("../../lib/requests/step-actions");
  const { IDLE_STEP } = await import("../../lib/requests/step-form");
  const { sendQuote, acceptQuote } = await import("../../lib/quotes/quotes");
  const { startPayment, syncPayment } = await import("../../lib/payments");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  const requestId = await submitRequest(owner, where);
  const chosen = await chooseCriterion(owner, requestId, "price", where);
  if (chosen.status !== 200) throw new Error(`choosing the criterion answered ${chosen.status}`);
  const offerId = (await openOfferOf(requestId)).id;
  const headersBefore = actionRequest.headers;
  actionRequest.headers = new Headers({ cookie: handyman.cookie });
  try {
    const state = await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId, in_page: "1" }));
    if (!("next" in state) || !state.next) throw new Error(`accepting the offer answered ${JSON.stringify(state)}`);
  } finally {
    actionRequest.headers = headersBefore;
  }
  const quote = await sendQuote({ id: handyman.id, email: handyman.email }, requestId, { labour: { description: "Fix the leak", amount: "250", vatRate: "21" }, materials: [] });
  const accepted = await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
  const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/orders/1`, webhookUrl: `${payments.origin}/api/payments/webhook` });
  await payAtCheckout(started.checkoutUrl, "paid");
  const payment = await (await getDb()).payment.findFirstOrThrow({ where: { requestId }, select: { id: true, providerPaymentId: true } });
  await syncPayment(payment.providerPaymentId!);
  return { requestId, quoteId: quote.id, paymentId: payment.id };
}
