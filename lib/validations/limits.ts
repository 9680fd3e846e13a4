// The lengths the account forms allow, without the schemas (and zod) that enforce them: the forms'
// scripts and their messages need the numbers on every page, the schemas only when a form is checked.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
/** A handyman's hourly price, in euros including VAT (lib/validations/hourly-price.ts). */
export const MIN_HOURLY_PRICE = 10;
export const MAX_HOURLY_PRICE = 500;
/** The application to join (lib/handymen/applications-schema.ts). */
export const APPLICATION_LIMITS = { nameMax: 80, phoneMax: 30, introMax: 600, insurerMax: 120 } as const;
/** A message in a thread, and the reason given when reporting one, in characters (lib/messages/body.ts). */
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_REPORT_REASON_CHARS = 500;
/**
 * A fixed quote (lib/quotes/rules.ts): its lines, the empty material rows /pro's form offers (a form without
 * scripts cannot add rows), a line's description, the hours on it and the days it stands.
 */
export const QUOTE_LIMITS = { materialLines: 19, formMaterialRows: 5, lines: 20, descriptionMax: 200, hoursMax: 200, validDaysMin: 1, validDaysMax: 30, validDaysDefault: 7 } as const;
