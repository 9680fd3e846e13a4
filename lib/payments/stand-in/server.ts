// A local stand-in for the parts of Mollie's API that lib/payments uses, speaking Mollie's JSON over HTTP so
// that the real @mollie/api-client talks to it through its `apiEndpoint` option: payments, refunds (with
// routing reversals), payment routes (delayed routing to a connected organization), client links (the
// onboarding of a handyman's organization), Idempotency-Key replay and Mollie-shaped errors. It carries a
// checkout page where the payer picks paid, failed, canceled or expired, and controls for tests: webhooks
// delivered at once, late, twice, held back (to be let go later, in any order) or never, and the provider
// down (503) or slow (every call hangs). Its state lives in memory. Every page it serves says "test payments".
// Started in-process by tests (startMollieStandIn) or on its own (scripts/payments-stand-in.ts).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInPaymentStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired";
export const CHECKOUT_OUTCOMES = ["paid", "failed", "canceled", "expired"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** How webhooks leave the stand-in: at once, twice, held back until `deliverHeldWebhooks`, or never. */
export type WebhookMode = "immediate" | "twice" | "hold" | "never";

export type StandInControls = {
  /** Every API call answers 503 while true. */
  down: boolean;
  /** Every API call waits this long before it is handled (the provider slow). */
  delayMs: number;
  webhooks: WebhookMode;
  /** Webhooks leave this long after the status changed (late delivery). */
  webhookDelayMs: number;
};

type Amount = { currency: string; value: string };

type StoredPayment = {
  id: string;
  mode: "test";
  createdAt: string;
  status: StandInPaymentStatus;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  redirectUrl: string;
  webhookUrl?: string;
  expiresAt: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  amountRefundedCents: number;
};

type StoredRefund = {
  id: string;
  paymentId: string;
  amount: Amount;
  description: string;
  metadata: unknown;
  status: "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";
  createdAt: string;
  routingReversals?: { amount: Amount; source: { type: "organization"; organizationId: string } }[];
};

type StoredRoute = {
  id: string;
  paymentId: string;
  amount: Amount;
  description: string;
  destination: { type: "organization"; organizationId: string };
  createdAt: string;
  reversedCents: number;
};

type StoredClientLink = { id: string; name: string; email: string; organizationId?: string };
type StoredOrganization = { name: string; email: string };

type Answer = { status: number; body: unknown };

class MollieError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

const CENTS_PATTERN = /^\d+\.\d{2}$/;

function toCents(amount: unknown, field: string): number {
  const value = (amount as Amount | undefined)?.value;
  const currency = (amount as Amount | undefined)?.currency;
  if (typeof value !== "string" || !CENTS_PATTERN.test(value)) throw new MollieError(422, "Unprocessable Entity", "The amount is invalid", `${field}.value`);
  if (currency !== "EUR") throw new MollieError(422, "Unprocessable Entity", "The currency is not supported", `${field}.currency`);
  const [euros, cents] = value.split(".");
  return Number(euros) * 100 + Number(cents);
}

function fromCents(cents: number): Amount {
  return { currency: "EUR", value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} – test payments</title></head><body><p><strong>Test payments</strong>: no real money moves here.</p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export class MollieStandIn {
  readonly controls: StandInControls = { down: false, delayMs: 0, webhooks: "immediate", webhookDelayMs: 0 };
  /** Webhooks held back in "hold" mode, oldest first. */
  readonly heldWebhooks: { paymentId: string; webhookUrl: string }[] = [];
  /** Every webhook delivered, with the status the receiver answered (0 when it could not be reached). */
  readonly deliveredWebhooks: { paymentId: string; status: number }[] = [];
  /** Calls that reached the API (after the down/slow controls), for assertions: "POST /v2/payments" … */
  readonly calls: string[] = [];
  private readonly payments = new Map<string, StoredPayment>();
  private readonly refunds = new Map<string, StoredRefund>();
  private readonly routes = new Map<string, StoredRoute>();
  private readonly organizations = new Map<string, StoredOrganization>();
  private readonly clientLinks = new Map<string, StoredClientLink>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private server?: Server;
  url = "";

  /** The `apiEndpoint` for createMollieClient. */
  get apiEndpoint(): string {
    return `${this.url}/v2/`;
  }

  async listen(port = 0, host = "127.0.0.1"): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://${host}:${address.port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A connected organization, as after a finished onboarding. */
  createOrganization(name = "Test organization", email = "owner@example.test"): string {
    const id = newId("org");
    this.organizations.set(id, { name, email });
    return id;
  }

  paymentCount(): number {
    return this.payments.size;
  }

  /** The provider's own view of a payment's money, for comparing with the ledger. */
  moneyOf(paymentId: string): { refundCount: number; refundedCents: number; routedCents: number } {
    const refunds = [...this.refunds.values()].filter((r) => r.paymentId === paymentId);
    return {
      refundCount: refunds.length,
      refundedCents: this.payments.get(paymentId)?.amountRefundedCents ?? 0,
      routedCents: this.routedCents(paymentId),
    };
  }

  /** What the payer does on the checkout page: sets the status and sends the webhook (per the controls). */
  async settlePayment(paymentId: string, outcome: CheckoutOutcome | "pending"): Promise<void> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.status !== "open" && payment.status !== "pending") throw new Error(`payment ${paymentId} is already ${payment.status}`);
    const now = new Date().toISOString();
    payment.status = outcome;
    if (outcome === "paid") payment.paidAt = now;
    if (outcome === "failed") payment.failedAt = now;
    if (outcome === "canceled") payment.canceledAt = now;
    if (outcome === "expired") payment.expiredAt = now;
    if (outcome !== "pending") payment.method = "ideal";
    await this.sendWebhook(payment);
  }

  /** Lets held webhooks go, in the order they were held or reversed (out of order). */
  async deliverHeldWebhooks({ reverse = false } = {}): Promise<void> {
    const held = this.heldWebhooks.splice(0);
    if (reverse) held.reverse();
    for (const webhook of held) await this.post(webhook.paymentId, webhook.webhookUrl);
  }

  private async sendWebhook(payment: StoredPayment): Promise<void> {
    if (!payment.webhookUrl) return;
    const { webhooks, webhookDelayMs } = this.controls;
    if (webhooks === "never") return;
    if (webhooks === "hold") {
      this.heldWebhooks.push({ paymentId: payment.id, webhookUrl: payment.webhookUrl });
      return;
    }
    const times = webhooks === "twice" ? 2 : 1;
    const deliver = async () => {
      for (let i = 0; i < times; i++) await this.post(payment.id, payment.webhookUrl!);
    };
    if (webhookDelayMs > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void deliver();
      }, webhookDelayMs);
      this.timers.add(timer);
    } else {
      await deliver();
    }
  }

  private async post(paymentId: string, webhookUrl: string): Promise<void> {
    let status = 0;
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: paymentId }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    this.deliveredWebhooks.push({ paymentId, status });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const body = await readBody(req);
    const method = req.method ?? "GET";

    if (url.pathname.startsWith("/checkout/")) return this.checkout(method, url.pathname.slice("/checkout/".length), body, res);
    if (url.pathname.startsWith("/client-link/")) return this.onboarding(method, url.pathname.slice("/client-link/".length), url, res);
    if (url.pathname === "/_control" && method === "POST") {
      Object.assign(this.controls, JSON.parse(body || "{}") as Partial<StandInControls>);
      return this.json(res, { status: 200, body: this.controls });
    }
    if (url.pathname === "/_control/deliver" && method === "POST") {
      await this.deliverHeldWebhooks({ reverse: url.searchParams.get("order") === "reverse" });
      return this.json(res, { status: 200, body: { delivered: true } });
    }
    if (url.pathname === "/_control/organizations" && method === "POST") {
      return this.json(res, { status: 201, body: { id: this.createOrganization() } });
    }
    if (!url.pathname.startsWith("/v2/")) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(page("Not found", "<p>Nothing here.</p>"));
      return;
    }

    if (this.controls.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.controls.delayMs));
    if (this.controls.down) {
      return this.json(res, this.error(new MollieError(503, "Service Unavailable", "The service is temporarily unavailable")));
    }
    if (!/^Bearer (test|live)_\S+$/.test(req.headers.authorization ?? "")) {
      return this.json(res, this.error(new MollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate")));
    }
    const path = url.pathname.slice("/v2/".length).replace(/\/$/, "");
    this.calls.push(`${method} /v2/${path}`);

    const key = req.headers["idempotency-key"];
    if (method === "POST" && typeof key === "string" && key !== "") {
      const fingerprint = createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
      const earlier = this.idempotent.get(key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return this.json(res, this.error(new MollieError(422, "Unprocessable Entity", "The idempotency key has already been used for a different request")));
        }
        return this.json(res, earlier.answer);
      }
      const answer = this.api(method, path, body, url);
      // Mollie keeps the answer of a request that started executing; a validation error is not kept.
      if (answer.status < 400) this.idempotent.set(key, { fingerprint, answer });
      return this.json(res, answer);
    }
    return this.json(res, this.api(method, path, body, url));
  }

  private api(method: string, path: string, body: string, url: URL): Answer {
    try {
      const parts = path.split("/");
      let input: Record<string, unknown> = {};
      if (method === "POST") {
        try {
          input = JSON.parse(body || "{}") as Record<string, unknown>;
        } catch {
          throw new MollieError(400, "Bad Request", "The request body is not valid JSON");
        }
      }
      if (parts[0] === "payments" && parts.length === 1) {
        if (method === "POST") return { status: 201, body: this.paymentJson(this.createPayment(input)) };
        if (method === "GET") {
          const all = [...this.payments.values()].reverse().map((p) => this.paymentJson(p));
          return { status: 200, body: this.list("payments", all, url) };
        }
      }
      if (parts[0] === "payments" && parts.length === 2 && method === "GET") return { status: 200, body: this.paymentJson(this.paymentOrThrow(parts[1])) };
      if (parts[0] === "payments" && parts.length === 3 && parts[2] === "refunds") {
        const payment = this.paymentOrThrow(parts[1]);
        if (method === "POST") return { status: 201, body: this.refundJson(this.createRefund(payment, input)) };
        if (method === "GET") {
          const all = [...this.refunds.values()].filter((r) => r.paymentId === payment.id).map((r) => this.refundJson(r));
          return { status: 200, body: this.list("refunds", all, url) };
        }
      }
      if (parts[0] === "payments" && parts.length === 4 && parts[2] === "refunds" && method === "GET") {
        const refund = this.refunds.get(parts[3]);
        if (!refund || refund.paymentId !== parts[1]) throw new MollieError(404, "Not Found", `No refund exists with token ${parts[3]}.`);
        return { status: 200, body: this.refundJson(refund) };
      }
      if (parts[0] === "payments" && parts.length === 3 && parts[2] === "routes") {
        const payment = this.paymentOrThrow(parts[1]);
        if (method === "POST") return { status: 201, body: this.routeJson(this.createRoute(payment, input)) };
        if (method === "GET") {
          const all = [...this.routes.values()].filter((r) => r.paymentId === payment.id).map((r) => this.routeJson(r));
          return { status: 200, body: this.list("routes", all, url) };
        }
      }
      if (parts[0] === "client-links" && parts.length === 1 && method === "POST") return { status: 201, body: this.createClientLink(input) };
      // A connected client of the platform, with its organization embedded (Mollie's GET /v2/clients/{id}).
      if (parts[0] === "clients" && parts.length === 2 && method === "GET") {
        const organization = this.organizations.get(parts[1]);
        if (!organization) throw new MollieError(404, "Not Found", `No client exists with token ${parts[1]}.`);
        return {
          status: 200,
          body: {
            resource: "client",
            id: parts[1],
            organizationCreatedAt: new Date().toISOString(),
            _embedded: { organization: { resource: "organization", id: parts[1], name: organization.name, email: organization.email, locale: "nl_NL" } },
            _links: { self: { href: `${this.apiEndpoint}clients/${parts[1]}`, type: "application/hal+json" } },
          },
        };
      }
      throw new MollieError(404, "Not Found", "The requested resource does not exist");
    } catch (error) {
      if (error instanceof MollieError) return this.error(error);
      throw error;
    }
  }

  private paymentOrThrow(id: string): StoredPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new MollieError(404, "Not Found", `No payment exists with token ${id}.`);
    return payment;
  }

  private createPayment(input: Record<string, unknown>): StoredPayment {
    const cents = toCents(input.amount, "amount");
    if (cents < 1) throw new MollieError(422, "Unprocessable Entity", "The amount is lower than the minimum", "amount.value");
    if (typeof input.description !== "string" || input.description.trim() === "") throw new MollieError(422, "Unprocessable Entity", "The description is invalid", "description");
    if (typeof input.redirectUrl !== "string" || !/^https?:\/\//.test(input.redirectUrl)) throw new MollieError(422, "Unprocessable Entity", "The redirect URL is invalid", "redirectUrl");
    if (input.webhookUrl !== undefined && (typeof input.webhookUrl !== "string" || !/^https?:\/\//.test(input.webhookUrl))) {
      throw new MollieError(422, "Unprocessable Entity", "The webhook URL is invalid", "webhookUrl");
    }
    if (input.method !== undefined && input.method !== "ideal") throw new MollieError(422, "Unprocessable Entity", "The payment method is invalid", "method");
    const now = Date.now();
    const payment: StoredPayment = {
      id: newId("tr"),
      mode: "test",
      createdAt: new Date(now).toISOString(),
      status: "open",
      amount: fromCents(cents),
      description: input.description,
      method: (input.method as string | undefined) ?? null,
      metadata: input.metadata ?? null,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl as string | undefined,
      expiresAt: new Date(now + 15 * 60_000).toISOString(),
      amountRefundedCents: 0,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  private routedCents(paymentId: string, organizationId?: string): number {
    return [...this.routes.values()]
      .filter((r) => r.paymentId === paymentId && (!organizationId || r.destination.organizationId === organizationId))
      .reduce((sum, r) => sum + toCents(r.amount, "amount") - r.reversedCents, 0);
  }

  private createRefund(payment: StoredPayment, input: Record<string, unknown>): StoredRefund {
    if (payment.status !== "paid") throw new MollieError(422, "Unprocessable Entity", "The payment has not been paid, so it cannot be refunded");
    const cents = toCents(input.amount, "amount");
    const paidCents = toCents(payment.amount, "amount");
    if (cents < 1 || cents > paidCents - payment.amountRefundedCents) {
      throw new MollieError(422, "Unprocessable Entity", "The amount is higher than the amount that can be refunded", "amount.value");
    }
    const reversals = Array.isArray(input.routingReversals) ? (input.routingReversals as StoredRefund["routingReversals"] & object) : [];
    for (const reversal of reversals) {
      const organizationId = reversal?.source?.organizationId;
      const reversedCents = toCents(reversal?.amount, "routingReversals.amount");
      if (typeof organizationId !== "string" || reversedCents < 1 || reversedCents > this.routedCents(payment.id, organizationId)) {
        throw new MollieError(422, "Unprocessable Entity", "The routing reversal is invalid", "routingReversals");
      }
    }
    // Without reversals, a refund can only take what is still on the platform's balance.
    const reversedTotal = reversals.reduce((sum, r) => sum + toCents(r.amount, "amount"), 0);
    if (cents > paidCents - payment.amountRefundedCents - this.routedCents(payment.id) + reversedTotal) {
      throw new MollieError(422, "Unprocessable Entity", "The amount is higher than the balance the payment left on the account", "amount.value");
    }
    for (const reversal of reversals) {
      let left = toCents(reversal.amount, "amount");
      for (const route of this.routes.values()) {
        if (route.paymentId !== payment.id || route.destination.organizationId !== reversal.source.organizationId) continue;
        const take = Math.min(left, toCents(route.amount, "amount") - route.reversedCents);
        route.reversedCents += take;
        left -= take;
      }
    }
    payment.amountRefundedCents += cents;
    const refund: StoredRefund = {
      id: newId("re"),
      paymentId: payment.id,
      amount: fromCents(cents),
      description: typeof input.description === "string" ? input.description : "",
      metadata: input.metadata ?? null,
      status: "pending",
      createdAt: new Date().toISOString(),
      routingReversals: reversals.length ? reversals.map((r) => ({ amount: fromCents(toCents(r.amount, "amount")), source: { type: "organization", organizationId: r.source.organizationId } })) : undefined,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  private createRoute(payment: StoredPayment, input: Record<string, unknown>): StoredRoute {
    if (payment.status !== "paid") throw new MollieError(422, "Unprocessable Entity", "The payment has not been paid, so it cannot be routed");
    const cents = toCents(input.amount, "amount");
    const destination = input.destination as StoredRoute["destination"] | undefined;
    if (destination?.type !== "organization" || !this.organizations.has(destination.organizationId)) {
      throw new MollieError(422, "Unprocessable Entity", "The destination organization is invalid", "destination.organizationId");
    }
    const available = toCents(payment.amount, "amount") - payment.amountRefundedCents - this.routedCents(payment.id);
    if (cents < 1 || cents > available) throw new MollieError(422, "Unprocessable Entity", "The amount is higher than the amount that can be routed", "amount.value");
    const route: StoredRoute = {
      id: newId("crt"),
      paymentId: payment.id,
      amount: fromCents(cents),
      description: typeof input.description === "string" ? input.description : "",
      destination: { type: "organization", organizationId: destination.organizationId },
      createdAt: new Date().toISOString(),
      reversedCents: 0,
    };
    this.routes.set(route.id, route);
    return route;
  }

  private createClientLink(input: Record<string, unknown>): unknown {
    if (typeof input.name !== "string" || input.name.trim() === "") throw new MollieError(422, "Unprocessable Entity", "The name is invalid", "name");
    const owner = input.owner as { email?: unknown } | undefined;
    if (typeof owner?.email !== "string") throw new MollieError(422, "Unprocessable Entity", "The owner's email is invalid", "owner.email");
    const link: StoredClientLink = { id: newId("cl"), name: input.name, email: owner.email };
    this.clientLinks.set(link.id, link);
    return {
      resource: "client-link",
      id: link.id,
      _links: {
        clientLink: { href: `${this.url}/client-link/${link.id}`, type: "text/html" },
        documentation: { href: "https://docs.mollie.com/reference/create-client-link", type: "text/html" },
      },
    };
  }

  private paymentJson(p: StoredPayment): unknown {
    const paidCents = toCents(p.amount, "amount");
    return {
      resource: "payment",
      id: p.id,
      mode: p.mode,
      createdAt: p.createdAt,
      amount: p.amount,
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      status: p.status,
      isCancelable: false,
      expiresAt: p.expiresAt,
      ...(p.paidAt ? { paidAt: p.paidAt } : {}),
      ...(p.failedAt ? { failedAt: p.failedAt } : {}),
      ...(p.canceledAt ? { canceledAt: p.canceledAt } : {}),
      ...(p.expiredAt ? { expiredAt: p.expiredAt } : {}),
      ...(p.status === "paid" ? { amountRefunded: fromCents(p.amountRefundedCents), amountRemaining: fromCents(paidCents - p.amountRefundedCents) } : {}),
      profileId: "pfl_standin",
      sequenceType: "oneoff",
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl ?? null,
      _links: {
        self: { href: `${this.apiEndpoint}payments/${p.id}`, type: "application/hal+json" },
        ...(p.status === "open" ? { checkout: { href: `${this.url}/checkout/${p.id}`, type: "text/html" } } : {}),
        dashboard: { href: `${this.url}/checkout/${p.id}`, type: "text/html" },
        documentation: { href: "https://docs.mollie.com/reference/get-payment", type: "text/html" },
      },
    };
  }

  private refundJson(r: StoredRefund): unknown {
    return {
      resource: "refund",
      id: r.id,
      mode: "test",
      amount: r.amount,
      status: r.status,
      createdAt: r.createdAt,
      description: r.description,
      metadata: r.metadata,
      paymentId: r.paymentId,
      ...(r.routingReversals ? { routingReversals: r.routingReversals } : {}),
      _links: {
        self: { href: `${this.apiEndpoint}payments/${r.paymentId}/refunds/${r.id}`, type: "application/hal+json" },
        payment: { href: `${this.apiEndpoint}payments/${r.paymentId}`, type: "application/hal+json" },
        documentation: { href: "https://docs.mollie.com/reference/create-refund", type: "text/html" },
      },
    };
  }

  private routeJson(r: StoredRoute): unknown {
    return {
      resource: "route",
      id: r.id,
      paymentId: r.paymentId,
      amount: r.amount,
      description: r.description,
      destination: r.destination,
      createdAt: r.createdAt,
      _links: {
        self: { href: `${this.apiEndpoint}payments/${r.paymentId}/routes/${r.id}`, type: "application/hal+json" },
        payment: { href: `${this.apiEndpoint}payments/${r.paymentId}`, type: "application/hal+json" },
      },
    };
  }

  private list(name: string, items: unknown[], url: URL): unknown {
    const limit = Math.min(250, Math.max(1, Number(url.searchParams.get("limit")) || 50));
    const from = url.searchParams.get("from");
    const start = from ? Math.max(0, items.findIndex((item) => (item as { id: string }).id === from)) : 0;
    const pageItems = items.slice(start, start + limit);
    const next = items[start + limit] as { id: string } | undefined;
    return {
      count: pageItems.length,
      _embedded: { [name]: pageItems },
      _links: {
        self: { href: url.toString(), type: "application/hal+json" },
        previous: null,
        next: next ? { href: `${this.apiEndpoint}${url.pathname.slice(4)}?from=${next.id}&limit=${limit}`, type: "application/hal+json" } : null,
        documentation: { href: "https://docs.mollie.com/reference/pagination", type: "text/html" },
      },
    };
  }

  private error(error: MollieError): Answer {
    return {
      status: error.status,
      body: {
        status: error.status,
        title: error.title,
        detail: error.detail,
        ...(error.field ? { field: error.field } : {}),
        _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } },
      },
    };
  }

  private json(res: ServerResponse, answer: Answer): void {
    res.writeHead(answer.status, { "content-type": "application/hal+json" }).end(JSON.stringify(answer.body));
  }

  private html(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
  }

  private async checkout(method: string, id: string, body: string, res: ServerResponse): Promise<void> {
    const payment = this.payments.get(id);
    if (!payment) return this.html(res, 404, page("Payment not found", "<p>This payment does not exist.</p>"));
    if (method === "POST") {
      const outcome = new URLSearchParams(body).get("status");
      if (!CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome)) return this.html(res, 400, page("Unknown outcome", "<p>Pick paid, failed, canceled or expired.</p>"));
      if (payment.status === "open" || payment.status === "pending") await this.settlePayment(payment.id, outcome as CheckoutOutcome);
      res.writeHead(303, { location: payment.redirectUrl }).end();
      return;
    }
    if (payment.status !== "open") {
      return this.html(res, 200, page("Payment finished", `<p>This payment is ${escapeHtml(payment.status)}.</p><p><a href="${escapeHtml(payment.redirectUrl)}">Back</a></p>`));
    }
    const choices = CHECKOUT_OUTCOMES.map(
      (outcome, i) => `<label><input type="radio" name="status" value="${outcome}"${i === 0 ? " checked" : ""}> ${outcome}</label><br>`,
    ).join("");
    const html = page(
      "iDEAL checkout",
      `<p>${escapeHtml(payment.description)}</p><p>EUR ${escapeHtml(payment.amount.value)}</p><form method="post">${choices}<button type="submit">Continue</button></form>`,
    );
    return this.html(res, 200, html);
  }

  private onboarding(method: string, id: string, url: URL, res: ServerResponse): void {
    const link = this.clientLinks.get(id);
    if (!link) return this.html(res, 404, page("Link not found", "<p>This onboarding link does not exist.</p>"));
    // The real client link leads through Mollie's sign-up and then OAuth; the stand-in connects at once and
    // sends the organization's id back to the redirect URL the platform gave (its `redirect_uri` query).
    link.organizationId ??= this.createOrganization(link.name, link.email);
    const redirect = url.searchParams.get("redirect_uri");
    if (method === "GET" && redirect && /^https?:\/\//.test(redirect)) {
      const target = new URL(redirect);
      target.searchParams.set("organizationId", link.organizationId);
      const state = url.searchParams.get("state");
      if (state) target.searchParams.set("state", state);
      res.writeHead(303, { location: target.toString() }).end();
      return;
    }
    return this.html(res, 200, page("Account connected", `<p>${escapeHtml(link.name)} is connected as ${escapeHtml(link.organizationId)}.</p>`));
  }
}

/** Starts a stand-in on a free local port (or the given one). */
export async function startMollieStandIn({ port = 0, host = "127.0.0.1" }: { port?: number; host?: string } = {}): Promise<MollieStandIn> {
  const standIn = new MollieStandIn();
  await standIn.listen(port, host);
  return standIn;
}
