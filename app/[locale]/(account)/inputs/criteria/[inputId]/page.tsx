import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CriteriaChooser } from "@/components/requests/criteria-chooser";
import styles from "@/components/requests/request.module.css";
import { requestIdSchema } from "@/lib/requests/schemas";

export async function generateMetadata({ params }: PageProps<"/[locale]/inputs/criteria/[inputId]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "request.criteria" });
  return { title: t("metaTitle") };
}

export default async function ChooseCriterionPage({ params }: PageProps<"/[locale]/inputs/criteria/[inputId]">) {
  const { locale, inputId } = await params;
  setRequestLocale(localeOf(locale));
  if (!requestIdSchema.safeParse(inputId).success) notFound();
  const t = await getTranslations("request.criteria");
  return (
    <div className={styles.page}>
      <h1>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <ClientMessages namespaces={["request", "dashboard"]}>
        <CriteriaChooser requestId={inputId} />
      </ClientMessages>
    </div>
  );
}
