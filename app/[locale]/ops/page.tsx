import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { requireOperator } from "@/lib/ops/access";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Operator console" };

/** Counts for the overview: openings by status, handymen, requests waiting on someone. */
async function overview() {
  const db = await getDb();
  const [openings, handymen, suspended, open] = await Promise.all([
    db.jobOpening.groupBy({ by: ["status"], _count: { _all: true } }),
    db.handyman.count(),
    db.handyman.count({ where: { suspended: true } }),
    db.repairRequest.count({ where: { state: { in: ["submitted", "offered", "accepted", "date_proposed"] } } }),
  ]);
  const byStatus = Object.fromEntries(openings.map((row) => [row.status, row._count._all]));
  return { byStatus, handymen, suspended, open };
}

export default async function OpsOverviewPage() {
  const operator = await requireOperator();
  const { byStatus, handymen, suspended, open } = await overview();
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Overview" lead={`Signed in as ${operator.email}. Every change you make here is written to the audit log.`} />
      <div className={`container ${styles.section}`}>
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
