// The schemas' validation messages in the language an API answer is written in. Server code only: it
// holds every language's validation catalogue, which the forms' scripts must not carry.
import { createTranslator } from "use-intl/core";
import english from "../../messages/en/validation.json";
import dutch from "../../messages/nl/validation.json";
import type { Locale } from "../../i18n/locales";
import type { ValidationTranslator } from "../validations/messages";

const CATALOGUES: Record<Locale, typeof english> = { en: english, nl: dutch };
const translators = new Map<Locale, ValidationTranslator>();

/** A translator of the `validation` namespace in `locale`, made once per language. */
export function validationTranslatorFor(locale: Locale): ValidationTranslator {
  let translator = translators.get(locale);
  if (!translator) {
    const t = createTranslator({ locale, messages: { validation: CATALOGUES[locale] }, namespace: "validation" });
    translator = (key, values) => t(key, values);
    translators.set(locale, translator);
  }
  return translator;
}
