"use client";
// next/link that stays in the page's language: on a Dutch page href="/signup" goes to /nl/signup. It
// reads the language from the [locale] segment, so it works in server and client components alike and
// needs no message provider. Addresses outside the pages (/api/…, other sites, #anchors) are left as given.
import NextLink from "next/link";
import { useParams } from "next/navigation";
import type { ComponentProps } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";
import { localizedPath } from "@/lib/i18n/paths";

/** The language of the page being rendered, from its [locale] segment. */
export function usePageLocale(): Locale {
  const locale = useParams<{ locale?: string }>()?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** `href` in `locale` when it is one of the site's pages, else unchanged. */
export function localizeHref(locale: Locale, href: string): string {
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/") || href.startsWith("/_next/")) return href;
  const cut = href.search(/[?#]/);
  return cut === -1 ? localizedPath(locale, href) : localizedPath(locale, href.slice(0, cut)) + href.slice(cut);
}

export function Link({ href, ...props }: ComponentProps<typeof NextLink>) {
  const locale = usePageLocale();
  const localized = typeof href === "string" ? localizeHref(locale, href) : href;
  return <NextLink href={localized} {...props} />;
}
