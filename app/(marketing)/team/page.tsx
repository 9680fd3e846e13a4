import type { Metadata } from "next";
import Image from "next/image";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { team } from "@/lib/content/team";

export const metadata: Metadata = {
  title: "Team",
  description: "Meet the six people who lead Fixwell, from our founders to the heads of partnerships, support and finance.",
};

export default function TeamPage() {
  return (
    <>
      <PageHeader
        eyebrow="Leadership"
        title="The people behind Fixwell"
        lead="Builders, planners and problem solvers who share one goal: a repair you never have to worry about."
      />
      <div className={`container ${styles.body}`}>
        <ul className={styles.grid}>
          {team.map((member) => (
            <Card as="li" key={member.id} className={styles.teamCard}>
              <Image src={member.image} alt={`Portrait of ${member.name}`} width={160} height={160} className={styles.teamImage} />
              <h2 className={styles.cardTitle}>{member.name}</h2>
              <p className={styles.teamRole}>{member.role}</p>
              <p className={styles.cardText}>{member.bio}</p>
            </Card>
          ))}
        </ul>
      </div>
    </>
  );
}
