-- /pro pages a handyman's open offers and their jobs separately, each newest first with the id as the
-- tie-break, and counts the jobs: one index on (handyman, status, time, id) serves both pages and the
-- count (an index-only scan of one handyman's accepted offers). It replaces the index on (handyman,
-- status), which is its prefix.
DROP INDEX IF EXISTS "offers_handyman_id_status_idx";
CREATE INDEX "offers_handyman_id_status_created_at_id_idx" ON "offers" ("handyman_id", "status", "created_at" DESC, "id" DESC);
