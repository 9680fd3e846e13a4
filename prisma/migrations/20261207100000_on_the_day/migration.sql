-- On the day of a paid job (lib/requests/arrival.ts, lib/requests/no-show.ts; docs/request-life.md): the
-- handyman's "On my way" and "I'm at the door" times, one row per accepted offer; and a no-show, one per
-- request: the homeowner did not open (with the door's photo, re-encoded, and the homeowner's window to
-- object) or the handyman did not come.

-- CreateTable
CREATE TABLE "job_arrivals" (
    "offer_id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "on_my_way_at" TIMESTAMPTZ(3),
    "at_door_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_arrivals_pkey" PRIMARY KEY ("offer_id")
);

-- CreateTable
CREATE TABLE "no_shows" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "offer_id" UUID NOT NULL,
    "handyman_id" INTEGER NOT NULL,
    "payment_id" UUID NOT NULL,
    "absent" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "reported_at" TIMESTAMPTZ(3) NOT NULL,
    "object_until" TIMESTAMPTZ(3),
    "objection" TEXT,
    "settled_at" TIMESTAMPTZ(3),
    "door_photo" BYTEA,
    "door_photo_type" TEXT,
    "door_photo_width" INTEGER,
    "door_photo_height" INTEGER,

    CONSTRAINT "no_shows_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "no_shows_absent_check" CHECK ("absent" IN ('homeowner', 'handyman')),
    CONSTRAINT "no_shows_state_check" CHECK ("state" IN ('open', 'objected', 'settled', 'decided')),
    -- The homeowner's absence is reported only with the door's photo and a window to object.
    CONSTRAINT "no_shows_evidence_check" CHECK ("absent" = 'handyman' OR ("door_photo" IS NOT NULL AND "object_until" IS NOT NULL))
);

-- CreateIndex
CREATE INDEX "job_arrivals_request_id_idx" ON "job_arrivals"("request_id");

-- CreateIndex
CREATE INDEX "job_arrivals_handyman_id_idx" ON "job_arrivals"("handyman_id");

-- CreateIndex
CREATE UNIQUE INDEX "no_shows_request_id_key" ON "no_shows"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "no_shows_offer_id_key" ON "no_shows"("offer_id");

-- CreateIndex
CREATE INDEX "no_shows_state_object_until_idx" ON "no_shows"("state", "object_until");

-- CreateIndex
CREATE INDEX "no_shows_handyman_id_idx" ON "no_shows"("handyman_id");

-- CreateIndex
CREATE INDEX "no_shows_payment_id_idx" ON "no_shows"("payment_id");

-- AddForeignKey
ALTER TABLE "job_arrivals" ADD CONSTRAINT "job_arrivals_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_arrivals" ADD CONSTRAINT "job_arrivals_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_arrivals" ADD CONSTRAINT "job_arrivals_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_handyman_id_fkey" FOREIGN KEY ("handyman_id") REFERENCES "handymen"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
