import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Link } from "@/components/i18n/link";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import styles from "@/components/auth/auth-form.module.css";
import { Alert } from "@/components/ui/alert";
import { findSetPasswordLink } from "@/lib/auth/passwords";

export async function generateMetadata({ params }: PageProps<"/[locale]/set-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.setPassword" });
  return { title: t("title"), robots: { index: false }, referrer: "same-origin" };
}

// The page an invitation links to. The token is checked before the form is shown, and again (and
// spent) when the form is posted.
export default async function SetPasswordPage({ params, searchParams }: PageProps<"/[locale]/set-password">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth");
  const { token } = await searchParams;
  const link = typeof token === "string" ? await findSetPasswordLink(token) : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("setPassword.title")}</h1>
      {link && typeof token === "string" ? (
        <>
          <p className={styles.intro}>{t("setPassword.intro", { email: link.email })}</p>
          <ClientMessages namespaces={["auth", "validation"]}>
            <SetPasswordForm token={token} />
          </ClientMessages>
        </>
      ) : (
        <Alert tone="error" title={t("setPassword.deadTitle")}>
          <p>{t("errors.invalidSetPasswordLink")}</p>
          <p>
            <Link href="/login">{t("setPassword.goToSignIn")}</Link>
          </p>
        </Alert>
      )}
    </div>
  );
}
