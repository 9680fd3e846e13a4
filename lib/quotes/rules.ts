// A fixed quote's rules, in one place: what a handyman may send (one labour line and up to
// MAX_MATERIAL_LINES material lines, standing 1–30 days), how its amounts are computed (integer cents, on
// the server only), the VAT rate each line carries (./vat.ts's rule, never the handyman's pick), and what a stored
// quote's status reads as at a given moment (a sent quote past its validity is lapsed, with or without
// any sweep). The schema reads what a form or a JSON body sends; nothing the browser sends is an amount
// the quote keeps without being computed here.
//
// Amounts typed by the handyman (a fixed labour amount, a material line) are excluding VAT, as on an
// invoice. Labour by the hour uses the handyman's hourly price for the request's trade and city, which
// the site shows including VAT: the line's net is that price without the line's VAT. VAT is computed per
// rate over the lines' nets (as an invoice states it), so the total may differ by a cent from adding
// hours × price to the rest.
import { z } from "zod";
import { freeTextSchema } from "../validations/text";
import { QUOTE_LIMITS } from "../validations/limits";
import { isWholeCents, toCents, typedEuros } from "../validations/money";
import type { TaskType } from "../requests/catalogue";
import { vatRateForTrade } from "./vat";

export const VAT_RATES = [9, 21] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const MAX_MATERIAL_LINES = QUOTE_LIMITS.materialLines;
/** The labour line and the material lines together. */
export const MAX_QUOTE_LINES = QUOTE_LIMITS.lines;
export const MAX_QUOTE_TOTAL_CENTS = 10_000_00;
export const MAX_LINE_DESCRIPTION = QUOTE_LIMITS.descriptionMax;
export const DEFAULT_VALID_DAYS = QUOTE_LIMITS.validDaysDefault;
export const MIN_VALID_DAYS = QUOTE_LIMITS.validDaysMin;
export const MAX_VALID_DAYS = QUOTE_LIMITS.validDaysMax;
/** Hours are counted in quarters of an hour, up to this many hours on one quote. */
export const MAX_QUOTE_HOURS = QUOTE_LIMITS.hoursMax;

export type QuoteLineKind = "labour" | "materials";

/** What a line's VAT rate depends on besides its kind: the request's trade and the home's age as stated. */
export type VatContext = { taskType: TaskType; homeOlderThanTwoYears: boolean | null };

/** The one VAT rate a line of `kind` on such a request carries (./vat.ts's rule). */
export const vatRateOfLine = (kind: QuoteLineKind, context: VatContext): VatRate =>
  vatRateForTrade({ taskType: context.taskType, lineKind: kind, homeOlderThanTwoYears: context.homeOlderThanTwoYears });

// ---- What a form or a body sends. ----

export const QUOTE_AMOUNT_MESSAGE = "Enter an amount in euros and cents, from €0.01 (for example 120.50).";
export const QUOTE_HOURS_MESSAGE = `Enter the hours in quarters of an hour, from 0.25 to ${MAX_QUOTE_HOURS} (for example 2.5).`;
export const QUOTE_VAT_MESSAGE = "Give the VAT rate as 9 or 21, or leave it out.";
export const QUOTE_LABOUR_MESSAGE = "Give the labour as hours or as a fixed amount, not both.";
export const QUOTE_MATERIAL_MESSAGE = "Give each material line a description and an amount.";
export const QUOTE_DESCRIPTION_MESSAGE = `Keep the description to ${MAX_LINE_DESCRIPTION} characters or fewer.`;
export const QUOTE_LINES_MESSAGE = `A quote holds at most ${MAX_QUOTE_LINES} lines.`;
export const QUOTE_VALIDITY_MESSAGE = `Choose how many days the quote stands, from ${MIN_VALID_DAYS} to ${MAX_VALID_DAYS}.`;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Euros with whole cents, at least €0.01, as cents. */
const amountSchema = z.preprocess(
  typedEuros,
  z.number({ error: QUOTE_AMOUNT_MESSAGE }).refine((euros) => isWholeCents(euros) && euros >= 0.01, QUOTE_AMOUNT_MESSAGE).transform(toCents),
);

