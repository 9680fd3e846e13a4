-- Payments (lib/payments): a homeowner's payment of an accepted quote through the provider, the ledger of
-- its money (append-only, in cents, unique per provider event) and the refunds and releases asked of the
-- provider (written before the call, so the queue can finish one the provider did not answer).

-- CreateEnum
CREATE TYPE "payment_status" AS ENUM ('open', 'pending', 'paid', 'failed', 'canceled', 'expired');
CREATE TYPE "ledger_kind" AS ENUM ('paid', 'refunded', 'released', 'commission', 'reversed');
CREATE TYPE "transfer_kind" AS ENUM ('refund', 'release');
CREATE TYPE "transfer_state" AS ENUM ('requested', 'done', 'refused');

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "quote_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "status" "payment_status" NOT NULL DEFAULT 'open',
    "mode" TEXT NOT NULL,
    "provider_payment_id" TEXT,
    "checkout_url" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payments_amount_cents_check" CHECK ("amount_cents" BETWEEN 1 AND 1000000),
    CONSTRAINT "payments_attempt_check" CHECK ("attempt" >= 1),
    CONSTRAINT "payments_mode_check" CHECK ("mode" IN ('test', 'live'))
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "payment_id" UUID NOT NULL,
    "kind" "ledger_kind" NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "provider_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_entries_amount_cents_check" CHECK ("amount_cents" > 0)
);

-- CreateTable
CREATE TABLE "payment_transfers" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "kind" "transfer_kind" NOT NULL,
    "reason_key" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "commission_cents" INTEGER NOT NULL DEFAULT 0,
    "reversed_cents" INTEGER NOT NULL DEFAULT 0,
    "organization_id" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "state" "transfer_state" NOT NULL DEFAULT 'requested',
    "provider_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_transfers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_transfers_amounts_check" CHECK ("amount_cents" > 0 AND "commission_cents" >= 0 AND "reversed_cents" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments"("provider_payment_id");
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments"("idempotency_key");
CREATE UNIQUE INDEX "payments_quote_id_attempt_key" ON "payments"("quote_id", "attempt");
CREATE INDEX "payments_status_created_at_idx" ON "payments"("status", "created_at");
-- One live payment per quote: a new attempt only after the last one failed, was cancelled or expired.
CREATE UNIQUE INDEX "payments_live_quote_key" ON "payments"("quote_id") WHERE "status" IN ('open', 'pending', 'paid');
CREATE UNIQUE INDEX "ledger_entries_provider_id_kind_key" ON "ledger_entries"("provider_id", "kind");
CREATE INDEX "ledger_entries_payment_id_idx" ON "ledger_entries"("payment_id");
CREATE UNIQUE INDEX "payment_transfers_idempotency_key_key" ON "payment_transfers"("idempotency_key");
CREATE UNIQUE INDEX "payment_transfers_payment_id_kind_reason_key_key" ON "payment_transfers"("payment_id", "kind", "reason_key");
CREATE INDEX "payment_transfers_state_created_at_idx" ON "payment_transfers"("state", "created_at");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The ledger is append-only.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or deleted';
END;
$$;
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
