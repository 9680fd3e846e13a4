import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { PageNotice } from "@/components/auth/page-notice";
import { Hero } from "@/components/home/hero";
import { ServicesSection } from "@/components/home/services-section";
import { TestimonialsSection } from "@/components/home/testimonials-section";
import { JoinSection } from "@/components/home/join-section";
import { TrustStrip } from "@/components/home/trust-strip";
import styles from "@/components/home/home.module.css";
import { cityList } from "@/lib/requests/words";
import { pageMetadata } from "@/lib/i18n/metadata";

// Only the home page's languages exist: another one-segment address with a dot (/favicon.ico,
// /apple-touch-icon.png) is a 404 at once, not a page Next.js would try to render as a new language.
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "home.meta" });
  return pageMetadata(locale, "/", {
    title: t("title"),
    description: t("description", { cities: cityList("or", locale) }),
    absoluteTitle: true,
  });
}

const SERVICES_ID = "our-services";

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  return (
    <>
      {/* "Your account was deleted" after a deletion; the page stays prerendered, the notice comes with its script. */}
      <Suspense fallback={null}>
        <div className="container">
          <PageNotice className={styles.notice} />
        </div>
      </Suspense>
      <Hero servicesId={SERVICES_ID} locale={locale} />
      <ServicesSection id={SERVICES_ID} locale={locale} />
      <TrustStrip locale={locale} />
      <TestimonialsSection locale={locale} />
      <JoinSection locale={locale} />
    </>
  );
}
