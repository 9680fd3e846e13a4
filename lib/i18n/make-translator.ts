// The one place a translator is made (use-intl's core: next-intl without React, so it also runs in the
// mail worker and the scripts). A message missing from the catalogue is an error: a test that reaches it
// fails; a page or a mail in production shows the message's key and logs the error instead.
import { createTranslator, type AbstractIntlMessages, type IntlError, type TranslationValues } from "use-intl/core";
import { TIME_ZONE, type Locale } from "../../i18n/locales";

/** next-intl's `t` for one namespace, with keys as plain strings (the catalogues are JSON). */
export type Translator = {
  (key: string, values?: TranslationValues): string;
  /** The message as stored, for structured entries (lists, sections). */
  raw(key: string): unknown;
  has(key: string): boolean;
};

function onError(error: IntlError): void {
  if (process.env.NODE_ENV === "test") throw error;
  console.error(error.message);
}

/** A translator over `messages`, the catalogue of `namespace` in `locale`. */
export function makeTranslator(locale: Locale, namespace: string, messages: AbstractIntlMessages | object): Translator {
  return createTranslator({ locale, messages: { [namespace]: messages } as never, namespace: namespace as never, timeZone: TIME_ZONE, onError }) as unknown as Translator;
}
