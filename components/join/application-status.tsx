// What /pro shows an applicant: the state of their latest application (waiting for the address to be
// confirmed, waiting for review, approved, not approved with the reason) and nothing else. A rejected
// applicant is led back to /join to apply again.
import { getTranslations } from "next-intl/server";
import { PageNotice } from "@/components/auth/page-notice";
import { Link } from "@/components/i18n/link";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import type { SessionUser } from "@/lib/auth/current-user";
import { formatDate, type Locale } from "@/lib/format";
import { findLatestApplication } from "@/lib/handymen/applications";

export async function ApplicationStatus({ user, locale }: { user: SessionUser; locale: Locale }) {
  const [application, t] = await Promise.all([findLatestApplication(user), getTranslations({ locale, namespace: "join.status" })]);
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <div className="container">
        <PageNotice />
        {application ? (
          <section aria-label={t("title")} data-testid="application-state" data-stage={application.stage}>
            <p>{t("submittedOn", { date: formatDate(application.createdAt.toISOString().slice(0, 10), locale) })}</p>
            <Alert tone={application.stage === "rejected" ? "error" : "info"}>{t(application.stage)}</Alert>
            {application.stage === "rejected" && application.rejectReason ? <p>{t("reason", { reason: application.rejectReason })}</p> : null}
            {application.stage === "rejected" ? (
              <p>
                <Link href="/join#apply">{t("applyAgain")}</Link>
              </p>
            ) : null}
            {application.stage === "verify_address" ? (
              <p>
                {t("resendHint")} <Link href="/account">{t("accountLink")}</Link>
              </p>
            ) : null}
          </section>
        ) : (
          <p>
            <Link href="/join#apply">{t("applyAgain")}</Link>
          </p>
        )}
      </div>
    </>
  );
}
