import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { notFound } from "next/navigation";
import { PageNotice } from "@/components/auth/page-notice";
import { CancelForHomeownerForm, ShowEmailForm } from "@/components/ops/request-forms";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import lifeStyles from "@/components/requests/request-life.module.css";
import { ApiError } from "@/lib/api/errors";
import { formatDate, formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { MAX_CANCEL_REASON_LENGTH, parseRequestId, viewRequest, type OpsRequestDetail } from "@/lib/ops/requests";
import { consoleStateLabel, criterionLabel, taskTypeLabel } from "@/lib/requests/words";
import type { Criterion } from "@/lib/requests/catalogue";

export const metadata: Metadata = { title: "Request" };

type Params = Promise<{ requestId: string }>;

/** The request (reading writes nothing); the site's 404 for a malformed or unknown id. */
async function load(raw: string): Promise<OpsRequestDetail> {
  try {
    return await viewRequest(parseRequestId(raw));
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

const OFFER_STATUS: Record<OpsRequestDetail["offers"][number]["status"], string> = {
  open: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "No answer in time",
  withdrawn: "Withdrawn",
};

export default async function OpsRequestPage({ params }: { params: Params }) {
  await requireOperator();
  const request = await load((await params).requestId);
  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        back={<Link href="/ops/requests">All requests</Link>}
        title={`${taskTypeLabel(request.taskType)} in ${request.city}`}
        lead={`Request ${request.id}, sent ${formatDateTime(request.createdAt)}.`}
      />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <dl className={lifeStyles.facts}>
          <dt>State</dt>
          <dd data-testid="request-state">{consoleStateLabel(request.state)}</dd>
          <dt>For</dt>
          <dd>
            {formatDate(request.date)}
            {request.proposedDate ? ` (the homeowner asked for ${formatDate(request.proposedDate)})` : ""}
          </dd>
          <dt>Criterion</dt>
          <dd>{request.criterion ? criterionLabel(request.criterion as Criterion) : "Not chosen yet"}</dd>
          <dt>Handyman</dt>
          <dd>{request.handyman ?? "Nobody holds it"}</dd>
          <dt>Homeowner</dt>
          <dd>
            <ShowEmailForm requestId={request.id} />
          </dd>
          <dt>Details</dt>
          <dd className={styles.json}>{request.details || "None given"}</dd>
        </dl>

        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">Timeline</h2>
          {request.timeline.length ? (
            <ol className={lifeStyles.timeline}>
              {request.timeline.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.at} className={lifeStyles.when}>
                    {formatDateTime(entry.at)}
                  </time>{" "}
                  <strong>{entry.action.replace(/_/g, " ")}</strong> by {entry.actorRole}
                  {entry.handyman ? ` (${entry.handyman})` : ""}: {consoleStateLabel(entry.from)} → {consoleStateLabel(entry.to)}
                  {entry.note ? <p className={lifeStyles.note}>{entry.note}</p> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p>Nothing has happened to this request since it was sent.</p>
          )}
        </section>

        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading">Offers</h2>
          {request.offers.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Offers of this request</caption>
                <thead>
                  <tr>
                    <th scope="col">Handyman</th>
                    <th scope="col">Offered</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Reason given</th>
                  </tr>
                </thead>
                <tbody>
                  {request.offers.map((offer) => (
                    <tr key={offer.id}>
                      <td>
                        <Link href={`/ops/handymen/${offer.handyman.id}`}>{offer.handyman.name}</Link>
                      </td>
                      <td>{formatDateTime(offer.createdAt)}</td>
                      <td>{OFFER_STATUS[offer.status]}</td>
                      <td>{offer.declineReason ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>It was not offered to anyone.</p>
          )}
        </section>

        {request.review ? (
          <section aria-labelledby="review-heading">
            <h2 id="review-heading">Review</h2>
            <p>
              {request.review.stars} out of 5{request.review.text ? `: ${request.review.text}` : ""}
            </p>
          </section>
        ) : null}

        <section aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">Cancel for the homeowner</h2>
          {request.cancellable ? (
            <>
              <CancelForHomeownerForm requestId={request.id} state={request.state} maxReason={MAX_CANCEL_REASON_LENGTH} />
              <p className={lifeStyles.muted}>
                A cancel here refunds the homeowner in full: <Link href="/cancellation">the cancellation rules</Link>.
              </p>
            </>
          ) : (
            <p>A request that is {consoleStateLabel(request.state).toLowerCase()} can no longer be cancelled.</p>
          )}
        </section>
      </div>
    </>
  );
}
