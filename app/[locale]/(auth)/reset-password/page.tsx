import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import styles from "@/components/auth/auth-form.module.css";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { isResetLinkLive } from "@/lib/auth/passwords";

// The token must not reach another site in a Referer header ("same-origin": "no-referrer" would also
// make the browser send `Origin: null` with the form's post, which Next.js refuses), and the page has
// no business in a search index.
export async function generateMetadata({ params }: PageProps<"/[locale]/reset-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.reset" });
  return { title: t("title"), robots: { index: false }, referrer: "same-origin" };
}

// The page a reset mail links to. The link is checked before the form is shown (and spent only when
// the form is posted, so a mail scanner that opens it does not use it up).
export default async function ResetPasswordPage({ params, searchParams }: PageProps<"/[locale]/reset-password">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth");
  const { token } = await searchParams;
  const live = typeof token === "string" && (await isResetLinkLive(token));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("reset.title")}</h1>
      {live ? (
        <>
          <p className={styles.intro}>{t("reset.intro")}</p>
          <ClientMessages namespaces={["auth", "validation"]}>
            <ResetPasswordForm token={token} />
          </ClientMessages>
        </>
      ) : (
        <Alert tone="error" title={t("reset.deadTitle")}>
          <p>{t("errors.deadResetLink")}</p>
          <p>
            <LinkButton href="/forgot-password" variant="secondary">
              {t("reset.askNew")}
            </LinkButton>
          </p>
        </Alert>
      )}
    </div>
  );
}
