-- /pro's money list (lib/handymen/payments.ts): a handyman's paid payments, newest first, a keyset page at a
-- time; the index reads exactly one page whatever the handyman's history.

-- CreateIndex
CREATE INDEX "payments_handyman_id_status_created_at_id_idx" ON "payments" ("handyman_id", "status", "created_at" DESC, "id" DESC);
