// GET /api/ops/money/payments/{paymentId} – one payment with its ledger lines, its transfers, its request and quote; reads, writes nothing
import { operatorRoute } from "@/lib/ops/access";
import { getPaymentDetailOrThrow } from "@/lib/ops/money";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ paymentId: string }>({
  GET: async ({ params }) => Response.json({ payment: await getPaymentDetailOrThrow(params.paymentId) }),
});
