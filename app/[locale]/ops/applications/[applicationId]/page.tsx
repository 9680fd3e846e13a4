import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { ApproveApplicationForm, RejectApplicationForm, ShowIbanForm } from "@/components/ops/application-forms";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import lifeStyles from "@/components/requests/request-life.module.css";
import applicationStyles from "@/components/ops/applications.module.css";
import { ApiError } from "@/lib/api/errors";
import { formatDate, formatDateTime, formatHourlyPrice, formatList } from "@/lib/format";
import { getApplicationOrThrow, MAX_REJECT_REASON_LENGTH, type ApplicationView } from "@/lib/handymen/applications";
import { requireOperator } from "@/lib/ops/access";
import { taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Application" };

async function load(id: string): Promise<ApplicationView> {
  try {
    return await getApplicationOrThrow(id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OpsApplicationPage({ params }: { params: Promise<{ applicationId: string }> }) {
  const operator = await requireOperator();
  const application = await load((await params).applicationId);
  const waiting = application.status === "submitted";
  const own = application.userId === operator.id;
  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        back={<Link href="/ops/applications">All applications</Link>}
        title={application.name}
        lead={`Applied ${formatDateTime(application.createdAt.toISOString())}.`}
      />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <p>
          <Link href={`/ops/audit?targetType=application&targetId=${application.id}`}>This application&rsquo;s history in the audit log</Link>
        </p>
        <dl className={`${lifeStyles.facts} ${applicationStyles.facts}`}>
          <dt>State</dt>
          <dd data-testid="application-status">{application.status === "submitted" ? "Waiting" : application.status === "approved" ? "Approved" : "Rejected"}</dd>
          {application.rejectReason ? (
            <>
              <dt>Reason given</dt>
              <dd>{application.rejectReason}</dd>
            </>
          ) : null}
          <dt>Email</dt>
          <dd>
            {application.email} ({application.emailVerified ? "confirmed" : "not confirmed yet"})
          </dd>
          <dt>Phone</dt>
          <dd>{application.phone}</dd>
          <dt>Trades</dt>
          <dd>{formatList(application.taskTypes.map((task) => taskTypeLabel(task)))}</dd>
          <dt>Cities</dt>
          <dd>{formatList(application.cities)}</dd>
          <dt>Hourly price (VAT included)</dt>
          <dd>{formatHourlyPrice(application.hourlyPrice)}</dd>
          <dt>KvK number</dt>
          <dd>{application.kvkNumber}</dd>
          <dt>VAT id</dt>
          <dd>{application.vatId ?? "None given"}</dd>
          <dt>IBAN</dt>
          <dd>
            {application.status === "submitted" ? (
              <ShowIbanForm applicationId={application.id} lastFour={application.ibanLastFour} />
            ) : (
              <span data-testid="iban">…{application.ibanLastFour} (the rest is not kept once an application is decided)</span>
            )}
          </dd>
          <dt>Introduction</dt>
          <dd className={applicationStyles.intro}>{application.intro || "None"}</dd>
          <dt>Liability insurer</dt>
          <dd>{application.insurer}</dd>
          <dt>Insured until</dt>
          <dd>{formatDate(application.insuredUntil)}</dd>
        </dl>

        {waiting && own ? <p>This is your own application: another operator decides on it.</p> : null}
        {waiting && !own ? (
          <>
            <section aria-labelledby="approve-heading">
              <h2 id="approve-heading">Approve</h2>
              {application.emailVerified ? (
                <>
                  <p>The account becomes a professional&rsquo;s with a profile, taking offers Monday to Friday, two jobs a day. The applicant is mailed.</p>
                  <ApproveApplicationForm applicationId={application.id} name={application.name} />
                </>
              ) : (
                <p>The applicant has not confirmed their email address yet; the application can be approved once they have.</p>
              )}
            </section>
            <section aria-labelledby="reject-heading">
              <h2 id="reject-heading">Reject</h2>
              <RejectApplicationForm applicationId={application.id} maxReason={MAX_REJECT_REASON_LENGTH} />
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}
