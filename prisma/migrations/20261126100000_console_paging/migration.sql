-- Lists that page with keyset cursors, newest first with the id as the tie-break, and the console's
-- filters (state; city and trade; the day a request was sent), each read through an index.
-- The unfiltered list's index also carries state, city and trade, so the counts under a date filter are
-- an index-only scan of that range.
CREATE INDEX "inputs_created_at_input_id_idx" ON "inputs" ("created_at" DESC, "input_id" DESC) INCLUDE ("state", "city", "task_type");
CREATE INDEX "inputs_state_created_at_input_id_idx" ON "inputs" ("state", "created_at" DESC, "input_id" DESC);
CREATE INDEX "inputs_city_task_type_created_at_input_id_idx" ON "inputs" ("city", "task_type", "created_at" DESC, "input_id" DESC);
-- A homeowner's orders page by the same key (replaces the index on user and time alone).
DROP INDEX IF EXISTS "inputs_user_id_created_at_idx";
CREATE INDEX "inputs_user_id_created_at_input_id_idx" ON "inputs" ("user_id", "created_at" DESC, "input_id" DESC);
-- A handyman's offers page newest first.
CREATE INDEX "offers_handyman_id_created_at_id_idx" ON "offers" ("handyman_id", "created_at" DESC, "id" DESC);
-- One record's history in the audit log, newest first.
CREATE INDEX "audit_log_target_id_idx" ON "audit_log" ("target_type", "target_id", "id" DESC);

-- The console's counts per state, kept by the database as requests are added, change state or go: one row
-- per city, trade and state, so the counts under no filter or a city/trade filter read a few dozen rows
-- instead of every request. Row triggers keep it exact; TRUNCATE (the tests' reset) empties it.
CREATE TABLE "request_state_counts" (
  "city" "city" NOT NULL,
  "task_type" "task_type" NOT NULL,
  "state" "request_state" NOT NULL,
  "n" BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY ("city", "task_type", "state")
);

INSERT INTO "request_state_counts" ("city", "task_type", "state", "n")
SELECT "city", "task_type", "state", count(*) FROM "inputs" GROUP BY 1, 2, 3;

CREATE FUNCTION "request_state_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND OLD."city" = NEW."city" AND OLD."task_type" = NEW."task_type" AND OLD."state" = NEW."state" THEN
      RETURN NULL;
    END IF;
    UPDATE "request_state_counts" SET "n" = "n" - 1
     WHERE "city" = OLD."city" AND "task_type" = OLD."task_type" AND "state" = OLD."state";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "request_state_counts" AS c ("city", "task_type", "state", "n") VALUES (NEW."city", NEW."task_type", NEW."state", 1)
    ON CONFLICT ("city", "task_type", "state") DO UPDATE SET "n" = c."n" + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "inputs_state_counts" AFTER INSERT OR UPDATE OF "city", "task_type", "state" OR DELETE ON "inputs"
  FOR EACH ROW EXECUTE FUNCTION "request_state_counts_track"();

CREATE FUNCTION "request_state_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "request_state_counts";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "inputs_state_counts_truncate" AFTER TRUNCATE ON "inputs"
  FOR EACH STATEMENT EXECUTE FUNCTION "request_state_counts_clear"();
