// The answer for an address no route matches, in either language (/no-such-page, /nl/no-such-page):
// Next.js's global not-found page (experimental.globalNotFound), a route of its own, rendered on the
// server with status 404 and the whole site around it. A catch-all page calling notFound() would not do:
// Next.js draws such a 404 in the browser only, from an empty <html> without lang (vercel/next.js#62228).
// The proxy tells next-intl the address's language (X-NEXT-INTL-LOCALE); addresses outside the proxy
// get English.
import { getLocale, getTranslations, setRequestLocale } from "next-intl/server";
import { LocaleDocument } from "@/components/layout/locale-document";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { localeOf } from "@/i18n/locales";
import { SITE_VIEWPORT } from "@/lib/site/viewport";
import "./globals.css";

export const viewport = SITE_VIEWPORT;

export default async function GlobalNotFound() {
  const locale = localeOf(await getLocale());
  setRequestLocale(locale);
  const [t, common] = await Promise.all([
    getTranslations({ locale, namespace: "common.notFound.meta" }),
    getTranslations({ locale, namespace: "common.meta" }),
  ]);
  return (
    <LocaleDocument locale={locale}>
      <title>{common("titleTemplate").replace("%s", t("title"))}</title>
      <meta name="description" content={t("description")} />
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <NotFoundContent locale={locale} />
    </LocaleDocument>
  );
}