/** Hours in quarters: "2,5" → 10 quarters. */
const hoursSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d{1,3}([.,]\d{1,2})?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : value),
  z
    .number({ error: QUOTE_HOURS_MESSAGE })
    .refine((hours) => Number.isFinite(hours) && Number.isInteger(hours * 4) && hours >= 0.25 && hours <= MAX_QUOTE_HOURS, QUOTE_HOURS_MESSAGE)
    .transform((hours) => Math.round(hours * 4)),
);

/**
 * A posted rate, as a whole percentage, or none: the line's rate is the rule's (vatRateOfLine) either way;
 * a posted one is only compared with it (the form sends the rate it showed), and one that differs is refused.
 */
const vatRateSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : blankToUndefined(value)),
  z.number({ error: QUOTE_VAT_MESSAGE }).int(QUOTE_VAT_MESSAGE).optional(),
);

const descriptionSchema = freeTextSchema({ max: MAX_LINE_DESCRIPTION, maxMessage: QUOTE_DESCRIPTION_MESSAGE, typeMessage: QUOTE_DESCRIPTION_MESSAGE });

const labourSchema = z
  .object({
    description: z.preprocess((value) => value ?? "", descriptionSchema),
    hours: z.preprocess(blankToUndefined, hoursSchema.optional()),
    amount: z.preprocess(blankToUndefined, amountSchema.optional()),
    vatRate: vatRateSchema,
  }, { error: QUOTE_LABOUR_MESSAGE })
  .refine((labour) => (labour.hours === undefined) !== (labour.amount === undefined), { message: QUOTE_LABOUR_MESSAGE, path: ["hours"] });

const materialSchema = z.object({
  description: z.preprocess((value) => value ?? "", freeTextSchema({ max: MAX_LINE_DESCRIPTION, maxMessage: QUOTE_DESCRIPTION_MESSAGE, typeMessage: QUOTE_MATERIAL_MESSAGE, min: 1, minMessage: QUOTE_MATERIAL_MESSAGE })),
  amount: z.preprocess((value) => blankToUndefined(value) ?? "", amountSchema),
  vatRate: vatRateSchema,
}, { error: QUOTE_MATERIAL_MESSAGE });

/** A quote as sent: the labour, the materials, and how many days it stands (7 when not given). */
export const quoteInputSchema = z.object({
  labour: labourSchema,
  materials: z.array(materialSchema, { error: QUOTE_MATERIAL_MESSAGE }).max(MAX_MATERIAL_LINES, QUOTE_LINES_MESSAGE).default([]),
  validDays: z.preprocess(
    (value) => (value === undefined || value === "" ? DEFAULT_VALID_DAYS : typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: QUOTE_VALIDITY_MESSAGE }).int(QUOTE_VALIDITY_MESSAGE).min(MIN_VALID_DAYS, QUOTE_VALIDITY_MESSAGE).max(MAX_VALID_DAYS, QUOTE_VALIDITY_MESSAGE),
  ),
});

export type QuoteInput = z.infer<typeof quoteInputSchema>;

// ---- The amounts. ----

export type ComputedLine = {
  kind: QuoteLineKind;
  description: string;
  quarterHours: number | null;
  hourlyPriceCents: number | null;
  netCents: number;
  vatRate: number;
};

export type VatAtRate = { rate: number; netCents: number; vatCents: number };

export type QuoteAmounts = { netCents: number; vatCents: number; totalCents: number; vatByRate: VatAtRate[] };

/** The net of labour by the hour: hours × the hourly price (which includes VAT) without the line's VAT. */
export function hourlyLabourNet(quarterHours: number, hourlyPriceCents: number, vatRate: number): number {
  return Math.round((quarterHours * hourlyPriceCents * 100) / (4 * (100 + vatRate)));
}

