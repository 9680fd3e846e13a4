// /how-we-rank – how the matching rule (lib/matching.ts) picks a handyman, criterion by criterion, in the
// order its parameters apply; what "available" checks; that nobody pays to rank higher; how an offer
// passes on, what a rating rests on (a starting rating is shown as one, in the words every page uses:
// lib/handymen/rating.ts), what the reliability a profile shows counts (not a ranking parameter) and how
// reviews are checked. Rendered on request: the time a handyman has to answer is the
// server's HANDYMAN_RESPONSE_HOURS (lib/env.ts), the one the offers are made with.
import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations, setRequestLocale } from "next-intl/server";
import styles from "@/components/marketing/marketing.module.css";
import prosStyles from "@/components/pros/pros.module.css";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { localeOf } from "@/i18n/locales";
import { env } from "@/lib/env";
import { ratingWords } from "@/lib/handymen/rating";
import { pageMetadata } from "@/lib/i18n/metadata";
import { getTranslator } from "@/lib/i18n/translator";
import { CRITERIA } from "@/lib/requests/catalogue";

type Props = { params: Promise<{ locale: string }> };

/** How a starting rating of 4.7 without reviews reads on every page. */
const STARTING_RATING_EXAMPLE = { rating: 4.7, startingRating: 4.7, reviewCount: 0 };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pro.rank" });
  return pageMetadata(locale, "/how-we-rank", { title: t("metaTitle"), description: t("metaDescription") });
}

export default async function HowWeRankPage({ params }: Props) {
  await connection();
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pro.rank" });
  const list = (key: string) => (t.raw(key) as string[]).map((_, index) => t(`${key}.${index}`));
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <section aria-labelledby="criteria-heading" className={styles.prose}>
          <h2 id="criteria-heading">{t("criteriaHeading")}</h2>
        </section>
        <ul className={`${styles.grid} ${styles.gridPairs}`}>
          {CRITERIA.map((criterion) => (
            <Card as="li" key={criterion} id={`criterion-${criterion}`}>
              <h3 className={styles.cardTitle}>{t(`${criterion}.title`)}</h3>
              <ol className={prosStyles.steps}>
                {list(`${criterion}.steps`).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          ))}
        </ul>
        <div className={`${styles.prose} ${styles.after}`}>
          <h2 id="available">{t("availableHeading")}</h2>
          <p>{t("availableIntro")}</p>
          <ul>
            {list("availableChecks").map((check) => (
              <li key={check}>{check}</li>
            ))}
          </ul>
          <p>{t("insured")}</p>
          <h2>{t("tiesHeading")}</h2>
          <p>{t("ties")}</p>
          <h2>{t("payHeading")}</h2>
          <p>{t("pay")}</p>
          <h2>{t("offerHeading")}</h2>
          <p>{t("offer", { hours: env().HANDYMAN_RESPONSE_HOURS })}</p>
          <h2 id="ratings">{t("ratingsHeading")}</h2>
          <p>{t("ratings")}</p>
          <p>{t("startingRating", { example: ratingWords(STARTING_RATING_EXAMPLE, locale, getTranslator(locale, "job")) })}</p>
          <h2 id="reliability">{t("reliabilityHeading")}</h2>
          <p>{t("reliability")}</p>
          <p>{t("reliabilityNoShow")}</p>
          <p>{t("reliabilityNotRanked")}</p>
          <h2>{t("reviewsHeading")}</h2>
          <p>{t("reviews")}</p>
          <h2>{t("profilesHeading")}</h2>
          <p>{t("profiles")}</p>
        </div>
      </div>
    </>
  );
}
