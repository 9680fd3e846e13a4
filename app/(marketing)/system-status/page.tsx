import type { Metadata } from "next";
import { StatusBadge } from "@/components/marketing/status-badge";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Alert } from "@/components/ui/alert";
import { systemStatuses } from "@/lib/content/statuses";
import { supportContact } from "@/lib/content/site";

export const metadata: Metadata = {
  title: "System Status",
  description: "The current state of Fixwell's booking system, payment gateway, user dashboard and sign-in.",
};

export default function SystemStatusPage() {
  const operational = systemStatuses.filter((system) => system.state === "operational").length;
  const allOperational = operational === systemStatuses.length;
  return (
    <>
      <PageHeader eyebrow="Status" title="System Status" lead="The parts of Fixwell you use, and whether each one is working." />
      <div className={`container ${styles.body}`}>
        <div className={styles.narrow}>
          <Alert
            tone={allOperational ? "success" : "info"}
            title={
              allOperational
                ? "All systems are operational."
                : `${operational} of ${systemStatuses.length} systems are operational.`
            }
            className={styles.statusSummary}
          >
            {allOperational ? null : <p>Anything not yet available is marked below.</p>}
          </Alert>
          <ul className={styles.statusList}>
            {systemStatuses.map((system) => (
              <li key={system.id} className={styles.statusItem}>
                <div className={styles.statusText}>
                  <h2>{system.name}</h2>
                  <p>{system.description}</p>
                </div>
                <StatusBadge state={system.state} />
              </li>
            ))}
          </ul>
          <p className={styles.after}>
            Something not working that is listed as operational? Email{" "}
            <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a> and tell us what you see.
          </p>
        </div>
      </div>
    </>
  );
}
