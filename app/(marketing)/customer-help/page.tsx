import type { Metadata } from "next";
import Link from "next/link";
import { ContactSupport } from "@/components/marketing/contact-support";
import { PageHeader } from "@/components/marketing/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { customerHelp } from "@/lib/content/pages";
import { supportContact } from "@/lib/content/site";

export const metadata: Metadata = {
  title: "Customer Help",
  description: "Get help with a Fixwell repair request, a price or your account from our support team in Rotterdam.",
};

export default function CustomerHelpPage() {
  return (
    <>
      <PageHeader eyebrow="Support" title="Customer Help" lead={customerHelp.lead} />
      <div className={`container ${styles.body}`}>
        <div className={styles.split}>
          <section className={styles.helpCard} aria-labelledby="help-card-title">
            <h2 id="help-card-title">{customerHelp.card.title}</h2>
            <p>{customerHelp.card.body}</p>
            <p>{supportContact.hours}.</p>
            <ContactSupport contact={supportContact} />
          </section>
          <section aria-labelledby="topics-title">
            <h2 id="topics-title" className={styles.sectionHeading}>
              We can help with
            </h2>
            <ul className={styles.topicList}>
              {customerHelp.topics.map((topic) => (
                <li key={topic.id}>
                  <h3>{topic.title}</h3>
                  <p>{topic.description}</p>
                </li>
              ))}
            </ul>
            <p className={styles.after}>
              Is something not working? Check the <Link href="/system-status">system status</Link> first. For how we
              handle your data, see our <Link href="/privacy-policy">privacy policy</Link>.
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
