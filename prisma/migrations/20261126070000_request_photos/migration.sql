-- Photos with a repair request (lib/photos): up to five a request, each stored as the platform re-encoded
-- it (never as sent), with a thumbnail. The bytes live in this table (bytea) by default, or in S3-compatible
-- storage under `storage_key` when STORAGE_URL says so; exactly one of the two is set.

-- CreateTable
CREATE TABLE "request_photos" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "thumb_width" INTEGER NOT NULL,
    "thumb_height" INTEGER NOT NULL,
    "thumb_size" INTEGER NOT NULL,
    "image" BYTEA,
    "thumbnail" BYTEA,
    "storage_key" TEXT,
    "uploader_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_photos_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "request_photos_bytes_in_one_place" CHECK (("image" IS NOT NULL AND "thumbnail" IS NOT NULL AND "storage_key" IS NULL) OR ("image" IS NULL AND "thumbnail" IS NULL AND "storage_key" IS NOT NULL)),
    CONSTRAINT "request_photos_content_type_check" CHECK ("content_type" IN ('image/jpeg', 'image/webp')),
    CONSTRAINT "request_photos_position_check" CHECK ("position" BETWEEN 1 AND 5)
);

-- CreateIndex
CREATE UNIQUE INDEX "request_photos_request_id_position_key" ON "request_photos"("request_id", "position");

-- CreateIndex
CREATE INDEX "request_photos_uploader_id_idx" ON "request_photos"("uploader_id");

-- AddForeignKey
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "inputs"("input_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_uploader_id_fkey" FOREIGN KEY ("uploader_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Objects in S3-compatible storage whose photo row is gone (deleted by hand, with its request, or with the
-- account, through any cascade): a trigger records their keys in the same transaction, and lib/photos
-- deletes the objects once it has committed (and its sweep retries any it could not).

-- CreateTable
CREATE TABLE "photo_object_deletions" (
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "photo_object_deletions_pkey" PRIMARY KEY ("storage_key")
);

CREATE FUNCTION "request_photos_record_object_deletion"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "photo_object_deletions" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "request_photos_object_deletion"
  AFTER DELETE ON "request_photos"
  FOR EACH ROW WHEN (OLD."storage_key" IS NOT NULL)
  EXECUTE FUNCTION "request_photos_record_object_deletion"();
