import { localeOf } from "@/i18n/locales";
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { RequestForm } from "@/components/requests/request-form";
import { Link } from "@/components/i18n/link";
import { Alert } from "@/components/ui/alert";
import { requireUser, roleOf } from "@/lib/auth/current-user";
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
  // Only homeowners make requests (lib/requests/queries.ts refuses anyone else): the others get no form.
  const role = await roleOf(await requireUser());
  if (role !== "homeowner") {
    return (
      <div className={styles.page}>
        <h1>{t("title")}</h1>
        <Alert tone="info" title={t("homeownersOnlyTitle")}>
          <p>{t("homeownersOnly")}</p>
          {role === "handyman" ? (
            <p>
              <Link href="/pro">{t("goToPro")}</Link>
            </p>
          ) : null}
        </Alert>
      </div>
    );
  }
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
