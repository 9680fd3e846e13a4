import { Link } from "@/components/i18n/link";
import { jobOpeningPath } from "@/lib/site/site-url";
import type { CareersCopy } from "@/lib/careers/copy";
import type { JobOpeningSummary } from "@/lib/careers/types";
import type { Locale } from "@/i18n/locales";
import { InEnglish } from "./in-english";
import { StartDate } from "./start-date";
import styles from "./careers.module.css";

/** One opening in the list; the whole card is the link to its detail page. */
export function JobOpeningCard({ opening, copy }: { opening: JobOpeningSummary & { contentLocale?: Locale }; copy: CareersCopy }) {
  const { locale: pageLocale, t } = copy;
  // Marked as English only when the card's words are not in the page's language.
  const locale: Locale = (opening.contentLocale ?? "en") === pageLocale ? "en" : pageLocale;
  return (
    <article className={styles.card} data-testid="job-opening-card">
      <h3 className={styles.cardTitle}>
        <Link href={jobOpeningPath(opening.jobId)} className={styles.cardLink}>
          <InEnglish locale={locale}>{opening.role}</InEnglish>
        </Link>
      </h3>
      <dl className={styles.cardFacts}>
        <div>
          <dt>{t("list.location")}</dt>
          <dd>
            <InEnglish locale={locale}>{opening.location}</InEnglish>
          </dd>
        </div>
        <div>
          <dt>{t("list.starts")}</dt>
          <dd>
            <StartDate date={opening.startDate} locale={pageLocale} />
          </dd>
        </div>
      </dl>
    </article>
  );
}
