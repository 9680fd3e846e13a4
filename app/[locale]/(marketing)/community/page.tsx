import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { WithEmailLinks } from "@/components/marketing/with-email-links";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { COMMUNITY_PROGRAM_IDS } from "@/lib/content/pages";
import { cityList } from "@/lib/requests/words";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/community">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.community.meta" });
  return pageMetadata(locale, "/community", { title: t("title"), description: t("description") });
}

export default async function CommunityPage({ params }: PageProps<"/[locale]/community">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.community" });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <p className={`${styles.prose} ${styles.sectionHeading}`}>{t("intro")}</p>
        <ul className={`${styles.grid} ${styles.gridPairs}`}>
          {COMMUNITY_PROGRAM_IDS.map((id, index) => (
            <Card as="li" key={id}>
              <span className={styles.cardNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h2 className={styles.cardTitle}>{t(`programs.${id}.title`)}</h2>
              <p className={styles.cardText}>{t(`programs.${id}.description`, { cities: cityList("and", locale) })}</p>
            </Card>
          ))}
        </ul>
        <p className={`${styles.prose} ${styles.after}`}>
          <WithEmailLinks text={t("closing")} />
        </p>
      </div>
    </>
  );
}
