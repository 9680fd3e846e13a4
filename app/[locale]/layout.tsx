import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LocaleDocument } from "@/components/layout/locale-document";
import { LOCALES, isLocale } from "@/i18n/locales";
import { cityList } from "@/lib/requests/words";
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
    icons: { icon: { url: "/logo.svg", type: "image/svg+xml" }, apple: { url: "/icons/apple-touch-icon.png", sizes: "180x180" } },
    appleWebApp: { capable: true, title: "Fixwell", statusBarStyle: "default" },
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  // Lets every page below render statically in this language.
  setRequestLocale(locale);
  return <LocaleDocument locale={locale}>{children}</LocaleDocument>;
}
