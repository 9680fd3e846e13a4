-- A photo's place on a request while it is processed (lib/photos): taken under the request's row lock
-- before anything is decoded, so two uploads at once cannot both be processed for the last place. The
-- place goes when the photo is stored or refused; one left by a server that died counts for ten minutes.

-- CreateTable
CREATE TABLE "photo_reservations" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "photo_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "photo_reservations_request_id_idx" ON "photo_reservations"("request_id");

-- AddForeignKey
ALTER TABLE "photo_reservations" ADD CONSTRAINT "photo_reservations_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;
