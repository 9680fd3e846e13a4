import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { TRADE_COUNT } from "@/lib/content/pages";
import { company } from "@/lib/content/site";
import { cityList } from "@/lib/requests/words";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/ourstory">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.ourStory.meta" });
  return pageMetadata(locale, "/ourstory", { title: t("title"), description: t("description") });
}

export default async function OurStoryPage({ params }: PageProps<"/[locale]/ourstory">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.ourStory" });
  const paragraphs = (t.raw("paragraphs") as string[]).map((_, index) => t(`paragraphs.${index}`, { cities: cityList("and", locale) }));
  return (
    <>
      <PageHeader eyebrow={t("eyebrow", { year: String(company.foundedYear) })} title={t("title")} />
      <div className={`container ${styles.body}`}>
        <div className={styles.split}>
          <div className={styles.prose}>
            {paragraphs.map((paragraph, index) => (
              <p key={index} className={styles.storyParagraph}>
                {paragraph}
              </p>
            ))}
            <div className={styles.actions}>
              <LinkButton href="/signup">{t("requestRepair")}</LinkButton>
              <LinkButton href="/job-openings" variant="secondary">
                {t("workWithUs")}
              </LinkButton>
              <LinkButton href="/join" variant="secondary">
                {t("joinAsPro")}
              </LinkButton>
            </div>
          </div>
          <Card as="aside" aria-label={t("factsLabel")}>
            <dl className={styles.factList}>
              <div>
                <dt>{t("founded")}</dt>
                <dd>{company.foundedYear}</dd>
              </div>
              <div>
                <dt>{t("cities")}</dt>
                <dd>{company.cities.length}</dd>
              </div>
              <div>
                <dt>{t("trades")}</dt>
                <dd>{TRADE_COUNT}</dd>
              </div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
