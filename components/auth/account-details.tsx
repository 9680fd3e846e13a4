// The account page's content (/account and /dashboard/account): the display name and the address with
// its verification state, then what a person can do with the account: change the password, download
// their data, delete the account; and how they hear of what happens (notifications: mail and push).
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Link } from "@/components/i18n/link";
import { displayNameFromEmail } from "@/lib/auth/current-user";
import { formatDateTime } from "@/lib/format";
import type { AccountOverview } from "@/lib/account/queries";
import { isLocale, DEFAULT_LOCALE } from "@/i18n/locales";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { ResendVerificationForm } from "@/components/account/resend-verification-form";
import { Button, buttonClassName } from "@/components/ui/button";
import { signOutEverywhereAction } from "@/lib/auth/actions";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import type { NotificationSettingsProps } from "@/lib/notifications/overview";
import { PageNotice } from "./page-notice";
import styles from "./account-details.module.css";

export async function AccountDetails({ account, notifications }: { account: AccountOverview; notifications: NotificationSettingsProps }) {
  const { email, emailVerifiedAt, role } = account;
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const t = await getTranslations("account");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t("title")}</h1>
      <Suspense fallback={null}>
        <PageNotice className={styles.notice} />
      </Suspense>
      <dl className={styles.card}>
        <div className={styles.row}>
          <dt>{t("name")}</dt>
          <dd>{displayNameFromEmail(email)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t("email")}</dt>
          <dd className={styles.email}>{email}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t("verified")}</dt>
          <dd>
            {emailVerifiedAt ? (
              <>{t("verifiedSince", { date: formatDateTime(emailVerifiedAt, locale) })}</>
            ) : (
              <>
                <span className={styles.pending}>{t("notYet")}</span> {t("notYetText", { role })}
                <ResendVerificationForm />
              </>
            )}
          </dd>
        </div>
      </dl>

      <NotificationSettings {...notifications} />

      <section className={styles.section} aria-labelledby="password-heading">
        <h2 id="password-heading" className={styles.heading}>
          {t("password.heading")}
        </h2>
        <ChangePasswordForm />
      </section>

      <section className={styles.section} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={styles.heading}>
          {t("sessions.heading")}
        </h2>
        <p>{t("sessions.text")}</p>
        <form action={signOutEverywhereAction} method="post">
          <Button type="submit" variant="secondary">
            {t("sessions.submit")}
          </Button>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="data-heading">
        <h2 id="data-heading" className={styles.heading}>
          {t("data.heading")}
        </h2>
        <p>{t("data.text")}</p>
        {/* A plain link: the browser downloads the file the route sends as an attachment. */}
        <a href="/api/account/export" download className={buttonClassName({ variant: "secondary" })}>
          {t("data.download")}
        </a>
      </section>

      <section className={styles.section} aria-labelledby="delete-heading">
        <h2 id="delete-heading" className={styles.heading}>
          {t("delete.heading")}
        </h2>
        <p>{t("delete.text")}</p>
        <DeleteAccountForm />
      </section>

      <p className={styles.back}>
        <Link href="/dashboard">{t("back")}</Link>
      </p>
    </div>
  );
}
