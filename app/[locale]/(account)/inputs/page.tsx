import { localeOf } from "@/i18n/locales";
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { RequestForm } from "@/components/requests/request-form";
import styles from "@/components/requests/request.module.css";

export async function generateMetadata({ params }: PageProps<"/[locale]/inputs">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "request.new" });
  return { title: t("metaTitle") };
}

export default async function NewRequestPage({ params }: PageProps<"/[locale]/inputs">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("request.new");
  return (
    <div className={styles.page}>
      <h1>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <ClientMessages namespaces={["request", "validation"]}>
        <RequestForm requestId={randomUUID()} />
      </ClientMessages>
    </div>
  );
}
