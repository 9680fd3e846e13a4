// The careers pages' own words (headings, labels, department names) in the page's language, read from the
// careers catalogue outside next-intl's request context, so the pages render the same in tests. The
// openings' content itself is stored in English.
import type { Locale } from "../../i18n/locales";
import { getTranslator } from "../i18n/translator";

export type CareersTranslate = (key: string, values?: Record<string, string | number>) => string;

export type CareersCopy = {
  locale: Locale;
  t: CareersTranslate;
  /** A department's name in the page's language, and whether it is one we translate (else shown as stored). */
  department: (name: string) => { label: string; translated: boolean };
};

export async function careersCopy(locale: Locale): Promise<CareersCopy> {
  const translator = getTranslator(locale, "careers");
  const t: CareersTranslate = (key, values) => (translator as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values);
  const has = (key: string) => (translator as unknown as { has: (k: string) => boolean }).has(key);
  return {
    locale,
    t,
    department: (name) => {
      const key = `departments.${name}`;
      return !name.includes(".") && has(key) ? { label: t(key), translated: true } : { label: name, translated: false };
    },
  };
}
