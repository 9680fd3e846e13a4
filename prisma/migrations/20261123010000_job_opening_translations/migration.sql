-- Dutch next to English for job openings. English stays in job_openings: every opening has it, and the
-- public API serves it. A Dutch version, when an operator wrote one, is a row here with the same
-- translatable fields; requirements and benefits follow the opening's content_format, with the Markdown
-- source beside the HTML. Deleting an opening deletes its translations.

-- CreateTable
CREATE TABLE "job_opening_translations" (
    "job_id" VARCHAR(64) NOT NULL,
    "locale" TEXT NOT NULL,
    "department" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "about" TEXT NOT NULL,
    "overview" TEXT NOT NULL,
    "requirements" TEXT NOT NULL,
    "benefits" TEXT NOT NULL,
    "requirements_source" TEXT,
    "benefits_source" TEXT,
    "interview_time" TEXT NOT NULL,
    "apply" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_opening_translations_pkey" PRIMARY KEY ("job_id", "locale"),
    CONSTRAINT "job_opening_translations_locale_known" CHECK ("locale" IN ('nl'))
);

-- AddForeignKey
ALTER TABLE "job_opening_translations" ADD CONSTRAINT "job_opening_translations_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job_openings"("job_id") ON DELETE CASCADE ON UPDATE CASCADE;
