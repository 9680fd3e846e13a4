import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PageNotice } from "@/components/auth/page-notice";
import { SignInForm } from "@/components/auth/sign-in-form";
import styles from "@/components/auth/auth-form.module.css";
import { signInErrorKey } from "@/lib/i18n/sign-in-errors";
import { pageMetadata } from "@/lib/i18n/metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/login">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.login" });
  return pageMetadata(localeOf(locale), "/login", { title: t("metaTitle"), description: t("metaDescription") });
}

export default async function LoginPage({ params, searchParams }: PageProps<"/[locale]/login">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth");
  const { error } = await searchParams;
  const errorKey = signInErrorKey(typeof error === "string" ? error : undefined);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("login.title")}</h1>
      <p className={styles.intro}>{t("login.intro")}</p>
      <PageNotice />
      <ClientMessages namespaces={["auth", "validation"]}>
        <SignInForm initialError={errorKey ? t(`errors.${errorKey}`) : null} />
      </ClientMessages>
    </div>
  );
}
