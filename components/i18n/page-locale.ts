// The page's language from its [locale] segment, and addresses in it, for client components. Kept apart
// from ./link.tsx so that what needs only these (the error screens) does not bring next/link's script.
import { useParams } from "next/navigation";
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
