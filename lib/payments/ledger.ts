// The ledger's arithmetic: a payment's balance from its entries. Where the money of a payment is at every
// moment: paid = held + released (net of reversals) + commission + refunded. "Held" sits on the provider's
// balance waiting for the job; "released" went to the handyman's organization; commission stays with Fixwell.

export type LedgerKind = "paid" | "refunded" | "released" | "commission" | "reversed";

export type Balance = {
  paid: number;
  refunded: number;
  /** Released to the handyman, less what was reversed. */
  released: number;
  commission: number;
  held: number;
};

export function balanceOf(entries: readonly { kind: LedgerKind; amountCents: number }[]): Balance {
  const sum = (kind: LedgerKind) => entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amountCents, 0);
  const paid = sum("paid");
  const refunded = sum("refunded");
  const released = sum("released") - sum("reversed");
  const commission = sum("commission");
  return { paid, refunded, released, commission, held: paid - refunded - released - commission };
}