/** The lines of a parsed quote, with their nets in cents and each line's rate from the rule. */
export function quoteLines(input: QuoteInput, hourlyPriceCents: number, context: VatContext): ComputedLine[] {
  const { labour } = input;
  const labourRate = vatRateOfLine("labour", context);
  const materialsRate = vatRateOfLine("materials", context);
  const labourLine: ComputedLine =
    labour.hours !== undefined
      ? { kind: "labour", description: labour.description, quarterHours: labour.hours, hourlyPriceCents, netCents: hourlyLabourNet(labour.hours, hourlyPriceCents, labourRate), vatRate: labourRate }
      : { kind: "labour", description: labour.description, quarterHours: null, hourlyPriceCents: null, netCents: labour.amount ?? 0, vatRate: labourRate };
  const materials = input.materials.map(
    (material): ComputedLine => ({ kind: "materials", description: material.description, quarterHours: null, hourlyPriceCents: null, netCents: material.amount, vatRate: materialsRate }),
  );
  return [labourLine, ...materials];
}

/** The rates the quote's sender posted, line by line as quoteLines orders them (undefined: none posted). */
export const postedVatRates = (input: QuoteInput): (number | undefined)[] => [input.labour.vatRate, ...input.materials.map((material) => material.vatRate)];

/** The VAT per rate (over the nets at that rate, rounded to the cent) and the totals of `lines`. */
export function quoteAmounts(lines: readonly Pick<ComputedLine, "netCents" | "vatRate">[]): QuoteAmounts {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.netCents);
  const vatByRate = [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, netCents]) => ({ rate, netCents, vatCents: Math.round((netCents * rate) / 100) }));
  const netCents = vatByRate.reduce((sum, entry) => sum + entry.netCents, 0);
  const vatCents = vatByRate.reduce((sum, entry) => sum + entry.vatCents, 0);
  return { netCents, vatCents, totalCents: netCents + vatCents, vatByRate };
}

/**
 * Why a computed quote cannot be sent, as a key of the api catalogue's `quote` messages; null when it can.
 * A posted rate other than the line's rate by the rule (`posted`, from postedVatRates) is refused, never
 * stored in its place.
 */
export function quoteRefusal(
  lines: readonly ComputedLine[],
  amounts: QuoteAmounts,
  posted: readonly (number | undefined)[],
): { key: "quote.vatRate"; index: number; rate: number } | { key: "quote.totalZero" | "quote.totalTooHigh" } | null {
  const index = lines.findIndex((line, at) => posted[at] !== undefined && posted[at] !== line.vatRate);
  if (index >= 0) return { key: "quote.vatRate", index, rate: lines[index]!.vatRate };
  if (amounts.totalCents <= 0 || lines.some((line) => !Number.isSafeInteger(line.netCents) || line.netCents <= 0)) return { key: "quote.totalZero" };
  if (amounts.totalCents > MAX_QUOTE_TOTAL_CENTS) return { key: "quote.totalTooHigh" };
  return null;
}

// ---- A stored quote's status. ----

export type StoredQuoteStatus = "sent" | "accepted" | "declined" | "replaced";
export type QuoteStatus = StoredQuoteStatus | "lapsed";

/** What a quote is at `now`: a sent quote past its validity is lapsed. */
export function quoteStatusAt(quote: { status: StoredQuoteStatus; validUntil: Date }, now: Date): QuoteStatus {
  return quote.status === "sent" && quote.validUntil <= now ? "lapsed" : quote.status;
}

/** The end of a quote's validity: `days` whole days after it was sent. */
export function validUntilOf(sentAt: Date, days: number): Date {
  return new Date(sentAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/** The refund reason key of a lower quote accepted after payment: the difference goes back, once per quote. */
export const REPLACEMENT_REFUND_PREFIX = "replaced:";
export const replacementRefundKey = (quoteId: string) => `${REPLACEMENT_REFUND_PREFIX}${quoteId}`;
