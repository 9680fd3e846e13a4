-- Invoices (lib/invoices, docs/payments.md "Invoices and VAT"): the homeowner's invoice in the handyman's
-- name, its credit notes, and Fixwell's commission invoices to handymen. Each is a snapshot (names,
-- addresses, lines, amounts per rate) that is never changed and outlives account erasure: every reference
-- is set to null, never cascaded. Numbers come from invoice_counters, one row per series, taken with
-- UPDATE … RETURNING in the transaction that writes the invoice (no gaps, no sequence, never max()+1).
-- Also: the handyman's business details an invoice carries, the homeowner's billing name and address on
-- the request, and the invoice a queued mail carries as an attachment.

-- CreateEnum
CREATE TYPE "invoice_kind" AS ENUM ('invoice', 'credit_note', 'commission');

-- AlterTable
ALTER TABLE "handymen" ADD COLUMN "business_name" TEXT,
ADD COLUMN "business_street" TEXT,
ADD COLUMN "business_postcode" TEXT,
ADD COLUMN "business_city" TEXT,
ADD COLUMN "kvk_number" TEXT,
ADD COLUMN "vat_id" TEXT,
ADD COLUMN "kor_scheme" BOOLEAN NOT NULL DEFAULT false,
ADD CONSTRAINT "handymen_kvk_number_check" CHECK ("kvk_number" ~ '^[0-9]{8}$');

-- AlterTable
ALTER TABLE "inputs" ADD COLUMN "billing_name" TEXT,
ADD COLUMN "billing_street" TEXT,
ADD COLUMN "billing_postcode" TEXT;

-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN "invoice_id" UUID;

-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL,
    "kind" "invoice_kind" NOT NULL,
    "series" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "source_key" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "issuer_name" TEXT NOT NULL,
    "issuer_street" TEXT NOT NULL,
    "issuer_postcode" TEXT NOT NULL,
    "issuer_city" TEXT NOT NULL,
    "issuer_kvk" TEXT NOT NULL,
    "issuer_vat_id" TEXT,
    "issuer_kor" BOOLEAN NOT NULL DEFAULT false,
    "recipient_name" TEXT NOT NULL,
    "recipient_street" TEXT NOT NULL,
    "recipient_postcode" TEXT NOT NULL,
    "recipient_city" TEXT NOT NULL,
    "recipient_kvk" TEXT,
    "recipient_vat_id" TEXT,
    "work_description" TEXT NOT NULL,
    "work_date" DATE NOT NULL,
    "lines" JSONB NOT NULL,
    "rates" JSONB NOT NULL,
    "net_cents" INTEGER NOT NULL,
    "vat_cents" INTEGER NOT NULL,
    "total_cents" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "handyman_id" INTEGER,
    "request_id" UUID,
    "payment_id" UUID,
    "transfer_id" UUID,
    "credits_invoice_id" UUID,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invoices_number_check" CHECK ("number" >= 1),
    CONSTRAINT "invoices_issuer_check" CHECK ("issuer" IN ('handyman', 'fixwell')),
    CONSTRAINT "invoices_locale_check" CHECK ("locale" IN ('en', 'nl')),
    CONSTRAINT "invoices_total_check" CHECK ("total_cents" = "net_cents" + "vat_cents"),
    CONSTRAINT "invoices_sign_check" CHECK (("kind" = 'credit_note') = ("total_cents" < 0))
);

-- CreateTable
CREATE TABLE "invoice_counters" (
    "series" TEXT NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("series")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoices_source_key_key" ON "invoices"("source_key");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_series_number_key" ON "invoices"("series", "number");

-- CreateIndex
CREATE INDEX "invoices_handyman_id_issued_at_id_idx" ON "invoices"("handyman_id", "issued_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "invoices_request_id_idx" ON "invoices"("request_id");

-- CreateIndex
CREATE INDEX "invoices_payment_id_idx" ON "invoices"("payment_id");

-- AddForeignKey
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transfer_id_fkey" FOREIGN KEY ("transfer_id") REFERENCES "payment_transfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_fkey" FOREIGN KEY ("credits_invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
