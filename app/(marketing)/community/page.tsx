import type { Metadata } from "next";
import { PageHeader } from "@/components/marketing/page-header";
import { WithEmailLinks } from "@/components/marketing/with-email-links";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { community } from "@/lib/content/pages";

export const metadata: Metadata = {
  title: "Community",
  description: "Partner evenings, neighbourhood repair afternoons, practical guides and apprenticeships: how Fixwell brings homeowners and handymen together.",
};

export default function CommunityPage() {
  return (
    <>
      <PageHeader eyebrow="Together" title="Community" lead={community.lead} />
      <div className={`container ${styles.body}`}>
        <p className={`${styles.prose} ${styles.sectionHeading}`}>{community.intro}</p>
        <ul className={`${styles.grid} ${styles.gridPairs}`}>
          {community.programs.map((program, index) => (
            <Card as="li" key={program.id}>
              <span className={styles.cardNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h2 className={styles.cardTitle}>{program.title}</h2>
              <p className={styles.cardText}>{program.description}</p>
            </Card>
          ))}
        </ul>
        <p className={`${styles.prose} ${styles.after}`}>
          <WithEmailLinks text={community.closing} />
        </p>
      </div>
    </>
  );
}
