// Translations outside a page: mails composed by the worker, API errors, server actions' answers, anything
// without next-intl's request context. The locale is passed in (the account's language, or the request's
// Accept-Language). One translator per language and namespace, made on first use and kept.
import { CATALOGUES } from "../../i18n/catalogues";
import type { Locale } from "../../i18n/locales";
import type { Namespace } from "../../i18n/namespaces";
import { makeTranslator, type Translator } from "./make-translator";

export type { Translator } from "./make-translator";

const translators = new Map<string, Translator>();

/** The translator of `namespace` in `locale`. */
export function getTranslator(locale: Locale, namespace: Namespace): Translator {
  const key = `${locale}/${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = makeTranslator(locale, namespace, CATALOGUES[locale][namespace]);
    translators.set(key, t);
  }
  return t;
}

export { localeFromAcceptLanguage } from "./accept-language";
