// The site's languages, with nothing else imported: lib/format.ts, the proxy and client components share it.
export const LOCALES = ["en", "nl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The time zone every date and time is shown in. */
export const TIME_ZONE = "Europe/Amsterdam";

/** The cookie that remembers a visitor's choice of language (set by the language switch and the suggestion). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a [locale] segment's value: English when it names none. The root layout answers 404
 * for an unknown language first; a render without the segment (an internal one) gets English.
 */
export function localeOf(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
