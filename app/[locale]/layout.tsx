import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SiteFooter } from "@/components/layout/site-footer";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteHeader } from "@/components/layout/site-header";
import { AuthNav } from "@/components/auth/auth-nav";
import { LanguageSuggestion } from "@/components/i18n/language-suggestion";
import { LOCALES, isLocale } from "@/i18n/locales";
import { cityList } from "@/lib/requests/catalogue";
import { FALLBACK_ORIGIN } from "@/lib/site/site-url";
import "../globals.css";

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

function siteOrigin(): URL {
  try {
    return new URL(process.env.NEXTAUTH_URL || FALLBACK_ORIGIN);
  } catch {
    return new URL(FALLBACK_ORIGIN);
  }
}

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: "common.meta" });
  return {
    metadataBase: siteOrigin(),
    title: { default: t("title"), template: t("titleTemplate") },
    description: t("description", { cities: cityList("and", locale) }),
    icons: { icon: { url: "/logo.svg", type: "image/svg+xml" } },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b6e4f" };

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  // Lets every page below render statically in this language.
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "common" });
  // The suggestion speaks Dutch: it is shown to visitors whose browser prefers Dutch.
  const suggestion = await getTranslations({ locale: "nl", namespace: "common.suggestion" });
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
        <SiteHeader authSlot={<AuthNav />} />
        <main id="main">{children}</main>
        <SiteFooter />
        <ScrollToTop />
        <LanguageSuggestion text={{ message: suggestion("message"), accept: suggestion("accept"), dismiss: suggestion("dismiss") }} />
      </body>
    </html>
  );
}
