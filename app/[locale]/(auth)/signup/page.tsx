import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SignUpForm } from "@/components/auth/sign-up-form";
import styles from "@/components/auth/auth-form.module.css";
import { pageMetadata } from "@/lib/i18n/metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/signup">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.signup" });
  return pageMetadata(localeOf(locale), "/signup", { title: t("metaTitle"), description: t("metaDescription") });
}

export default async function SignUpPage({ params }: PageProps<"/[locale]/signup">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth.signup");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <ClientMessages namespaces={["auth", "validation"]}>
        <SignUpForm />
      </ClientMessages>
    </div>
  );
}
