// Payments in tests: the Mollie stand-in reached through the real @mollie/api-client, and the app's webhook
// route behind a real HTTP server whose address is the site's configured origin (NEXTAUTH_URL), so the
// addresses the app gives the provider (the order page, the webhook) lead back to this test.
import { createServer, type Server } from "node:http";
import { TEST_BILLING } from "./billing";
import type { AddressInfo } from "node:net";
import { POST as webhook } from "../../app/api/payments/webhook/route";
import { connectProvider } from "../../lib/payments/provider";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";
import type { NewRequest } from "./marketplace";
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

/** A quote's lines as the handyman's form posts them (amounts in euros, as text). */
export type QuoteLines = {
  labour: { description: string; amount: string; vatRate: string };
  materials?: { description: string; amount: string; vatRate: string }[];
};

/**
 * A request of `owner`'s at `where` sent to the cheapest handyman and accepted by `handyman` (through /pro's
 * Accept). With `handyman.handymanId` the offer must have gone to that handyman. Answers the ids.
 */
export async function acceptedJob(owner: TestUser, handyman: TestUser & { handymanId?: number }, where: NewRequest): Promise<{ requestId: string; offerId: string }> {
  const { chooseCriterion, openOfferOf, submitRequest } = await import("./marketplace");
  const { actionRequest, form } = await import("./server-action");
  const steps = await import("../../lib/requests/step-actions");
  const { IDLE_STEP } = await import("../../lib/requests/step-form");
  const requestId = await submitRequest(owner, where);
  const chosen = await chooseCriterion(owner, requestId, "price", where);
  if (chosen.status !== 200) throw new Error(`choosing the criterion answered ${chosen.status}`);
  const offer = await openOfferOf(requestId);
  if (handyman.handymanId !== undefined && offer.handymanId !== handyman.handymanId) {
    throw new Error(`the offer went to handyman ${offer.handymanId}, not ${handyman.handymanId}`);
  }
  const headersBefore = actionRequest.headers;
  actionRequest.headers = new Headers({ cookie: handyman.cookie });
  try {
    const state = await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offer.id, in_page: "1" }));
    if (!("next" in state) || state.next !== "/pro?notice=accepted") throw new Error(`accepting the offer answered ${JSON.stringify(state)}`);
  } finally {
    actionRequest.headers = headersBefore;
  }
  return { requestId, offerId: offer.id };
}

/**
 * `handyman`'s quote of `lines` on the accepted request, accepted by `owner` and paid at the stand-in's
 * checkout. With `payments` (startTestPayments) the provider's webhook reaches the app; without it the
 * webhook goes nowhere; a payment the webhook did not book is read back from the provider, as the
 * reconciliation does. Checks the
 * payment is paid and all of it held. Answers the ids and the amount paid in cents.
 */
export async function payQuote(
  owner: TestUser,
  handyman: TestUser,
  requestId: string,
  lines: QuoteLines,
  payments?: TestPayments,
): Promise<{ quoteId: string; paymentId: string; amountCents: number }> {
  const { getDb } = await import("./db");
  const { sendQuote, acceptQuote } = await import("../../lib/quotes/quotes");
  const { startPayment, syncPayment, getPaymentBalance } = await import("../../lib/payments");
  const quote = await sendQuote({ id: handyman.id, email: handyman.email }, requestId, { labour: lines.labour, materials: lines.materials ?? [] });
  const accepted = await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
  const origin = payments?.origin ?? "http://localhost";
  const webhookUrl = payments ? `${payments.origin}/api/payments/webhook` : "http://127.0.0.1:9/none";
  const started = await startPayment({ ...accepted, redirectUrl: `${origin}/dashboard/orders/${requestId}`, webhookUrl });
  await payAtCheckout(started.checkoutUrl, "paid");
  const db = await getDb();
  const where = { requestId, quoteId: quote.id };
  let payment = await db.payment.findFirstOrThrow({ where, select: { id: true, status: true, providerPaymentId: true } });
  if (payment.status !== "paid") {
    await syncPayment(payment.providerPaymentId!);
    payment = await db.payment.findFirstOrThrow({ where, select: { id: true, status: true, providerPaymentId: true } });
  }
  if (payment.status !== "paid") throw new Error(`the payment is ${payment.status}, not paid`);
  const { held } = await getPaymentBalance(payment.id);
  if (held !== accepted.amountCents) throw new Error(`${held} cents held of ${accepted.amountCents} paid`);
  return { quoteId: quote.id, paymentId: payment.id, amountCents: accepted.amountCents };
}

/** acceptedJob, then payQuote by the same handyman: a job paid in full and held. */
export async function paidJob(owner: TestUser, handyman: TestUser & { handymanId?: number }, where: NewRequest, lines: QuoteLines, payments?: TestPayments) {
  const accepted = await acceptedJob(owner, handyman, where);
  return { ...accepted, ...(await payQuote(owner, handyman, accepted.requestId, lines, payments)) };
}

/**
 * A job paid in full and held: `owner` asks for a leak fixed in Rotterdam, `handyman` (the cheapest plumber
 * there, e.g. 18) accepts and quotes €250 + 21% VAT, the owner accepts and pays at the stand-in's checkout,
 * and the payment is read back from the provider. Needs startTestPayments() running. Answers the ids.
 */
export async function paidPayment(owner: TestUser, handyman: TestUser, payments: TestPayments) {
  const { requestId, quoteId, paymentId } = await paidJob(owner, handyman, { taskType: "Pipe-leakage", city: "Rotterdam" }, { labour: { description: "Fix the leak", amount: "250", vatRate: "21" } }, payments);
  return { requestId, quoteId, paymentId };
}
