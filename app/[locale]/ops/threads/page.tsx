import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { listReportedThreads } from "@/lib/messages/threads";

export const metadata: Metadata = { title: "Reported conversations" };

/** Conversations a homeowner or a handyman reported, newest report first. */
export default async function OpsThreadsPage() {
  await requireOperator();
  const threads = await listReportedThreads();
  return (
    <>
      <PageHeader eyebrow="Operator console" back={<Link href="/ops">Console</Link>} title="Reported conversations" lead="Reading one is recorded in the audit log." />
      <div className={`container ${styles.section}`}>
        {threads.length === 0 ? (
          <p>No conversation has been reported.</p>
        ) : (
          <ul>
            {threads.map((thread) => (
              <li key={thread.id} data-testid="reported-thread">
                <Link href={`/ops/threads/${thread.id}`}>
                  {thread.handymanName}, reported by the {thread.reportedBy ?? "a deleted account"} on {formatDateTime(thread.reportedAt.toISOString())}
                </Link>
                {thread.closed ? " (closed)" : ""}
                {thread.reason ? <p>{thread.reason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
