import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { requireOperator } from "@/lib/ops/access";
import { getDb } from "@/lib/db";
import { countOverdueDisputes } from "@/lib/ops/disputes";

export const metadata: Metadata = { title: "Operator console" };

/** Counts for the overview: openings by status, handymen, requests waiting on someone. */
async function overview() {
  const db = await getDb();
  const [openings, handymen, suspended, open, disputes, overdueDisputes] = await Promise.all([
    db.jobOpening.groupBy({ by: ["status"], _count: { _all: true } }),
    db.handyman.count(),
    db.handyman.count({ where: { suspended: true } }),
    db.repairRequest.count({ where: { state: { in: ["submitted", "offered", "accepted", "date_proposed"] } } }),
    db.dispute.count({ where: { state: "open" } }),
    countOverdueDisputes(),
  ]);
  const byStatus = Object.fromEntries(openings.map((row) => [row.status, row._count._all]));
  return { byStatus, handymen, suspended, open, disputes, overdueDisputes };
}

export default async function OpsOverviewPage() {
  const operator = await requireOperator();
  const { byStatus, handymen, suspended, open, disputes, overdueDisputes } = await overview();
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Overview" lead={`Signed in as ${operator.email}. Every change you make here is written to the audit log.`} />
      <div className={`container ${styles.section}`}>
        {overdueDisputes > 0 ? (
          <p role="alert" data-testid="overdue-disputes">
            <strong>
              {overdueDisputes} dispute{overdueDisputes === 1 ? " has" : "s have"} been open for more than 30 days.
            </strong>{" "}
            <Link href="/ops/disputes">Decide them</Link>: their money is held until someone does.
          </p>
        ) : null}
        <ul className={styles.counts}>
          <li>
            <Link href="/ops/job-openings">Job openings</Link>: {byStatus.published ?? 0} published, {byStatus.draft ?? 0} draft, {byStatus.closed ?? 0} closed
          </li>
          <li>
            <Link href="/ops/handymen">Handymen</Link>: {handymen}, of whom {suspended} suspended
          </li>
          <li>
            <Link href="/ops/requests">Requests</Link> still open: {open}
          </li>
          <li>
            <Link href="/ops/disputes">Disputes</Link> open: {disputes}
          </li>
          <li>
            <Link href="/ops/threads">Reported conversations</Link>
          </li>
          <li>
            <Link href="/ops/audit">Audit log</Link>
          </li>
        </ul>
      </div>
    </>
  );
}
