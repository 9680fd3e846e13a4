-- Payouts (lib/payments/payouts.ts): the handyman's connected payout organization at the provider, the
-- onboarding link and the state it was started with (the return is checked against them, never trusted),
-- and the moment a finished job was confirmed (by the homeowner, or by itself 48 hours after "done").

-- AlterTable
ALTER TABLE "handymen" ADD COLUMN "payout_organization_id" TEXT,
ADD COLUMN "payout_link_id" TEXT,
ADD COLUMN "payout_state" TEXT,
ADD COLUMN "payout_connected_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "inputs" ADD COLUMN "confirmed_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "handymen_payout_organization_id_key" ON "handymen"("payout_organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "handymen_payout_state_key" ON "handymen"("payout_state");
