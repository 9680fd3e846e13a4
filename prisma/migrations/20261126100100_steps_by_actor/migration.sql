-- The account export reads the steps a person took on others' requests by who took them; without an
-- index that read scans every event of the market.
CREATE INDEX "request_events_actor_user_id_idx" ON "request_events" ("actor_user_id");
