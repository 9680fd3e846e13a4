import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DashboardTiles } from "@/components/dashboard/dashboard-tiles";
import { UnreadMessages } from "@/components/messages/unread";
import styles from "@/components/dashboard/dashboard.module.css";

export async function generateMetadata({ params }: PageProps<"/[locale]/dashboard">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "dashboard" });
  return { title: t("metaTitle") };
}

export default async function DashboardPage({ params }: PageProps<"/[locale]/dashboard">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("dashboard");
  return (
    <div className={styles.page}>
      <h1>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <UnreadMessages locale={localeOf(locale)} />
      <DashboardTiles />
    </div>
  );
}
