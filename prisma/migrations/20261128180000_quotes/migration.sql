-- Fixed quotes: the handyman holding a request sends one (labour and material lines, each with its VAT
-- rate, amounts in integer cents), the homeowner accepts or declines it; a new one replaces a declined,
-- lapsed or open one. At most one sent quote per request at any moment (the partial unique index).

-- CreateEnum
CREATE TYPE "quote_status" AS ENUM ('sent', 'accepted', 'declined', 'replaced');

-- CreateEnum
CREATE TYPE "quote_line_kind" AS ENUM ('labour', 'materials');

-- CreateTable
CREATE TABLE "quotes" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "status" "quote_status" NOT NULL DEFAULT 'sent',
    "net_cents" INTEGER NOT NULL,
    "vat_cents" INTEGER NOT NULL,
    "total_cents" INTEGER NOT NULL,
    "valid_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "quotes_amounts_check" CHECK ("net_cents" >= 0 AND "vat_cents" >= 0 AND "total_cents" > 0 AND "total_cents" = "net_cents" + "vat_cents")
);

-- CreateTable
CREATE TABLE "quote_lines" (
    "id" SERIAL NOT NULL,
    "quote_id" UUID NOT NULL,
    "position" SMALLINT NOT NULL,
    "kind" "quote_line_kind" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "quarter_hours" INTEGER,
    "hourly_price_cents" INTEGER,
    "net_cents" INTEGER NOT NULL,
    "vat_rate" SMALLINT NOT NULL,

    CONSTRAINT "quote_lines_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "quote_lines_net_cents_check" CHECK ("net_cents" > 0),
    CONSTRAINT "quote_lines_vat_rate_check" CHECK ("vat_rate" IN (9, 21))
);

-- CreateIndex
CREATE INDEX "quotes_request_id_created_at_idx" ON "quotes"("request_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "quotes_handyman_id_idx" ON "quotes"("handyman_id");

-- CreateIndex
CREATE UNIQUE INDEX "quotes_one_sent_per_request" ON "quotes"("request_id") WHERE "status" = 'sent';

-- CreateIndex
CREATE UNIQUE INDEX "quote_lines_quote_id_position_key" ON "quote_lines"("quote_id", "position");

-- AddForeignKey
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_fkey" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
