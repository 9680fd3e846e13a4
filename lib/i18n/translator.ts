// Translations outside a page: mails composed by the worker, API errors, anything without next-intl's
// request context. The locale is passed in (the account's language, or the request's Accept-Language).
import { createTranslator, type TranslationValues } from "use-intl/core";
import { loadMessages } from "../../i18n/messages";
import type { Locale } from "../../i18n/locales";
import type { Namespace } from "../../i18n/namespaces";

/** next-intl's `t` for one namespace, with keys as plain strings (the catalogues are JSON read at run time). */
export type Translator = {
  (key: string, values?: TranslationValues): string;
  /** The message as stored, for structured entries (lists, sections). */
  raw(key: string): unknown;
  has(key: string): boolean;
};

/** A translator for one namespace in one language. */
export async function translatorFor(locale: Locale, namespace: Namespace): Promise<Translator> {
  const messages = await loadMessages(locale);
  return createTranslator({ locale, messages: messages as never, namespace: namespace as never, timeZone: "Europe/Amsterdam" }) as unknown as Translator;
}

export { localeFromAcceptLanguage } from "./accept-language";
