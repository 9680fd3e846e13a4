-- A handyman who joined without a starting rating (through /join) kept no rating after their reviews:
-- the mean of the starting rating and the stars took NULL from the missing starting rating, so they
-- stayed "new" and ranked last under "rated". From now on their rating is the mean of their reviews'
-- stars (lib/handymen/queries.ts refreshRating); this gives those already reviewed theirs. The
-- handyman_offerings trigger carries the new ratings into the ranking's index.
UPDATE "handymen" h
   SET "rating" = r."mean"
  FROM (SELECT "handyman_id", avg("stars")::float8 AS "mean" FROM "reviews" GROUP BY "handyman_id") r
 WHERE h."id" = r."handyman_id"
   AND h."base_rating" IS NULL
   AND h."rating" IS NULL;
