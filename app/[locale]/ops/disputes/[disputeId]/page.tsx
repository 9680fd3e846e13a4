import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { notFound } from "next/navigation";
import { PageNotice } from "@/components/auth/page-notice";
import { DecideDisputeForm } from "@/components/ops/dispute-forms";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import lifeStyles from "@/components/requests/request-life.module.css";
import { ApiError } from "@/lib/api/errors";
import { formatDateTime, formatPrice } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { getDisputeOrThrow, MAX_DECISION_REASON_LENGTH, type DisputeDetail } from "@/lib/ops/disputes";
import { taskTypeLabel } from "@/lib/requests/words";
import { photoPath } from "@/lib/photos/photos";
import { doorPhotoPath } from "@/lib/requests/no-show";

export const metadata: Metadata = { title: "Dispute" };

type Params = Promise<{ disputeId: string }>;

async function load(raw: string): Promise<DisputeDetail> {
  try {
    return await getDisputeOrThrow(raw);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

const euros = (cents: number | null) => formatPrice((cents ?? 0) / 100);
const DECISION = { release: "Released to the handyman", partial_refund: "Partly refunded", full_refund: "Refunded in full" } as const;

export default async function OpsDisputePage({ params }: { params: Params }) {
  await requireOperator();
  const dispute = await load((await params).disputeId);
  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        back={<Link href="/ops/disputes">All disputes</Link>}
        title={`Dispute: ${taskTypeLabel(dispute.taskType)} in ${dispute.city}`}
        lead={`Opened ${formatDateTime(dispute.openedAt)} by the homeowner; handyman ${dispute.handyman}.`}
      />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <section aria-labelledby="problem-heading">
          <h2 id="problem-heading">{dispute.onTheDay.noShow?.absent === "homeowner" ? "Why the homeowner objects to the no-show" : "What the homeowner says is wrong"}</h2>
          <p className={styles.json} data-testid="dispute-text">{dispute.text}</p>
          <p>
            <Link href={`/ops/requests/${dispute.requestId}`}>The request</Link> · <Link href={`/ops/money/payments/${dispute.paymentId}`}>The payment</Link>
            {dispute.threads.map((thread) => (
              <span key={thread.id}>
                {" "}
                · <Link href={`/ops/threads/${thread.id}`}>The conversation</Link>
              </span>
            ))}
          </p>
        </section>

        <section aria-labelledby="day-heading" data-testid="dispute-on-the-day">
          <h2 id="day-heading">On the day</h2>
          {dispute.onTheDay.noShow?.absent === "homeowner" ? (
            <p>
              The handyman reported at {formatDateTime(dispute.onTheDay.noShow.reportedAt)} that nobody opened the door; the homeowner objected
              {dispute.onTheDay.noShow.objectUntil ? ` (the window ran until ${formatDateTime(dispute.onTheDay.noShow.objectUntil)})` : ""}. The decision ends the job (cancelled); no invoice is made.
            </p>
          ) : null}
          <dl>
            <dt>On my way</dt>
            <dd>{dispute.onTheDay.onMyWayAt ? formatDateTime(dispute.onTheDay.onMyWayAt) : "Not said"}</dd>
            <dt>At the door</dt>
            <dd>{dispute.onTheDay.atDoorAt ? formatDateTime(dispute.onTheDay.atDoorAt) : "Not said"}</dd>
          </dl>
          {dispute.onTheDay.noShow?.hasPhoto ? (
            <p>
              <a href={doorPhotoPath(dispute.requestId)}>The photo of the door</a> (viewing it is written to the audit log)
            </p>
          ) : null}
        </section>

        <section aria-labelledby="money-heading">
          <h2 id="money-heading">Money</h2>
          <dl className={lifeStyles.facts} data-testid="dispute-balance">
            <dt>Paid</dt>
            <dd>{euros(dispute.balance.paid)}</dd>
            <dt>Held</dt>
            <dd>{euros(dispute.balance.held)}</dd>
            <dt>Released</dt>
            <dd>{euros(dispute.balance.released)}</dd>
            <dt>Refunded</dt>
            <dd>{euros(dispute.balance.refunded)}</dd>
            <dt>Commission on a release of all that is held</dt>
            <dd>{euros(dispute.commissionOnHeldCents)}</dd>
          </dl>
          {dispute.quote ? (
            <>
              <h3>The quote ({euros(dispute.quote.totalCents)} with VAT)</h3>
              <ul>
                {dispute.quote.lines.map((line, index) => (
                  <li key={index}>
                    {line.kind}: {line.description} — {euros(line.netCents)} excluding VAT
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h3>Ledger</h3>
          <ul>
            {dispute.ledger.map((entry, index) => (
              <li key={index}>
                {formatDateTime(entry.at)}: {entry.kind} {euros(entry.amountCents)}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="photos-heading">
          <h2 id="photos-heading">Photos</h2>
          {dispute.photos.length ? (
            <ul>
              {dispute.photos.map((photo) => (
                <li key={photo.id}>
                  <a href={photoPath(dispute.requestId, photo.id)}>
                    {photo.part === "problem" ? "Photo of the problem" : "Photo with the request"} {photo.id.slice(0, 8)}
                  </a>{" "}
                  (viewing one is written to the audit log)
                </li>
              ))}
            </ul>
          ) : (
            <p>No photos.</p>
          )}
        </section>

        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">Timeline</h2>
          <ol className={lifeStyles.timeline}>
            {dispute.timeline.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at} className={lifeStyles.when}>
                  {formatDateTime(entry.at)}
                </time>{" "}
                <strong>{entry.action.replace(/_/g, " ")}</strong> by {entry.actorRole}
                {entry.note ? <p className={lifeStyles.note}>{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="decision-heading">
          <h2 id="decision-heading">Decision</h2>
          {dispute.state === "open" ? (
            <DecideDisputeForm disputeId={dispute.id} held={euros(dispute.balance.held)} maxReason={MAX_DECISION_REASON_LENGTH} />
          ) : dispute.state === "withdrawn" ? (
            <p>The homeowner confirmed the job after all; the money was released as on any confirmation.</p>
          ) : (
            <p data-testid="dispute-decision">
              {DECISION[dispute.decision!]} on {formatDateTime(dispute.decidedAt!)}: {euros(dispute.refundCents)} refunded, {euros(dispute.releaseCents)} released, {euros(dispute.commissionCents)} commission. Reason: {dispute.reason}
            </p>
          )}
        </section>
      </div>
    </>
  );
}
