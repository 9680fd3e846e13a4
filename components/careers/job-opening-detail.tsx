import Link from "next/link";
import { splitEmails } from "@/lib/careers/format";
import { EMPLOYMENT_TYPE } from "@/lib/careers/json-ld";
import type { JobOpening } from "@/lib/careers/types";
import { JsonLdScript } from "./json-ld-script";
import { StartDate } from "./start-date";
import styles from "./careers.module.css";

export type JobOpeningDetailProps = {
  opening: JobOpening;
  /** Requirements and benefits after sanitizeJobHtml; the only HTML this component inserts. */
  safeHtml: { requirements: string; benefits: string };
  jsonLd: unknown;
};

const EMPLOYMENT_LABELS: Record<typeof EMPLOYMENT_TYPE, string> = { FULL_TIME: "Full-time" };

function TextWithEmailLinks({ text }: { text: string }) {
  return (
    <>
      {splitEmails(text).map((part, index) =>
        part.kind === "email" ? (
          <a key={index} href={`mailto:${part.address}`}>
            {part.address}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The full text of one opening, plus its JobPosting structured data. */
export function JobOpeningDetail({ opening, safeHtml, jsonLd }: JobOpeningDetailProps) {
  return (
    <article>
      <JsonLdScript data={jsonLd} />
      <header className={styles.band}>
        <div className="container">
          <p className={styles.back}>
            <Link href="/job-openings">← All job openings</Link>
          </p>
          <p className={styles.eyebrow}>{opening.department}</p>
          <h1>{opening.role}</h1>
          <p className={styles.lead}>{opening.description}</p>
        </div>
      </header>

      <div className={`container ${styles.detailBody}`}>
        <aside className={styles.facts} aria-labelledby="opening-facts">
          <h2 id="opening-facts" className="visually-hidden">
            At a glance
          </h2>
          <dl>
            <div>
              <dt>Department</dt>
              <dd>{opening.department}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{opening.location}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>
                <StartDate date={opening.startDate} />
              </dd>
            </div>
            <div>
              <dt>Hours</dt>
              <dd>{EMPLOYMENT_LABELS[EMPLOYMENT_TYPE]}</dd>
            </div>
          </dl>
          <a className={styles.applyButton} href="#how-to-apply">
            How to apply
          </a>
        </aside>

        <div className={styles.sections}>
          <section aria-labelledby="the-role">
            <h2 id="the-role">The role</h2>
            <p>{opening.overview}</p>
          </section>

          <section aria-labelledby="requirements">
            <h2 id="requirements">What we look for</h2>
            <div className={styles.richText} dangerouslySetInnerHTML={{ __html: safeHtml.requirements }} />
          </section>

          <section aria-labelledby="benefits">
            <h2 id="benefits">What we offer</h2>
            <div className={styles.richText} dangerouslySetInnerHTML={{ __html: safeHtml.benefits }} />
          </section>

          <section aria-labelledby="interview">
            <h2 id="interview">How we interview</h2>
            <p>{opening.interviewTime}</p>
          </section>

          <section aria-labelledby="how-to-apply" className={styles.apply}>
            <h2 id="how-to-apply">How to apply</h2>
            <p>
              <TextWithEmailLinks text={opening.apply} />
            </p>
          </section>

          <section aria-labelledby="about-fixwell">
            <h2 id="about-fixwell">About Fixwell</h2>
            <p>{opening.about}</p>
          </section>
        </div>
      </div>
    </article>
  );
}
