-- The console's counts per state for a range of days (issue 25): one row per Amsterdam day the requests
-- were sent, city, trade and state, kept by the same trigger function as the all-time counts. Before, a
-- range of days was counted from an index-only scan of that range of requests, which grows with the
-- market (58 ms for three months of one trade at 1,000,000 requests); now it sums at most a row per
-- day, city, trade and state. The day is the one the console's filter means: the request's sending
-- time in Amsterdam.
-- The Amsterdam day of a moment: one definition for the trigger, the backfill and the scale bench's loader.
CREATE FUNCTION "amsterdam_day"(at TIMESTAMPTZ) RETURNS DATE LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Europe/Amsterdam')::date
$$;

CREATE TABLE "request_state_day_counts" (
  "day" DATE NOT NULL,
  "city" "city" NOT NULL,
  "task_type" "task_type" NOT NULL,
  "state" "request_state" NOT NULL,
  "n" BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY ("day", "city", "task_type", "state")
);

INSERT INTO "request_state_day_counts" ("day", "city", "task_type", "state", "n")
SELECT "amsterdam_day"("created_at"), "city", "task_type", "state", count(*) FROM "inputs" GROUP BY 1, 2, 3, 4;

CREATE OR REPLACE FUNCTION "request_state_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND OLD."city" = NEW."city" AND OLD."task_type" = NEW."task_type" AND OLD."state" = NEW."state"
       AND OLD."created_at" = NEW."created_at" THEN
      RETURN NULL;
    END IF;
    UPDATE "request_state_counts" SET "n" = "n" - 1
     WHERE "city" = OLD."city" AND "task_type" = OLD."task_type" AND "state" = OLD."state";
    UPDATE "request_state_day_counts" SET "n" = "n" - 1
     WHERE "day" = "amsterdam_day"(OLD."created_at")
       AND "city" = OLD."city" AND "task_type" = OLD."task_type" AND "state" = OLD."state";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "request_state_counts" AS c ("city", "task_type", "state", "n") VALUES (NEW."city", NEW."task_type", NEW."state", 1)
    ON CONFLICT ("city", "task_type", "state") DO UPDATE SET "n" = c."n" + 1;
    INSERT INTO "request_state_day_counts" AS c ("day", "city", "task_type", "state", "n")
    VALUES ("amsterdam_day"(NEW."created_at"), NEW."city", NEW."task_type", NEW."state", 1)
    ON CONFLICT ("day", "city", "task_type", "state") DO UPDATE SET "n" = c."n" + 1;
  END IF;
  RETURN NULL;
END;
$$;

-- The day comes from created_at: a change to it moves the request between days.
DROP TRIGGER "inputs_state_counts" ON "inputs";
CREATE TRIGGER "inputs_state_counts" AFTER INSERT OR UPDATE OF "city", "task_type", "state", "created_at" OR DELETE ON "inputs"
  FOR EACH ROW EXECUTE FUNCTION "request_state_counts_track"();

CREATE OR REPLACE FUNCTION "request_state_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "request_state_counts";
  DELETE FROM "request_state_day_counts";
  RETURN NULL;
END;
$$;
