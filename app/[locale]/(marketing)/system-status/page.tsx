import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { StatusBadge } from "@/components/marketing/status-badge";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Alert } from "@/components/ui/alert";
import { systemStatuses } from "@/lib/content/statuses";
import { paymentGatewayState } from "@/lib/payments/health";
import { supportContact } from "@/lib/content/site";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;
// Made again at most once a minute: the payment gateway's state is asked of the provider (lib/payments/health.ts).
export const revalidate = 60;

export async function generateMetadata({ params }: PageProps<"/[locale]/system-status">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.systemStatus.meta" });
  return pageMetadata(locale, "/system-status", { title: t("title"), description: t("description") });
}

export default async function SystemStatusPage({ params }: PageProps<"/[locale]/system-status">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.systemStatus" });
  const statuses = systemStatuses(await paymentGatewayState());
  const operational = statuses.filter((system) => system.state === "operational").length;
  const allOperational = operational === statuses.length;
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <div className={styles.narrow}>
          <Alert
            tone={allOperational ? "success" : "info"}
            title={allOperational ? t("allOperational") : t("someOperational", { operational, total: statuses.length })}
            className={styles.statusSummary}
          >
            {allOperational ? null : <p>{t("notYet")}</p>}
          </Alert>
          <ul className={styles.statusList}>
            {statuses.map((system) => (
              <li key={system.id} className={styles.statusItem}>
                <div className={styles.statusText}>
                  <h2>{t(`systems.${system.id}.name`)}</h2>
                  <p>{t(`systems.${system.id}.description`)}</p>
                </div>
                <StatusBadge state={system.state} label={t(`states.${system.state}`)} />
              </li>
            ))}
          </ul>
          <p className={styles.after}>
            {t.rich("after", {
              email: supportContact.email,
              link: (chunks) => <a href={`mailto:${supportContact.email}`}>{chunks}</a>,
            })}
          </p>
        </div>
      </div>
    </>
  );
}
