-- Disputes (lib/requests/disputes.ts, lib/ops/disputes.ts; docs/request-life.md): a homeowner's problem with
-- a finished job, which keeps its money held until an operator decides it (or the homeowner confirms after all).

-- CreateEnum
CREATE TYPE "dispute_state" AS ENUM ('open', 'decided', 'withdrawn');

-- CreateEnum
CREATE TYPE "dispute_decision" AS ENUM ('release', 'partial_refund', 'full_refund');

-- CreateTable
CREATE TABLE "disputes" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "text" TEXT NOT NULL,
    "state" "dispute_state" NOT NULL DEFAULT 'open',
    "decision" "dispute_decision",
    "refund_cents" INTEGER,
    "release_cents" INTEGER,
    "commission_cents" INTEGER,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "reason" TEXT,

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "disputes_request_id_key" ON "disputes"("request_id");

-- CreateIndex
CREATE INDEX "disputes_state_opened_at_id_idx" ON "disputes"("state", "opened_at", "id");

-- CreateIndex
CREATE INDEX "disputes_payment_id_idx" ON "disputes"("payment_id");

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
