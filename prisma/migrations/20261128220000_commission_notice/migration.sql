-- The commission start date each handyman was mailed about (lib/payments/commission-notice.ts), so the
-- notice goes once per date however often the daily sweep runs, and a new date gets a notice of its own.

-- AlterTable
ALTER TABLE "handymen" ADD COLUMN "commission_announced_for" DATE;
