import Link from "next/link";
import { jobOpeningPath } from "@/lib/careers/site-url";
import type { JobOpeningSummary } from "@/lib/careers/types";
import { StartDate } from "./start-date";
import styles from "./careers.module.css";

/** One opening in the list; the whole card is the link to its detail page. */
export function JobOpeningCard({ opening }: { opening: JobOpeningSummary }) {
  return (
    <article className={styles.card} data-testid="job-opening-card">
      <h3 className={styles.cardTitle}>
        <Link href={jobOpeningPath(opening.jobId)} className={styles.cardLink}>
          {opening.role}
        </Link>
      </h3>
      <dl className={styles.cardFacts}>
        <div>
          <dt>Location</dt>
          <dd>{opening.location}</dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>
            <StartDate date={opening.startDate} />
          </dd>
        </div>
      </dl>
    </article>
  );
}
