// Euros as people type them, the one reading every form shares (the hourly price of /join and the
// console, a quote's amounts): "45", "45.5" or "45,50", whole cents only, never negative. JSON may send
// a number with at most two decimals.

/** A typed amount of euros: digits, and a decimal point or comma with one or two digits. */
const EUROS = /^\s*\d{1,6}([.,]\d{1,2})?\s*$/;

/** "45,50" → 45.5; anything else (a number included) is given back as it came, for the schema to refuse. */
export function typedEuros(value: unknown): unknown {
  return typeof value === "string" && EUROS.test(value) ? Number(value.trim().replace(",", ".")) : value;
}

/** True for a finite number of euros with whole cents. */
export function isWholeCents(euros: number): boolean {
  return Number.isFinite(euros) && Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;
}

/** Euros → the cents the database keeps. */
export const toCents = (euros: number): number => Math.round(euros * 100);
