import type { Metadata } from "next";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { ourStory } from "@/lib/content/pages";
import { company } from "@/lib/content/site";

export const metadata: Metadata = {
  title: "Our Story",
  description: "How Fixwell started in 2023, and why we set out to make home repairs reliable and affordable.",
};

export default function OurStoryPage() {
  return (
    <>
      <PageHeader eyebrow={`Since ${company.foundedYear}`} title="Our Story" />
      <div className={`container ${styles.body}`}>
        <div className={styles.split}>
          <div className={styles.prose}>
            {ourStory.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className={styles.storyParagraph}>
                {paragraph}
              </p>
            ))}
            <div className={styles.actions}>
              <LinkButton href="/signup">Request a repair</LinkButton>
              <LinkButton href="/job-openings" variant="secondary">
                Work with us
              </LinkButton>
            </div>
          </div>
          <Card as="aside" aria-label="Fixwell in numbers">
            <dl className={styles.factList}>
              <div>
                <dt>Founded</dt>
                <dd>{company.foundedYear}</dd>
              </div>
              <div>
                <dt>Cities</dt>
                <dd>{company.cities.length}</dd>
              </div>
              <div>
                <dt>Trades</dt>
                <dd>4</dd>
              </div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
