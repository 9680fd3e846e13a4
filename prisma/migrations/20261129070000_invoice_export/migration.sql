-- The month's invoice export (GET /api/ops/money/invoices) reads invoices in (issued_at, id) keyset batches.
CREATE INDEX "invoices_issued_at_id_idx" ON "invoices"("issued_at", "id");
