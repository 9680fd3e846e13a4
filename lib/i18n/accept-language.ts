// The language an Accept-Language header prefers among the site's, for the API's error messages. Plain
// code with no next-intl import: the API's errors are also thrown in the mail worker and the scripts.
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";

/** "nl-NL,nl;q=0.9,en;q=0.8" → nl: by quality, then order; English when it names neither language. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { language } of ranked) if (isLocale(language)) return language;
  return DEFAULT_LOCALE;
}
