// POST /api/payments/webhook – the provider's word that a payment changed (Mollie's classic webhook: a form
// body `id=tr_…`, unsigned). Never trusted: lib/payments fetches the payment from the provider and acts on
// what it says, once per (payment, status) whatever the order or number of calls.
// Answers: 200 (empty) for a call acted on, a repeat, an id we do not know, another environment's payment or
// a body without an id: Mollie retries anything else, and an unknown id must teach a caller nothing.
// 503 when the provider could not be asked (Mollie retries; the reconciliation sweep catches it too);
// 429 from one address past the limit (a flood).
import { env } from "@/lib/env";
import { PaymentProviderUnavailableError, syncPayment } from "@/lib/payments";
import { refundPaidAfterCancel } from "@/lib/requests/cancellation";
import { createLimiter, type Limiter } from "@/lib/rate-limit";
import { clientIp } from "@/lib/rate-limit/client-ip";

// Made on the first call, not when the module loads: `next build` loads it, without the server's environment.
let made: Limiter | undefined;
const limiter = () => (made ??= createLimiter({ name: "payments-webhook", points: 300, durationSeconds: 60 }));

export async function POST(req: Request): Promise<Response> {
  const ip = clientIp(req.headers, env().TRUSTED_IP_HEADER) ?? "unknown";
  const decision = await limiter().consume(ip);
  if (!decision.allowed) return new Response(null, { status: 429, headers: { "retry-after": String(decision.retryAfterSeconds) } });
  const body = (await req.text().catch(() => "")).slice(0, 1024);
  const id = new URLSearchParams(body).get("id") ?? "";
  try {
    // Paid for a job cancelled meanwhile (a checkout finished in another tab): all of it goes back at once.
    if ((await syncPayment(id)) === "paid") await refundPaidAfterCancel({ providerPaymentId: id });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) return new Response(null, { status: 503, headers: { "retry-after": "60" } });
    throw error;
  }
  return new Response(null, { status: 200 });
}
