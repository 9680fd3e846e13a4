// Paths in each language: English keeps the path as it is, Dutch puts /nl in front (/nl for the home page).
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "../../i18n/locales";

/** The public path of `path` (an English path such as /ourstory) in `locale`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/**
 * The language a path is in, and the path without its language prefix. Also takes the routes Next.js
 * renders (/en/ourstory), which is what a prerendered page sees as its own path.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (isLocale(first)) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The route Next.js renders for a public path: every page lives under app/[locale]. */
export function internalPath(pathname: string): string {
  const { locale, path } = splitLocale(pathname);
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** Every language's public path of `path`. */
export function pathsInEveryLocale(path: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;
}
