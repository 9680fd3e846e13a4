-- The console's roster pages by name with keyset cursors (lib/ops/handymen.ts, listRosterPage): the key
-- is the name in lower case in byte order ("C"), then the id. This one index serves the order, the
-- cursor's range and a search by the start of a name (a LIKE 'prefix%' is a range of the same key in "C"
-- order; pg_trgm is not available on PGlite, so no trigram index). City and trade filters use the GIN
-- indexes on the two sets, or filter the name-ordered scan.
CREATE INDEX "handymen_name_key_idx" ON "handymen" ((lower("name") COLLATE "C"), "id");
-- The rare states read their own small indexes in the same order instead of the whole roster.
CREATE INDEX "handymen_suspended_name_key_idx" ON "handymen" ((lower("name") COLLATE "C"), "id") WHERE "suspended";
CREATE INDEX "handymen_removed_name_key_idx" ON "handymen" ((lower("name") COLLATE "C"), "id") WHERE "removed_at" IS NOT NULL;
