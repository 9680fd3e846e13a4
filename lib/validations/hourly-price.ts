// A handyman's hourly price, in euros including VAT: the one rule the console's edit and the application
// to join share. A form sends "45", "45.5" or "45,50"; JSON may send 45.5. Whole cents only.
import { z } from "zod";

import { MAX_HOURLY_PRICE, MIN_HOURLY_PRICE } from "./limits";

export { MAX_HOURLY_PRICE, MIN_HOURLY_PRICE };

export const HOURLY_PRICE_MESSAGE = `Enter an hourly price from €${MIN_HOURLY_PRICE} to €${MAX_HOURLY_PRICE}, in euros and cents (for example 45.50).`;

const euros = (value: unknown) => (typeof value === "string" && /^\s*\d{1,6}([.,]\d{1,2})?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : value);

/** Euros per hour, €10–€500, at most two decimals. */
export const hourlyPriceSchema = z.preprocess(
  euros,
  z
    .number({ error: HOURLY_PRICE_MESSAGE })
    .finite(HOURLY_PRICE_MESSAGE)
    .min(MIN_HOURLY_PRICE, HOURLY_PRICE_MESSAGE)
    .max(MAX_HOURLY_PRICE, HOURLY_PRICE_MESSAGE)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, HOURLY_PRICE_MESSAGE),
);

/** Euros → the cents the database keeps. */
export const toCents = (euros: number): number => Math.round(euros * 100);
