// A payment's states and the one table of allowed moves. The provider decides them (open → paid, failed,
// canceled or expired, perhaps through pending); a status only moves forward, so a late or repeated webhook
// that reads an older status changes nothing.
import type { PaymentStatus } from "../generated/prisma/client";

export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  open: ["pending", "paid", "failed", "canceled", "expired"],
  pending: ["paid", "failed", "canceled", "expired"],
  paid: [],
  failed: [],
  canceled: [],
  expired: [],
};

export const LIVE_STATUSES: readonly PaymentStatus[] = ["open", "pending", "paid"];

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

const PROVIDER_STATUSES = new Set<string>(["open", "pending", "paid", "failed", "canceled", "expired"]);

/** The provider's status as ours; Mollie's "authorized" (not used for iDEAL) and unknown ones are not moves. */
export function fromProviderStatus(status: string): PaymentStatus | undefined {
  return PROVIDER_STATUSES.has(status) ? (status as PaymentStatus) : undefined;
}
