-- A handyman is offered work only for a day their liability insurance covers, under every criterion:
-- lapsed insurance takes the profile out of the market until a new end date is on record (before, it
-- only paused them, which kept them in "price" and "rated"). The matching index keeps the end date beside
-- each pair, so the ranking's one eligibility condition (lib/handymen/ranking.ts, candidatesSql) checks it
-- without reading "handymen". A handyman without a date (the samples) is never out for it.
ALTER TABLE "handyman_offerings" ADD COLUMN "insured_until" DATE;

CREATE OR REPLACE FUNCTION "handyman_offerings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "handyman_offerings" WHERE "handyman_id" = NEW."id";
  IF NOT NEW."suspended" AND NEW."removed_at" IS NULL THEN
    INSERT INTO "handyman_offerings" ("city", "task_type", "handyman_id", "hourly_price_cents", "rating", "insured_until")
    SELECT DISTINCT c, t, NEW."id", NEW."hourly_price_cents", NEW."rating", NEW."insured_until"
      FROM unnest(NEW."cities") AS c, unnest(NEW."task_types") AS t;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "handyman_offerings_sync" ON "handymen";
CREATE TRIGGER "handyman_offerings_sync"
  AFTER INSERT OR UPDATE OF "cities", "task_types", "hourly_price_cents", "rating", "suspended", "removed_at", "insured_until" ON "handymen"
  FOR EACH ROW EXECUTE FUNCTION "handyman_offerings_sync"();

UPDATE "handyman_offerings" o SET "insured_until" = h."insured_until" FROM "handymen" h WHERE h."id" = o."handyman_id";
