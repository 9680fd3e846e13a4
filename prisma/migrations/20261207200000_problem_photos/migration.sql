-- Photos of a reported problem (issue #34): request_photos gains the part a photo belongs to, the request
-- itself (every existing photo) or the homeowner's problem report; each part has its own positions 1–5.
CREATE TYPE "photo_part" AS ENUM ('request', 'problem');

ALTER TABLE "request_photos" ADD COLUMN "part" "photo_part" NOT NULL DEFAULT 'request';

DROP INDEX "request_photos_request_id_position_key";

CREATE UNIQUE INDEX "request_photos_request_id_part_position_key" ON "request_photos"("request_id", "part", "position");
