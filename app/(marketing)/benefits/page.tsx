import type { Metadata } from "next";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { benefits, benefitsIntro } from "@/lib/content/benefits";

export const metadata: Metadata = {
  title: "Benefits",
  description: "Published salary bands, 27 vacation days, a learning budget and more: what working at Fixwell offers.",
};

export default function BenefitsPage() {
  return (
    <>
      <PageHeader eyebrow="Working at Fixwell" title="Benefits" lead={benefitsIntro[0]} />
      <div className={`container ${styles.body}`}>
        <p className={`${styles.prose} ${styles.sectionHeading}`}>{benefitsIntro[1]}</p>
        <ul className={`${styles.grid} ${styles.gridQuads}`}>
          {benefits.map((benefit) => (
            <Card as="li" key={benefit.id}>
              <h2 className={styles.cardTitle}>{benefit.title}</h2>
              <p className={styles.cardText}>{benefit.description}</p>
            </Card>
          ))}
        </ul>
        <div className={styles.actions}>
          <LinkButton href="/job-openings">See job openings</LinkButton>
          <LinkButton href="/culture" variant="secondary">
            Read about our culture
          </LinkButton>
        </div>
      </div>
    </>
  );
}
