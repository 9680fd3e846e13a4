import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FAQ } from "@/lib/content/help";
import { supportContact } from "@/lib/content/site";
import styles from "@/components/dashboard/dashboard.module.css";
import { Card } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Help" };

export default async function HelpPage() {
  if (!(await getCurrentUser())) redirect("/");
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1>Help</h1>
      <p className={styles.intro}>Answers to the questions homeowners ask us most.</p>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <div className={styles.faq}>
          {FAQ.map((entry) => (
            <details key={entry.question} className={styles.faqItem}>
              <summary>{entry.question}</summary>
              <div className={styles.faqAnswer}>
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </section>

      <Card as="section" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact support</h2>
        <p>Still stuck? We are happy to help.</p>
        <dl className={styles.contact}>
          <dt>Phone</dt>
          <dd>
            <a href={supportContact.phoneHref}>{supportContact.phone}</a> ({supportContact.hours})
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>
          </dd>
        </dl>
      </Card>
    </div>
  );
}
