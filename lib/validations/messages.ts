// Validation messages in the page's language. The schemas keep answering in English (the API's
// answers are English and stay byte for byte what they were); every message a schema can give is
// registered here under its key in the `validation` catalogue, so a form or server action turns an
// issue into the same message in Dutch. A message not registered here is shown as it is.
import english from "../../messages/en/validation.json";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { makeTranslator } from "../i18n/make-translator";
import { APPLICATION_LIMITS, QUOTE_LIMITS, EMAIL_MAX_LENGTH, MAX_HOURLY_PRICE, MIN_HOURLY_PRICE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { fieldErrorsOf, type FieldErrors } from "./field-errors";

export type ValidationKey = keyof typeof english;
export type MessageValues = Record<string, string | number>;
/** A translator over the `validation` namespace (next-intl's `t`, or the server's getTranslator). */
export type ValidationTranslator = (key: ValidationKey, values?: MessageValues) => string;

// The longest texts of lib/requests/schemas.ts and ./request-steps.ts, repeated here so the forms'
// scripts do not load those modules (tests/unit/validation-messages.test.ts keeps them equal).
export const MAX_DETAILS_LENGTH = 2000;
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_DECLINE_REASON_LENGTH = 500;

/** The keys whose English text carries values, and the values the schemas give them. */
const VALUES: Partial<Record<ValidationKey, MessageValues>> = {
  emailTooLong: { max: EMAIL_MAX_LENGTH },
  passwordTooShort: { min: PASSWORD_MIN_LENGTH },
  passwordTooLong: { max: PASSWORD_MAX_LENGTH },
  existingPasswordTooLong: { max: PASSWORD_MAX_LENGTH },
  detailsTooLong: { max: MAX_DETAILS_LENGTH },
  reviewTooLong: { max: MAX_REVIEW_LENGTH },
  reasonTooLong: { max: MAX_DECLINE_REASON_LENGTH },
  hourlyPrice: { min: MIN_HOURLY_PRICE, max: MAX_HOURLY_PRICE },
  applyName: { max: APPLICATION_LIMITS.nameMax },
  applyIntro: { max: APPLICATION_LIMITS.introMax },
  applyInsurer: { max: APPLICATION_LIMITS.insurerMax },
  quoteHours: { max: QUOTE_LIMITS.hoursMax },
  quoteDescription: { max: QUOTE_LIMITS.descriptionMax },
  quoteLines: { max: QUOTE_LIMITS.lines },
  quoteValidity: { min: QUOTE_LIMITS.validDaysMin, max: QUOTE_LIMITS.validDaysMax },
};

/** Messages whose English text varies: matched by shape, with the values read back. */
const PATTERNS: { pattern: RegExp; key: ValidationKey; values: (match: RegExpExecArray) => MessageValues }[] = [
  { pattern: /^Please fix the (?:field|(\d+) fields) marked below\.$/, key: "fixFields", values: (m) => ({ count: m[1] ? Number(m[1]) : 1 }) },
];

const englishTranslator = makeTranslator(DEFAULT_LOCALE, "validation", english);

let registry: Map<string, { key: ValidationKey; values?: MessageValues }> | null = null;

/** English text → its key, built on first use from the English catalogue. */
function known() {
  if (!registry) {
    registry = new Map();
    for (const key of Object.keys(english) as ValidationKey[]) {
      if (PATTERNS.some((entry) => entry.key === key)) continue;
      const values = VALUES[key];
      registry.set(englishTranslator(key, values), { key, values });
    }
  }
  return registry;
}

/** The key and values of an English validation message, or null when it is not one of ours. */
export function validationKeyOf(message: string): { key: ValidationKey; values?: MessageValues } | null {
  const found = known().get(message);
  if (found) return found;
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: values(match) };
  }
  return null;
}

/** `message` in the translator's language; English input comes back unchanged when it is not ours. */
export function localizeValidationMessage(message: string, t: ValidationTranslator): string {
  const found = validationKeyOf(message);
  return found ? t(found.key, found.values) : message;
}

type Issue = { path: readonly PropertyKey[] | string; message: string };

/** Issues (zod's, or the API's {path, message}) with their messages translated by `t`. */
function localizeIssues<I extends Issue>(issues: readonly I[], t: ValidationTranslator): I[] {
  return issues.map((issue) => ({ ...issue, message: localizeValidationMessage(issue.message, t) }));
}

/** Every field's message translated by `t`. */
export function localizeFieldErrors(errors: FieldErrors, t: ValidationTranslator): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message === undefined ? undefined : localizeValidationMessage(message, t)]));
}

/** The first message per field, in `locale`. English is returned exactly as the schemas wrote it. */
export async function fieldErrorsIn(issues: readonly Issue[], locale: Locale): Promise<FieldErrors> {
  if (locale === DEFAULT_LOCALE) return fieldErrorsOf(issues);
  return fieldErrorsOf(localizeIssues(issues, await validationTranslator(locale)));
}

/** Issues in `locale` (for an API that answers in the Accept-Language's language). */
export async function translateIssues<I extends Issue>(issues: readonly I[], locale: Locale): Promise<I[]> {
  if (locale === DEFAULT_LOCALE) return [...issues];
  return localizeIssues(issues, await validationTranslator(locale));
}

/**
 * The server's translator of the `validation` namespace in `locale`, outside a request's context. Loaded
 * on demand: the forms' scripts share this module and must not carry every catalogue.
 */
async function validationTranslator(locale: Locale): Promise<ValidationTranslator> {
  const { getTranslator } = await import("../i18n/translator");
  return getTranslator(locale, "validation");
}
