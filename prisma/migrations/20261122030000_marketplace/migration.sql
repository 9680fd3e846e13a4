-- The job's life: roles on users, handymen as rows (seeded from the sample list), each request's state
-- with its offers to handymen, the log of every transition, and reviews.
-- Requests stored before this migration start as `submitted`: none of them was ever sent to anyone.

-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('homeowner', 'handyman', 'operator');

-- CreateEnum
CREATE TYPE "request_state" AS ENUM ('submitted', 'offered', 'declined', 'expired', 'unmatched', 'accepted', 'date_proposed', 'done', 'reviewed', 'cancelled');

-- CreateEnum
CREATE TYPE "offer_status" AS ENUM ('open', 'accepted', 'declined', 'expired', 'withdrawn');

-- CreateEnum
CREATE TYPE "actor_role" AS ENUM ('homeowner', 'handyman', 'operator', 'system');

-- AlterTable
ALTER TABLE "users" ADD COLUMN "role" "user_role" NOT NULL DEFAULT 'homeowner';

-- AlterTable
ALTER TABLE "inputs" ADD COLUMN "state" "request_state" NOT NULL DEFAULT 'submitted',
ADD COLUMN "proposed_date" DATE;

-- CreateTable
CREATE TABLE "handymen" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "city" "city" NOT NULL,
    "task_type" "task_type" NOT NULL,
    "hourly_price_cents" INTEGER NOT NULL,
    "base_rating" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "available" BOOLEAN NOT NULL DEFAULT true,
    "suspended" BOOLEAN NOT NULL DEFAULT false,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handymen_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "handymen_price_positive" CHECK ("hourly_price_cents" > 0),
    CONSTRAINT "handymen_rating_range" CHECK ("base_rating" BETWEEN 1 AND 5 AND "rating" BETWEEN 1 AND 5)
);

-- CreateTable
CREATE TABLE "offers" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "status" "offer_status" NOT NULL DEFAULT 'open',
    "decline_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "offers_decline_reason_length" CHECK (char_length("decline_reason") <= 500)
);

-- CreateTable
CREATE TABLE "request_events" (
    "id" BIGSERIAL NOT NULL,
    "request_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_user_id" UUID,
    "actor_role" "actor_role" NOT NULL,
    "action" TEXT NOT NULL,
    "from_state" "request_state" NOT NULL,
    "to_state" "request_state" NOT NULL,
    "handyman_id" INTEGER,
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "request_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "stars" SMALLINT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reviews_stars_range" CHECK ("stars" BETWEEN 1 AND 5),
    CONSTRAINT "reviews_text_length" CHECK (char_length("text") <= 2000)
);

-- CreateIndex
CREATE UNIQUE INDEX "handymen_user_id_key" ON "handymen"("user_id");

-- CreateIndex
CREATE INDEX "handymen_city_task_type_idx" ON "handymen"("city", "task_type");

-- CreateIndex
CREATE INDEX "offers_request_id_idx" ON "offers"("request_id");

-- CreateIndex
CREATE INDEX "offers_handyman_id_status_idx" ON "offers"("handyman_id", "status");

-- CreateIndex
CREATE INDEX "offers_status_expires_at_idx" ON "offers"("status", "expires_at");

-- Only one handyman holds a request at a time (not expressible in schema.prisma).
CREATE UNIQUE INDEX "offers_one_holder_per_request" ON "offers"("request_id") WHERE "status" IN ('open', 'accepted');

-- CreateIndex
CREATE INDEX "request_events_request_id_id_idx" ON "request_events"("request_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_request_id_key" ON "reviews"("request_id");

-- CreateIndex
CREATE INDEX "reviews_handyman_id_created_at_idx" ON "reviews"("handyman_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "handymen" ADD CONSTRAINT "handymen_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;
