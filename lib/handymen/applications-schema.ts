// The application to join as a professional: one zod schema for the form's check in the browser and the
// server action's check that counts (lib/handymen/applications.ts). The messages are English here and
// registered under their keys in the `validation` catalogue (lib/validations/messages.ts), so the Dutch
// form shows them in Dutch. The database's CHECKs repeat the formats (KvK, VAT id, price, intro) as a
// last line; nothing reaches it unchecked.
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { CITIES, TASK_TYPES } from "../requests/catalogue";
import { isCalendarDate, todayInAmsterdam } from "../requests/rules";
import { emailSchema, newPasswordSchema } from "../validations/auth";
import { hourlyPriceSchema } from "../validations/hourly-price";
import { APPLICATION_LIMITS } from "../validations/limits";
import { freeTextSchema } from "../validations/text";

export { APPLICATION_LIMITS };

export const APPLICATION_MESSAGES = {
  name: `Enter the name customers will see, 2 to ${APPLICATION_LIMITS.nameMax} characters.`,
  phone: "Enter a phone number we can reach you on, like +31 6 12345678.",
  taskTypes: "Choose at least one of the trades listed.",
  cities: "Choose at least one of the cities listed.",
  kvkNumber: "Enter your KvK number: the 8 digits of your Chamber of Commerce registration.",
  vatId: "Enter a Dutch VAT id as NL, 9 digits, B and 2 digits (NL123456789B01), or leave it empty.",
  iban: "This IBAN is not valid: check its letters and digits (like NL91 ABNA 0417 1643 00).",
  intro: `Keep your introduction to ${APPLICATION_LIMITS.introMax} characters.`,
  insurer: `Enter the name of your liability insurer, at most ${APPLICATION_LIMITS.insurerMax} characters.`,
  insuredUntil: "Enter the date your liability insurance runs until; it must be after today.",
  consent: "Tick the box to accept the terms for professionals.",
} as const;

const M = APPLICATION_MESSAGES;

/** A one-line text: the free-text rule, white space inside as single spaces, within `min`–`max` characters, else `message`. */
const line = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .max(10 * max, message)
    .pipe(freeTextSchema({ max: 10 * max, maxMessage: message }))
    .transform((value) => value.replace(/\s+/g, " "))
    .refine((value) => value.length >= min && Array.from(value).length <= max, message);

/** Spaces, dots and dashes people type inside numbers ("1234 5678", "NL91 ABNA …") are dropped. */
const compact = (value: unknown) => (typeof value === "string" && value.length <= 100 ? value.replace(/[\s.-]/g, "").toUpperCase() : value);

/** Every value a multiple choice sent, each once; a single value (JSON) is taken as a list of one. */
const choices = (value: unknown) => (typeof value === "string" ? [value] : Array.isArray(value) ? [...new Set(value)] : value);

/** The IBAN as stored: the electronic format (no spaces, upper case), its checksum checked by ibantools. */
export const ibanSchema = z.preprocess(
  (value) => (typeof value === "string" && value.length <= 100 ? (electronicFormatIBAN(value) ?? value) : value),
  z.string({ error: M.iban }).max(34, M.iban).refine((value) => isValidIBAN(value), M.iban),
);

/** A date in the future (after today in the Netherlands), YYYY-MM-DD. */
const futureDateSchema = z
  .string({ error: M.insuredUntil })
  .trim()
  .refine((value) => isCalendarDate(value) && value > todayInAmsterdam() && value < "2100-01-01", M.insuredUntil);

/** The professional's part of an application: the same for a new account and for a signed-in applicant applying again. */
export const applicationSchema = z.object({
  name: line(2, APPLICATION_LIMITS.nameMax, M.name),
  phone: z
    .string({ error: M.phone })
    .max(APPLICATION_LIMITS.phoneMax, M.phone)
    .trim()
    .refine((value) => /^\+?[0-9 ()-]+$/.test(value) && value.replace(/\D/g, "").length >= 9 && value.replace(/\D/g, "").length <= 15, M.phone),
  taskTypes: z.preprocess(choices, z.array(z.enum(TASK_TYPES, { error: M.taskTypes }), { error: M.taskTypes }).min(1, M.taskTypes).max(TASK_TYPES.length, M.taskTypes)),
  cities: z.preprocess(choices, z.array(z.enum(CITIES, { error: M.cities }), { error: M.cities }).min(1, M.cities).max(CITIES.length, M.cities)),
  hourlyPrice: hourlyPriceSchema,
  kvkNumber: z.preprocess(compact, z.string({ error: M.kvkNumber }).regex(/^[0-9]{8}$/, M.kvkNumber)),
  vatId: z.preprocess(
    (value) => (value === undefined || value === null ? "" : compact(value)),
    z
      .string({ error: M.vatId })
      .refine((value) => value === "" || /^NL[0-9]{9}B[0-9]{2}$/.test(value), M.vatId)
      .transform((value) => (value === "" ? null : value)),
  ),
  iban: ibanSchema,
  intro: freeTextSchema({ max: APPLICATION_LIMITS.introMax, typeMessage: M.intro, maxMessage: M.intro }),
  insurer: line(2, APPLICATION_LIMITS.insurerMax, M.insurer),
  insuredUntil: futureDateSchema,
  consent: z.literal(true, { error: M.consent }),
});

/** The application of someone without an account yet: the sign-up's address and password too. */
export const applicationWithAccountSchema = applicationSchema.extend({ email: emailSchema, password: newPasswordSchema });

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** The fields of the form, by the names it posts them under. */
export const APPLICATION_FIELDS = {
  name: "name",
  email: "email",
  password: "password",
  phone: "phone",
  taskTypes: "task_types",
  cities: "cities",
  hourlyPrice: "hourly_price",
  kvkNumber: "kvk_number",
  vatId: "vat_id",
  iban: "iban",
  intro: "intro",
  insurer: "insurer",
  insuredUntil: "insured_until",
  consent: "consent",
} as const;

/** The schema's input read from a posted form (text fields as typed, the two choices as lists, the tick as a boolean). */
export function applicationInputOf(form: FormData, withAccount: boolean): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const F = APPLICATION_FIELDS;
  return {
    name: text(F.name),
    phone: text(F.phone),
    taskTypes: list(F.taskTypes),
    cities: list(F.cities),
    hourlyPrice: text(F.hourlyPrice),
    kvkNumber: text(F.kvkNumber),
    vatId: text(F.vatId),
    iban: text(F.iban),
    intro: text(F.intro),
    insurer: text(F.insurer),
    insuredUntil: text(F.insuredUntil),
    consent: form.get(F.consent) === "on" || form.get(F.consent) === "true",
    ...(withAccount ? { email: text(F.email), password: text(F.password) } : {}),
  };
}
