import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cityList, taskTypeList } from "@/lib/requests/words";
import { supportContact } from "@/lib/content/site";
import styles from "@/components/dashboard/dashboard.module.css";
import { Card } from "@/components/ui/card";

export async function generateMetadata({ params }: PageProps<"/[locale]/help">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "dashboard.help" });
  return { title: t("metaTitle") };
}

export default async function HelpPage({ params }: PageProps<"/[locale]/help">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations("dashboard.help");
  const hours = (await getTranslations("pages.customerHelp"))("hours");
  const words = { tasks: taskTypeList(locale), cities: cityList("and", locale) };
  const faq = (t.raw("faq") as { answer: string[] }[]).map((entry, i) => ({
    question: t(`faq.${i}.question`),
    answer: entry.answer.map((_, j) => t(`faq.${i}.answer.${j}`, words)),
  }));
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">{t("faqHeading")}</h2>
        <div className={styles.faq}>
          {faq.map((entry) => (
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
        <h2 id="contact-heading">{t("contactHeading")}</h2>
        <p>{t("contactText")}</p>
        <dl className={styles.contact}>
          <dt>{t("phone")}</dt>
          <dd>
            <a href={supportContact.phoneHref}>{supportContact.phone}</a> ({hours})
          </dd>
          <dt>{t("email")}</dt>
          <dd>
            <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>
          </dd>
        </dl>
      </Card>
    </div>
  );
}
