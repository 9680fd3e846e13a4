import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import styles from "@/components/auth/auth-form.module.css";

export async function generateMetadata({ params }: PageProps<"/[locale]/forgot-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.forgot" });
  return { title: t("title") };
}

export default async function ForgotPasswordPage({ params }: PageProps<"/[locale]/forgot-password">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth.forgot");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <ClientMessages namespaces={["auth", "validation"]}>
        <ForgotPasswordForm />
      </ClientMessages>
    </div>
  );
}
