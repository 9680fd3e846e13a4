-- The insurance check (lib/handymen/profile-insurance.ts) mails a handyman once, a week before their
-- liability insurance runs out: this column holds the end date the reminder was sent for, so a check
-- that runs twice mails nothing twice, and a new end date (a renewed policy) gets its own reminder.

-- AlterTable
ALTER TABLE "handymen" ADD COLUMN "insurance_reminded_for" DATE;
