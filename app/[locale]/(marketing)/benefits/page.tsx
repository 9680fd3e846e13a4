import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BENEFIT_IDS } from "@/lib/content/benefits";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/benefits">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.benefits.meta" });
  return pageMetadata(locale, "/benefits", { title: t("title"), description: t("description") });
}

export default async function BenefitsPage({ params }: PageProps<"/[locale]/benefits">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.benefits" });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("intro.0")} />
      <div className={`container ${styles.body}`}>
        <p className={`${styles.prose} ${styles.sectionHeading}`}>{t("intro.1")}</p>
        <ul className={`${styles.grid} ${styles.gridQuads}`}>
          {BENEFIT_IDS.map((id) => (
            <Card as="li" key={id}>
              <h2 className={styles.cardTitle}>{t(`items.${id}.title`)}</h2>
              <p className={styles.cardText}>{t(`items.${id}.description`)}</p>
            </Card>
          ))}
        </ul>
        <div className={styles.actions}>
          <LinkButton href="/job-openings">{t("seeOpenings")}</LinkButton>
          <LinkButton href="/culture" variant="secondary">
            {t("readCulture")}
          </LinkButton>
        </div>
      </div>
    </>
  );
}
