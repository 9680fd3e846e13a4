-- Professionals join: a handyman serves a set of cities and a set of trades (every pair of the two), works
-- on given weekdays up to a number of jobs a day, takes days off, and has a public profile by slug.
-- Applications to join are vetted by operators before the account becomes a handyman's.
-- Each sample handyman becomes one city and one trade, works every day (capacity 10, the most a profile
-- may take, so the sample market matches as before on any date) and stays paused only where it was
-- "available: no". A handyman without reviews or a starting rating has no rating (NULL): "new".

-- AlterEnum
ALTER TYPE "user_role" ADD VALUE 'applicant';

-- CreateEnum
CREATE TYPE "application_status" AS ENUM ('submitted', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "handymen"
  ADD COLUMN "cities" "city"[],
  ADD COLUMN "task_types" "task_type"[],
  ADD COLUMN "slug" TEXT,
  ADD COLUMN "intro" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "daily_capacity" SMALLINT NOT NULL DEFAULT 2,
  ADD COLUMN "insured_until" DATE,
  ADD COLUMN "kvk_registered" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "removed_at" TIMESTAMPTZ(3),
  ALTER COLUMN "base_rating" DROP NOT NULL,
  ALTER COLUMN "rating" DROP NOT NULL;

UPDATE "handymen"
   SET "cities" = ARRAY["city"],
       "task_types" = ARRAY["task_type"],
       "slug" = trim(BOTH '-' FROM lower(regexp_replace("name", '[^A-Za-z0-9]+', '-', 'g'))) || '-' || "id",
       "daily_capacity" = 10;

ALTER TABLE "handymen"
  ALTER COLUMN "cities" SET NOT NULL,
  ALTER COLUMN "task_types" SET NOT NULL,
  ALTER COLUMN "slug" SET NOT NULL,
  ADD CONSTRAINT "handymen_cities_not_empty" CHECK (cardinality("cities") >= 1),
  ADD CONSTRAINT "handymen_task_types_not_empty" CHECK (cardinality("task_types") >= 1),
  ADD CONSTRAINT "handymen_daily_capacity_range" CHECK ("daily_capacity" BETWEEN 1 AND 10),
  ADD CONSTRAINT "handymen_intro_length" CHECK (char_length("intro") <= 600),
  ADD CONSTRAINT "handymen_slug_format" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("slug") <= 80);

DROP INDEX "handymen_city_task_type_idx";
ALTER TABLE "handymen" DROP COLUMN "city", DROP COLUMN "task_type";

-- CreateIndex
CREATE UNIQUE INDEX "handymen_slug_key" ON "handymen"("slug");
CREATE INDEX "handymen_cities_idx" ON "handymen" USING GIN ("cities");
CREATE INDEX "handymen_task_types_idx" ON "handymen" USING GIN ("task_types");

-- CreateTable: the weekdays a handyman takes jobs (ISO numbering: 1 = Monday … 7 = Sunday).
CREATE TABLE "handyman_work_days" (
    "handyman_id" INTEGER NOT NULL,
    "weekday" SMALLINT NOT NULL,

    CONSTRAINT "handyman_work_days_pkey" PRIMARY KEY ("handyman_id", "weekday"),
    CONSTRAINT "handyman_work_days_weekday_range" CHECK ("weekday" BETWEEN 1 AND 7)
);
ALTER TABLE "handyman_work_days" ADD CONSTRAINT "handyman_work_days_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "handyman_work_days" ("handyman_id", "weekday")
SELECT h."id", d FROM "handymen" h CROSS JOIN generate_series(1, 7) AS d;

-- CreateTable: days off, inclusive date ranges.
CREATE TABLE "handyman_days_off" (
    "id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handyman_days_off_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "handyman_days_off_order" CHECK ("ends_on" >= "starts_on")
);
CREATE INDEX "handyman_days_off_handyman_id_ends_on_idx" ON "handyman_days_off"("handyman_id", "ends_on");
ALTER TABLE "handyman_days_off" ADD CONSTRAINT "handyman_days_off_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable: applications to join, vetted in the console.
CREATE TABLE "handyman_applications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "cities" "city"[] NOT NULL,
    "task_types" "task_type"[] NOT NULL,
    "hourly_price_cents" INTEGER NOT NULL,
    "kvk_number" TEXT NOT NULL,
    "vat_id" TEXT,
    "iban" TEXT NOT NULL,
    "intro" TEXT NOT NULL DEFAULT '',
    "insurer" TEXT NOT NULL,
    "insured_until" DATE NOT NULL,
    "status" "application_status" NOT NULL DEFAULT 'submitted',
    "reject_reason" TEXT,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handyman_applications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "handyman_applications_cities_not_empty" CHECK (cardinality("cities") >= 1),
    CONSTRAINT "handyman_applications_task_types_not_empty" CHECK (cardinality("task_types") >= 1),
    CONSTRAINT "handyman_applications_price_range" CHECK ("hourly_price_cents" BETWEEN 1000 AND 50000),
    CONSTRAINT "handyman_applications_kvk_format" CHECK ("kvk_number" ~ '^[0-9]{8}$'),
    CONSTRAINT "handyman_applications_vat_format" CHECK ("vat_id" IS NULL OR "vat_id" ~ '^NL[0-9]{9}B[0-9]{2}$'),
    CONSTRAINT "handyman_applications_intro_length" CHECK (char_length("intro") <= 600),
    CONSTRAINT "handyman_applications_reason" CHECK (("status" = 'rejected') = ("reject_reason" IS NOT NULL))
);
-- One application waiting per account; a rejected applicant may apply again.
CREATE UNIQUE INDEX "handyman_applications_one_waiting" ON "handyman_applications"("user_id") WHERE "status" = 'submitted';
CREATE INDEX "handyman_applications_status_created_at_id_idx" ON "handyman_applications"("status", "created_at", "id");
CREATE INDEX "handyman_applications_user_id_idx" ON "handyman_applications"("user_id");
ALTER TABLE "handyman_applications" ADD CONSTRAINT "handyman_applications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "handyman_applications" ADD CONSTRAINT "handyman_applications_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
