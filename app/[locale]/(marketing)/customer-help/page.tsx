import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { ContactSupport } from "@/components/marketing/contact-support";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { HELP_TOPIC_IDS } from "@/lib/content/pages";
import { supportContact } from "@/lib/content/site";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/customer-help">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.customerHelp.meta" });
  return pageMetadata(locale, "/customer-help", { title: t("title"), description: t("description") });
}

export default async function CustomerHelpPage({ params }: PageProps<"/[locale]/customer-help">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.customerHelp" });
  const contact = { ...supportContact, hours: t("hours"), responseTime: t("responseTime") };
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <div className={styles.split}>
          <section className={styles.helpCard} aria-labelledby="help-card-title">
            <h2 id="help-card-title">{t("card.title")}</h2>
            <p>{t("card.body")}</p>
            <p>{contact.hours}.</p>
            <ContactSupport
              contact={contact}
              text={{
                button: t("contact.button"),
                title: t("contact.title"),
                description: t("contact.description"),
                phone: t("contact.phone"),
                email: t("contact.email"),
                hours: t("contact.hours"),
                done: t("contact.done"),
              }}
            />
          </section>
          <section aria-labelledby="topics-title">
            <h2 id="topics-title" className={styles.sectionHeading}>
              {t("topicsTitle")}
            </h2>
            <ul className={styles.topicList}>
              {HELP_TOPIC_IDS.map((id) => (
                <li key={id}>
                  <h3>{t(`topics.${id}.title`)}</h3>
                  <p>{t(`topics.${id}.description`)}</p>
                </li>
              ))}
            </ul>
            <p className={styles.after}>
              {t.rich("after", {
                status: (chunks) => <Link href="/system-status">{chunks}</Link>,
                privacy: (chunks) => <Link href="/privacy-policy">{chunks}</Link>,
              })}
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
