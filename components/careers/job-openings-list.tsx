import type { DepartmentGroup, JobOpeningSummary } from "@/lib/careers/types";
import { JobOpeningCard } from "./job-opening-card";
import styles from "./careers.module.css";

export function departmentAnchor(department: string): string {
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

/** Openings grouped by department, with a jump list of the departments; or a note that there are none. */
export function JobOpeningsList({ groups }: { groups: DepartmentGroup<JobOpeningSummary>[] }) {
  if (groups.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="no-openings">
        <h2 id="no-openings">No open positions right now</h2>
        <p>
          We are not hiring for a specific role at the moment. New openings appear here first; you are also welcome to
          send an open application to <a href="mailto:jobs@fixwell.example">jobs@fixwell.example</a>.
        </p>
      </section>
    );
  }

  const anchors = uniqueAnchors(groups.map((group) => group.department));
  return (
    <>
      <nav className={styles.departmentNav} aria-label="Departments">
        <ul>
          {groups.map((group, index) => (
            <li key={group.department}>
              <a href={`#${anchors[index]}`}>
                {group.department} <span className={styles.count}>({group.openings.length})</span>
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
              {group.department}
            </h2>
            <ul className={styles.cards} role="list">
              {group.openings.map((opening) => (
                <li key={opening.jobId}>
                  <JobOpeningCard opening={opening} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
