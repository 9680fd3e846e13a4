// The addresses search engines need for a page in each language: its canonical URL, and hreflang
// alternates for every language plus x-default (the English page). Relative URLs are made absolute
// with the root layout's metadataBase.
import type { Metadata } from "next";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { localizedPath, pathsInEveryLocale } from "./paths";

export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata["alternates"]> {
  return {
    canonical: localizedPath(locale, path),
    languages: { ...pathsInEveryLocale(path), "x-default": localizedPath(DEFAULT_LOCALE, path) },
  };
}

/** Open Graph's locale names (language_TERRITORY). */
export const OPEN_GRAPH_LOCALE: Record<Locale, string> = { en: "en_GB", nl: "nl_NL" };

/** The metadata every public page carries: title, description, addresses and Open Graph in its language. */
export function pageMetadata(locale: Locale, path: string, { title, description, absoluteTitle = false }: { title: string; description: string; absoluteTitle?: boolean }): Metadata {
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: alternatesFor(locale, path),
    openGraph: { title, description, url: localizedPath(locale, path), locale: OPEN_GRAPH_LOCALE[locale], siteName: "Fixwell", type: "website" },
  };
}
