// /ops/job-openings – every opening whatever its status and the languages it is written in, with a way to
// each one's editor and to a new one.
import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import ops from "@/components/ops/ops.module.css";
import styles from "@/components/ops/job-openings.module.css";
import { formatDate, formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { listOpsOpenings, opsOpeningPath } from "@/lib/careers/console";
import { LANGUAGE_NAMES, STATUS_LABELS } from "@/lib/careers/status-labels";

export const metadata: Metadata = { title: "Job openings · Operator console" };

export default async function OpsJobOpeningsPage() {
  await requireOperator();
  const openings = await listOpsOpenings();
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Job openings" lead="Drafts are seen only here. Published openings are on the careers pages; closed ones answer that they have closed." />
      <div className={`container ${ops.section}`}>
        <PageNotice />
        <div className={styles.toolbar}>
          <p>
            {openings.length} opening{openings.length === 1 ? "" : "s"}
          </p>
          <LinkButton href="/ops/job-openings/new">New opening</LinkButton>
        </div>
        {openings.length === 0 ? (
          <p>There are no job openings yet.</p>
        ) : (
          <div className={ops.tableWrap}>
            <table className={ops.table}>
              <caption className="visually-hidden">Job openings, by department</caption>
              <thead>
                <tr>
                  <th scope="col">Role</th>
                  <th scope="col">Department</th>
                  <th scope="col">Location</th>
                  <th scope="col">Start date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Languages</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {openings.map((opening) => (
                  <tr key={opening.jobId} data-testid="ops-opening-row">
                    <td>
                      <Link href={opsOpeningPath(opening.jobId)}>{opening.role}</Link>
                    </td>
                    <td>{opening.department}</td>
                    <td>{opening.location}</td>
                    <td>
                      <time dateTime={opening.startDate}>{formatDate(opening.startDate)}</time>
                    </td>
                    <td>
                      <span className={styles.status}>{STATUS_LABELS[opening.status]}</span>
                    </td>
                    <td data-testid="ops-opening-languages">
                      <span className={styles.languages} aria-hidden="true">
                        {opening.languages.map((locale) => locale.toUpperCase()).join(" · ")}
                      </span>
                      <span className="visually-hidden">{opening.languages.map((locale) => LANGUAGE_NAMES[locale]).join(" and ")}</span>
                    </td>
                    <td>
                      <time dateTime={opening.updatedAt.toISOString()}>{formatDateTime(opening.updatedAt.toISOString())}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
