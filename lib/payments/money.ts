// Money on the wire: Mollie's amounts are `{ currency: "EUR", value: "12.34" }` strings; ours are integer
// cents. The one conversion, both ways.

export type ProviderAmount = { currency: "EUR"; value: string };

/** 1234 → { currency: "EUR", value: "12.34" }. Only whole, non-negative cents. */
export function centsToAmount(cents: number): ProviderAmount {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a whole, non-negative number of cents: ${cents}`);
  return { currency: "EUR", value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` };
}

/** { currency: "EUR", value: "12.34" } → 1234; anything else (another currency, a malformed value) throws. */
export function amountToCents(amount: { currency: string; value: string }): number {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(amount.value);
  if (amount.currency !== "EUR" || !match) throw new RangeError(`not an amount in euros: ${amount.currency} ${amount.value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
