import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import styles from "@/components/auth/auth-form.module.css";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { followVerificationLink, type VerificationOutcome } from "@/lib/auth/account-tokens";
import { getCurrentUser } from "@/lib/auth/current-user";

export async function generateMetadata({ params }: PageProps<"/[locale]/verify-email">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.verify" });
  return { title: t("title"), robots: { index: false }, referrer: "same-origin" };
}

/** Each outcome's tone and the keys of its title and text in the `auth.verify` catalogue. */
const answers: Record<VerificationOutcome, { tone: "success" | "error"; title: string; text: string }> = {
  verified: { tone: "success", title: "verifiedTitle", text: "verifiedText" },
  already_verified: { tone: "success", title: "alreadyTitle", text: "alreadyText" },
  invalid: { tone: "error", title: "invalidTitle", text: "invalidText" },
};

// The page a verification mail links to. Opening it verifies the address (outside a browser too, e.g.
// a mail scanner: that only proves again that the mail arrived); it can be opened signed in or out.
export default async function VerifyEmailPage({ params, searchParams }: PageProps<"/[locale]/verify-email">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("auth.verify");
  const { token } = await searchParams;
  const { outcome, role } = await followVerificationLink(token);
  const answer = answers[outcome];
  const signedIn = Boolean(await getCurrentUser().catch(() => null));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("title")}</h1>
      <Alert tone={answer.tone} title={t(answer.title)}>
        <p>{t(answer.text, { role: role ?? "homeowner" })}</p>
      </Alert>
      <p className={styles.switch}>
        {signedIn ? (
          <LinkButton href="/account" variant="secondary">
            {t("toAccount")}
          </LinkButton>
        ) : (
          <LinkButton href="/login" variant="secondary">
            {t("signIn")}
          </LinkButton>
        )}
      </p>
    </div>
  );
}
