-- The handyman cancels a job they accepted (lib/requests/withdrawal.ts; docs/request-life.md): one row per
-- accepted offer given up, the reliability mark and (for a paid job) the full refund's record, one per payment.
-- The handymen's reliability counts are kept with the profile like the rating.

-- AlterTable
ALTER TABLE "handymen" ADD COLUMN     "jobs_accepted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "jobs_cancelled" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "job_withdrawals" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "offer_id" UUID NOT NULL,
    "payment_id" UUID,
    "refund_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_withdrawals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "job_withdrawals_refund_check" CHECK ("refund_cents" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "job_withdrawals_offer_id_key" ON "job_withdrawals"("offer_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_withdrawals_payment_id_key" ON "job_withdrawals"("payment_id");

-- CreateIndex
CREATE INDEX "job_withdrawals_request_id_idx" ON "job_withdrawals"("request_id");

-- CreateIndex
CREATE INDEX "job_withdrawals_handyman_id_idx" ON "job_withdrawals"("handyman_id");

-- AddForeignKey
ALTER TABLE "job_withdrawals" ADD CONSTRAINT "job_withdrawals_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_withdrawals" ADD CONSTRAINT "job_withdrawals_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_withdrawals" ADD CONSTRAINT "job_withdrawals_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_withdrawals" ADD CONSTRAINT "job_withdrawals_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The jobs each handyman accepted so far.
UPDATE "handymen" h SET "jobs_accepted" = o.n
  FROM (SELECT "handyman_id", count(*)::int AS n FROM "offers" WHERE "status" = 'accepted' GROUP BY "handyman_id") o
 WHERE o."handyman_id" = h."id";
