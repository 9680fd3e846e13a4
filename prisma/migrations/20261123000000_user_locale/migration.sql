-- Dutch next to English: every account has a language, which the mail it gets is written in. Accounts
-- that exist were written to in English, and stay so.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en',
ADD CONSTRAINT "users_locale_known" CHECK ("locale" IN ('en', 'nl'));
