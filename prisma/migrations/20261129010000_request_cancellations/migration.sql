-- What the cancellation of a paid job moves (lib/payments/cancellation.ts decides, lib/requests/cancellation.ts
-- writes it in the cancel's transaction): one row per request, so two cancels at once refund once.

-- CreateTable
CREATE TABLE "request_cancellations" (
    "request_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "by_role" "actor_role" NOT NULL,
    "rule" TEXT NOT NULL,
    "refund_cents" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL,
    "commission_cents" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_cancellations_pkey" PRIMARY KEY ("request_id"),
    CONSTRAINT "request_cancellations_amounts_check" CHECK ("refund_cents" >= 0 AND "fee_cents" >= 0 AND "commission_cents" >= 0 AND "commission_cents" <= "fee_cents")
);

-- CreateIndex
CREATE INDEX "request_cancellations_payment_id_idx" ON "request_cancellations"("payment_id");

-- AddForeignKey
ALTER TABLE "request_cancellations" ADD CONSTRAINT "request_cancellations_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "request_cancellations" ADD CONSTRAINT "request_cancellations_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
