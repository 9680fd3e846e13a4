import { Link } from "@/components/i18n/link";
import type { CareersCopy } from "@/lib/careers/copy";
import { EMPLOYMENT_TYPE } from "@/lib/careers/json-ld";
import type { JobOpening } from "@/lib/careers/types";
import type { Locale } from "@/i18n/locales";
import { jobOpeningPath } from "@/lib/site/site-url";
import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { InEnglish } from "./in-english";
import { DepartmentName } from "./job-openings-list";
import { JsonLdScript } from "./json-ld-script";
import { StartDate } from "./start-date";
import { TextWithEmailLinks } from "./text-with-email-links";
import styles from "./careers.module.css";

export type JobOpeningDetailProps = {
  opening: JobOpening;
  /** Requirements and benefits after sanitizeJobHtml; the only HTML this component inserts. */
  safeHtml: { requirements: string; benefits: string };
  jsonLd: unknown;
  copy: CareersCopy;
  /** The language the opening's content is written in (English when it has no version in the page's). */
  contentLocale?: Locale;
};

const EMPLOYMENT_LABELS: Record<typeof EMPLOYMENT_TYPE, string> = { FULL_TIME: "detail.fullTime" };

/** The full text of one opening, plus its JobPosting structured data. Its content is stored in English. */
export function JobOpeningDetail({ opening, safeHtml, jsonLd, copy, contentLocale = "en" }: JobOpeningDetailProps) {
  const { locale: pageLocale, t } = copy;
  // The content is marked as English only when it is not in the page's language.
  const locale: Locale = contentLocale === pageLocale ? "en" : pageLocale;
  // A translated opening names its department in that language already.
  const department = contentLocale !== "en" && contentLocale === pageLocale ? opening.department : <DepartmentName name={opening.department} copy={copy} />;
  return (
    <article>
      <JsonLdScript data={jsonLd} />
      <PageHeader
        as="header"
        back={<Link href="/job-openings">{t("detail.back")}</Link>}
        eyebrow={department}
        title={<InEnglish locale={locale}>{opening.role}</InEnglish>}
        lead={<InEnglish locale={locale}>{opening.description}</InEnglish>}
      />

      <div className={`container ${styles.detailBody}`}>
        <aside className={styles.facts} aria-labelledby="opening-facts">
          <h2 id="opening-facts" className="visually-hidden">
            {t("detail.atAGlance")}
          </h2>
          <dl>
            <div>
              <dt>{t("detail.department")}</dt>
              <dd>{department}</dd>
            </div>
            <div>
              <dt>{t("detail.location")}</dt>
              <dd>
                <InEnglish locale={locale}>{opening.location}</InEnglish>
              </dd>
            </div>
            <div>
              <dt>{t("detail.startDate")}</dt>
              <dd>
                <StartDate date={opening.startDate} locale={pageLocale} />
              </dd>
            </div>
            <div>
              <dt>{t("detail.hours")}</dt>
              <dd>{t(EMPLOYMENT_LABELS[EMPLOYMENT_TYPE])}</dd>
            </div>
          </dl>
          <LinkButton href="#how-to-apply" className={styles.applyButton}>
            {t("detail.howToApply")}
          </LinkButton>
        </aside>

        <div className={styles.sections}>
          {locale === "en" ? null : (
            <p className={styles.languageNotice}>
              {t("detail.englishOnly")}{" "}
              <a href={jobOpeningPath(opening.jobId)} hrefLang="en">
                {t("detail.readInEnglish")}
              </a>
            </p>
          )}
          <section aria-labelledby="the-role">
            <h2 id="the-role">{t("detail.theRole")}</h2>
            <InEnglish locale={locale} as="div">
              <p>{opening.overview}</p>
            </InEnglish>
          </section>

          <section aria-labelledby="requirements">
            <h2 id="requirements">{t("detail.requirements")}</h2>
            <div
              className={styles.richText}
              lang={locale === "en" ? undefined : "en"}
              dangerouslySetInnerHTML={{ __html: safeHtml.requirements }}
            />
          </section>

          <section aria-labelledby="benefits">
            <h2 id="benefits">{t("detail.benefits")}</h2>
            <div className={styles.richText} lang={locale === "en" ? undefined : "en"} dangerouslySetInnerHTML={{ __html: safeHtml.benefits }} />
          </section>

          <section aria-labelledby="interview">
            <h2 id="interview">{t("detail.interview")}</h2>
            <InEnglish locale={locale} as="div">
              <p>{opening.interviewTime}</p>
            </InEnglish>
          </section>

          <section aria-labelledby="how-to-apply" className={styles.apply}>
            <h2 id="how-to-apply">{t("detail.howToApply")}</h2>
            <InEnglish locale={locale} as="div">
              <p>
                <TextWithEmailLinks text={opening.apply} />
              </p>
            </InEnglish>
          </section>

          <section aria-labelledby="about-fixwell">
            <h2 id="about-fixwell">{t("detail.about")}</h2>
            <InEnglish locale={locale} as="div">
              <p>{opening.about}</p>
            </InEnglish>
          </section>
        </div>
      </div>
    </article>
  );
}
