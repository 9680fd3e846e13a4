import type { CareersCopy } from "@/lib/careers/copy";
import type { DepartmentGroup, JobOpeningSummary } from "@/lib/careers/types";
import { TextWithEmailLinks } from "./text-with-email-links";
import { JobOpeningCard } from "./job-opening-card";
import styles from "./careers.module.css";

function departmentAnchor(department: string): string {
  const slug = department
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `department-${slug || "other"}`;
}

/** Anchors for the departments, unique even when two names reduce to the same slug. */
function uniqueAnchors(departments: string[]): string[] {
  const seen = new Set<string>();
  return departments.map((department) => {
    const base = departmentAnchor(department);
    let anchor = base;
    for (let n = 2; seen.has(anchor); n += 1) anchor = `${base}-${n}`;
    seen.add(anchor);
    return anchor;
  });
}

/** A department's name in the page's language; one we have no translation for is shown as stored, in English. */
export function DepartmentName({ name, copy }: { name: string; copy: CareersCopy }) {
  const { label, translated } = copy.department(name);
  return translated || copy.locale === "en" ? label : <span lang="en">{label}</span>;
}

/** Openings grouped by department, with a jump list of the departments; or a note that there are none. */
export function JobOpeningsList({ groups, copy }: { groups: DepartmentGroup<JobOpeningSummary>[]; copy: CareersCopy }) {
  const { t } = copy;
  if (groups.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="no-openings">
        <h2 id="no-openings">{t("list.emptyTitle")}</h2>
        <p>
          <TextWithEmailLinks text={t("list.emptyBody")} />
        </p>
      </section>
    );
  }

  const anchors = uniqueAnchors(groups.map((group) => group.department));
  return (
    <>
      <nav className={styles.departmentNav} aria-label={t("list.departmentsLabel")}>
        <ul>
          {groups.map((group, index) => (
            <li key={group.department}>
              <a href={`#${anchors[index]}`}>
                <DepartmentName name={group.department} copy={copy} /> <span className={styles.count}>({group.openings.length})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group, index) => {
        const id = anchors[index];
        return (
          <section key={group.department} className={styles.department} aria-labelledby={id} data-testid="department">
            <h2 id={id} className={styles.departmentTitle}>
              <DepartmentName name={group.department} copy={copy} />
            </h2>
            <ul className={styles.cards} role="list">
              {group.openings.map((opening) => (
                <li key={opening.jobId}>
                  <JobOpeningCard opening={opening} copy={copy} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
