-- The mail addressed to a person, whatever the case of the address (erasure removes it, the export lists
-- it): matched as lower("recipient") = lower($1), exactly. Before, the match was ILIKE with the address as
-- the pattern, so an address with "_" or "%" also matched others' ("j_n@…" took "jon@…"'s mail), and it
-- read the whole outbox. This index serves the exact match.
CREATE INDEX "mail_outbox_recipient_lower_idx" ON "mail_outbox" (lower("recipient"));
