// The careers pages' addresses for search engines: canonical and hreflang, absolute on the site's origin
// (the pages are rendered on request, so the origin is known).
import type { Locale } from "../../i18n/locales";
import { alternatesFor } from "../i18n/metadata";

export function absoluteAlternates(origin: string, locale: Locale, path: string): { canonical: string; languages: Record<string, string> } {
  const { canonical, languages } = alternatesFor(locale, path);
  return {
    canonical: `${origin}${String(canonical)}`,
    languages: Object.fromEntries(Object.entries(languages ?? {}).map(([language, href]) => [language, `${origin}${String(href)}`])),
  };
}
