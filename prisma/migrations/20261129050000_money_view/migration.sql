-- The operator console's money view (lib/ops/money.ts, lib/ops/money-export.ts): the ledger summed over a
-- range of days and the month's export read in (created_at, id) order both walk this index; the payments
-- list, newest first without a status filter, walks the second.

-- CreateIndex
CREATE INDEX "ledger_entries_created_at_id_idx" ON "ledger_entries"("created_at", "id");

-- CreateIndex
CREATE INDEX "payments_created_at_id_idx" ON "payments"("created_at" DESC, "id" DESC);
