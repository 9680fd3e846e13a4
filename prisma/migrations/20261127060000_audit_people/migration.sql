-- The people an audit entry names, for the account export's "audit entries about you" (issue 25): the
-- target when it is a user, and the userId or homeownerId its before and after images hold. Before, the
-- export matched JSON paths with the path as a parameter, which no index can serve: it read the whole
-- log (86 ms of the export's 87 ms at 200,000 entries). A generated column is computed by PostgreSQL on
-- every insert, so no writer can forget it; adding it rewrites the table once without firing the
-- append-only trigger (a rewrite is not an UPDATE).
ALTER TABLE "audit_log" ADD COLUMN "people" TEXT[] NOT NULL GENERATED ALWAYS AS (
  array_remove(ARRAY[
    CASE WHEN "target_type" = 'user' THEN "target_id" END,
    "after" ->> 'homeownerId',
    "after" ->> 'userId',
    "before" ->> 'userId'
  ], NULL)
) STORED;

CREATE INDEX "audit_log_people_idx" ON "audit_log" USING GIN ("people");
