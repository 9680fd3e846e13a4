-- Messages between a homeowner and a handyman (lib/messages): one thread per request and handyman, made
-- when the request is offered to that handyman. Each side's read mark and the last digest mailed to it
-- live on the thread; either side may report it, and an operator may close it.

-- CreateTable
CREATE TABLE "message_threads" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_at" TIMESTAMPTZ(3),
    "homeowner_read_at" TIMESTAMPTZ(3),
    "handyman_read_at" TIMESTAMPTZ(3),
    "homeowner_mailed_at" TIMESTAMPTZ(3),
    "handyman_mailed_at" TIMESTAMPTZ(3),
    "reported_at" TIMESTAMPTZ(3),
    "reported_by" UUID,
    "report_reason" TEXT,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "message_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "thread_messages" (
    "id" BIGSERIAL NOT NULL,
    "thread_id" UUID NOT NULL,
    "author_id" UUID,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "thread_messages_body_check" CHECK (char_length("body") BETWEEN 1 AND 2000)
);

-- CreateIndex
CREATE UNIQUE INDEX "message_threads_request_id_handyman_id_key" ON "message_threads"("request_id", "handyman_id");

-- CreateIndex
CREATE INDEX "message_threads_handyman_id_idx" ON "message_threads"("handyman_id");

-- CreateIndex
CREATE INDEX "message_threads_reported_at_id_idx" ON "message_threads"("reported_at" DESC, "id" DESC) WHERE "reported_at" IS NOT NULL;

-- CreateIndex
CREATE INDEX "message_threads_reported_by_idx" ON "message_threads"("reported_by");

-- CreateIndex
CREATE INDEX "thread_messages_thread_id_id_idx" ON "thread_messages"("thread_id", "id");

-- CreateIndex
CREATE INDEX "thread_messages_author_id_created_at_idx" ON "thread_messages"("author_id", "created_at");

-- AddForeignKey
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_reported_by_fkey" FOREIGN KEY ("reported_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "message_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
