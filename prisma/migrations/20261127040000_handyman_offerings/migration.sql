-- Matching reads a request's (city, trade) pair in the rule's order through an index (issue 25): one row
-- per pair a handyman who may be offered work serves (not suspended, not removed), with the two sort
-- keys, kept by a trigger on "handymen" so no code path can forget it. Btree indexes give each criterion's
-- order within a pair: price ascending, price descending (for "available") and rating descending with
-- "new" last, ties by id (the register's order). A GIN index on the arrays cannot give an order, and at
-- 20,000 handymen PostgreSQL preferred a sequential scan over it (docs/performance.md).
CREATE TABLE "handyman_offerings" (
  "city" "city" NOT NULL,
  "task_type" "task_type" NOT NULL,
  "handyman_id" INTEGER NOT NULL REFERENCES "handymen"("id") ON DELETE CASCADE,
  "hourly_price_cents" INTEGER NOT NULL,
  "rating" DOUBLE PRECISION,
  CONSTRAINT "handyman_offerings_pkey" PRIMARY KEY ("city", "task_type", "handyman_id")
);
CREATE INDEX "handyman_offerings_by_price" ON "handyman_offerings" ("city", "task_type", "hourly_price_cents", "handyman_id");
CREATE INDEX "handyman_offerings_by_price_desc" ON "handyman_offerings" ("city", "task_type", "hourly_price_cents" DESC, "handyman_id");
CREATE INDEX "handyman_offerings_by_rating" ON "handyman_offerings" ("city", "task_type", "rating" DESC NULLS LAST, "handyman_id");
CREATE INDEX "handyman_offerings_handyman_id_idx" ON "handyman_offerings" ("handyman_id");

CREATE FUNCTION "handyman_offerings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "handyman_offerings" WHERE "handyman_id" = NEW."id";
  IF NOT NEW."suspended" AND NEW."removed_at" IS NULL THEN
    INSERT INTO "handyman_offerings" ("city", "task_type", "handyman_id", "hourly_price_cents", "rating")
    SELECT DISTINCT c, t, NEW."id", NEW."hourly_price_cents", NEW."rating"
      FROM unnest(NEW."cities") AS c, unnest(NEW."task_types") AS t;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "handyman_offerings_sync"
  AFTER INSERT OR UPDATE OF "cities", "task_types", "hourly_price_cents", "rating", "suspended", "removed_at" ON "handymen"
  FOR EACH ROW EXECUTE FUNCTION "handyman_offerings_sync"();

INSERT INTO "handyman_offerings" ("city", "task_type", "handyman_id", "hourly_price_cents", "rating")
SELECT DISTINCT c, t, h."id", h."hourly_price_cents", h."rating"
  FROM "handymen" h, unnest(h."cities") AS c, unnest(h."task_types") AS t
 WHERE NOT h."suspended" AND h."removed_at" IS NULL;
