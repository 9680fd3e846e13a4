import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { companyValues } from "@/lib/content/values";

export const metadata: Metadata = {
  title: "Culture",
  description: "Innovation, teamwork, integrity and diversity: the four values behind how Fixwell works.",
};

export default function CulturePage() {
  return (
    <>
      <PageHeader
        eyebrow="How we work"
        title="Our Culture"
        lead="Four values guide the decisions we make, from who we hire to how we put a bad job right."
      />
      <div className={`container ${styles.body}`}>
        <ul className={`${styles.grid} ${styles.gridPairs}`}>
          {companyValues.map((value) => (
            <Card as="li" key={value.id}>
              <h2 className={styles.cardTitle}>{value.name}</h2>
              <p className={styles.cardText}>{value.summary}</p>
              <p className={styles.inPractice}>
                <strong>In practice: </strong>
                {value.inPractice}
              </p>
            </Card>
          ))}
        </ul>
        <p className={`${styles.prose} ${styles.after}`}>
          Does this sound like a place you would like to work? Read about our <Link href="/benefits">benefits</Link> and
          see the current <Link href="/job-openings">job openings</Link>.
        </p>
      </div>
    </>
  );
}
