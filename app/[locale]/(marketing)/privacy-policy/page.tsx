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

export async function generateMetadata({ params }: PageProps<"/[locale]/privacy-policy">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "legal.privacy.meta" });
  return pageMetadata(locale, "/privacy-policy", { title: t("title"), description: t("description") });
}

export default async function PrivacyPolicyPage({ params }: PageProps<"/[locale]/privacy-policy">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "legal" });
  const document = legalDocument("privacy", t.raw("privacy") as { summary: string; sections: LegalSection[] });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("privacy.title")} />
      <LegalDocumentView
        document={document}
        text={{ onThisPage: t("onThisPage"), inShort: t("inShort"), lastUpdated: t("lastUpdated", { date: formatDate(document.lastUpdated, locale) }) }}
      />
    </>
  );
}
