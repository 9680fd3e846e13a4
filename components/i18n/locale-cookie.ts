// Remembers the visitor's choice of language for a year (the language switch and the suggestion).
import { LOCALE_COOKIE, type Locale } from "@/i18n/locales";

export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

export function rememberedLocale(): string | null {
  const entry = document.cookie.split("; ").find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(LOCALE_COOKIE.length + 1)) : null;
}
