import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CriteriaChooser } from "@/components/requests/criteria-chooser";
import styles from "@/components/requests/request.module.css";
import { requireUser } from "@/lib/auth/current-user";
import { findCriteriaView } from "@/lib/requests/details";
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
  // The request and its shortlist (each criterion's first three, never the pair's whole list): the page's
  // client component applies the matching rule to it in the browser to show whom each criterion picks.
  const view = await findCriteriaView(await requireUser(), inputId);
  return (
    <div className={styles.page}>
      <h1>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <ClientMessages namespaces={["request", "dashboard"]}>
        <CriteriaChooser view={view} />
      </ClientMessages>
    </div>
  );
}
