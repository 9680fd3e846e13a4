import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { VALUE_IDS } from "@/lib/content/values";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/culture">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.culture.meta" });
  return pageMetadata(locale, "/culture", { title: t("title"), description: t("description") });
}

export default async function CulturePage({ params }: PageProps<"/[locale]/culture">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.culture" });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <ul className={`${styles.grid} ${styles.gridPairs}`}>
          {VALUE_IDS.map((id) => (
            <Card as="li" key={id}>
              <h2 className={styles.cardTitle}>{t(`values.${id}.name`)}</h2>
              <p className={styles.cardText}>{t(`values.${id}.summary`)}</p>
              <p className={styles.inPractice}>
                <strong>{t("inPractice")}</strong>
                {t(`values.${id}.inPractice`)}
              </p>
            </Card>
          ))}
        </ul>
        <p className={`${styles.prose} ${styles.after}`}>
          {t.rich("closing", {
            benefits: (chunks) => <Link href="/benefits">{chunks}</Link>,
            jobs: (chunks) => <Link href="/job-openings">{chunks}</Link>,
          })}
        </p>
      </div>
    </>
  );
}
