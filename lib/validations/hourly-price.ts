// A handyman's hourly price, in euros including VAT: the one rule the console's edit and the application
// to join share. A form sends "45", "45.5" or "45,50"; JSON may send 45.5. Whole cents only.
import { z } from "zod";

import { MAX_HOURLY_PRICE, MIN_HOURLY_PRICE } from "./limits";
import { isWholeCents, toCents, typedEuros } from "./money";

export { MAX_HOURLY_PRICE, MIN_HOURLY_PRICE };

export const HOURLY_PRICE_MESSAGE = `Enter an hourly price from €${MIN_HOURLY_PRICE} to €${MAX_HOURLY_PRICE}, in euros and cents (for example 45.50).`;

/** Euros per hour, €10–€500, at most two decimals. */
export const hourlyPriceSchema = z.preprocess(
  typedEuros,
  z
    .number({ error: HOURLY_PRICE_MESSAGE })
    .finite(HOURLY_PRICE_MESSAGE)
    .min(MIN_HOURLY_PRICE, HOURLY_PRICE_MESSAGE)
    .max(MAX_HOURLY_PRICE, HOURLY_PRICE_MESSAGE)
    .refine(isWholeCents, HOURLY_PRICE_MESSAGE),
);

export { toCents };
