-- The operator console: job openings get a life (draft, published, closed) and a version that every save
-- must name, so two operators never overwrite each other silently; rich fields keep the Markdown an
-- operator wrote next to the HTML the public pages show; and every change an operator makes is written to
-- an append-only audit log.

-- CreateEnum
CREATE TYPE "job_opening_status" AS ENUM ('draft', 'published', 'closed');

-- CreateEnum
CREATE TYPE "rich_text_format" AS ENUM ('html', 'markdown');

-- AlterTable: the openings that exist were public, and stay so.
ALTER TABLE "job_openings"
    ADD COLUMN "status" "job_opening_status" NOT NULL DEFAULT 'published',
    ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN "closes_on" DATE,
    ADD COLUMN "published_at" TIMESTAMPTZ(3),
    ADD COLUMN "closed_at" TIMESTAMPTZ(3),
    ADD COLUMN "content_format" "rich_text_format" NOT NULL DEFAULT 'html',
    ADD COLUMN "requirements_source" TEXT,
    ADD COLUMN "benefits_source" TEXT;

UPDATE "job_openings" SET "published_at" = "created_at" WHERE "status" = 'published';

-- CreateIndex
CREATE INDEX "job_openings_status_idx" ON "job_openings"("status");

-- CreateTable: who did what, when, with the record before and after. No foreign key to users: the log
-- outlives the accounts it names, so it keeps the operator's address as it was.
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" UUID,
    "actor_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_target_idx" ON "audit_log"("target_type", "target_id");

-- Append-only: a row, once written, can be neither changed nor deleted.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
    FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
