import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LegalDocumentView } from "@/components/marketing/legal-document";
import { PageHeader } from "@/components/ui/page-header";
import { legalDocument, type LegalSection } from "@/lib/content/legal";
import { formatDate } from "@/lib/format";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/terms-of-service">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "legal.terms.meta" });
  return pageMetadata(locale, "/terms-of-service", { title: t("title"), description: t("description") });
}

export default async function TermsOfServicePage({ params }: PageProps<"/[locale]/terms-of-service">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "legal" });
  const document = legalDocument("terms", t.raw("terms") as { summary: string; sections: LegalSection[] });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("terms.title")} />
      <LegalDocumentView
        document={document}
        text={{ onThisPage: t("onThisPage"), inShort: t("inShort"), lastUpdated: t("lastUpdated", { date: formatDate(document.lastUpdated, locale) }) }}
      />
    </>
  );
}
