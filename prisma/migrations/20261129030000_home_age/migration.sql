-- The homeowner's statement whether the home is older than two years (lib/quotes/vat.ts: 9% VAT on the
-- labour of some trades), and when it was stated. Requests made before the question was asked keep null:
-- unknown, which the VAT rule treats as "no" (21%).

-- AlterTable
ALTER TABLE "inputs" ADD COLUMN "home_older_than_two_years" BOOLEAN,
ADD COLUMN "home_age_stated_at" TIMESTAMPTZ(3);
