// /dashboard/orders/{id}: where one request stands, who holds it, the homeowner's next steps and the
// timeline of everything that happened to it, in the page's language. Text people typed (details,
// notes, the review) is rendered as text, never as HTML.
import { getLocale, getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { Card } from "@/components/ui/card";
import { RequestSummary } from "@/components/requests/request-summary";
import type { Locale } from "@/i18n/locales";
import { requestStateLabel } from "@/lib/requests/words";
import { formatDateTime, formatDayWithWeekday, formatHourlyPrice, formatNumber, formatPrice } from "@/lib/format";
import type { RequestDetails } from "@/lib/requests/details";
import { profileLinksFor } from "@/lib/handymen/profile";
import { listRatingBases } from "@/lib/handymen/queries";
import { ratingWords, type RatingBasis } from "@/lib/handymen/rating";
import type { ProfileLinks } from "@/lib/handymen/profile-path";
import { MAX_REVIEW_LENGTH } from "@/lib/validations/request-steps";
import { AddPhotosForm, AddProblemPhotosForm, CancelForm, ConfirmDoneForm, DateForm, HomeAgeForm, ReportProblemForm, ReviewForm } from "./request-step-forms";
import { disputeView, MAX_PROBLEM_LENGTH, type HomeownerDispute } from "@/lib/requests/disputes";
import { PhotoThumbnailList } from "./request-photos";
import { listRequestPhotos, photosOpenIn, type PhotoSummary } from "@/lib/photos/photos";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REQUEST } from "@/lib/photos/limits";
import { QuoteSummary } from "@/components/quotes/quote-summary";
import { AcceptQuoteForm, DeclineQuoteForm, PayQuoteForm } from "@/components/quotes/quote-forms";
import { listCurrentQuotes, type QuoteView } from "@/lib/quotes/quotes";
import { billingPrefill } from "@/lib/invoices/queries";
import { requireUser } from "@/lib/auth/current-user";
import { paymentOfQuote, type PaymentView } from "@/lib/payments";
import { cancellationView, cancelPreview, type CancellationMoney, type CancellationView } from "@/lib/requests/cancellation";
import { OrderOnTheDay } from "./on-the-day";
import styles from "./request-life.module.css";

type Translate = Awaited<ReturnType<typeof getTranslations<"job">>>;

function HandymanCard({ request, t, locale, profiles, ratings }: { request: RequestDetails; t: Translate; locale: Locale; profiles: ProfileLinks; ratings: Record<number, RatingBasis> }) {
  const { handyman } = request;
  let body: React.ReactNode;
  if (request.state === "submitted") {
    body = <p>{t.rich("order.notChosen", { link: (chunks) => <Link href={`/inputs/criteria/${request.id}`}>{chunks}</Link> })}</p>;
  } else if (request.state === "unmatched") {
    body = <p>{t.rich("order.nobody", { link: (chunks) => <Link href={`/inputs/criteria/${request.id}`}>{chunks}</Link> })}</p>;
  } else if (!handyman) {
    body = <p className={styles.muted}>{t("order.noHolder")}</p>;
  } else {
    body = (
      <>
        <dl className={styles.facts}>
          <dt>{t("order.name")}</dt>
          <dd>{handyman.name}</dd>
          <dt>{t("order.rating")}</dt>
          <dd data-testid="order-rating">{ratingWords(ratings[handyman.id], locale, (key, values) => t(key, values))}</dd>
          <dt>{t("order.price")}</dt>
          <dd>{formatHourlyPrice(handyman.price_per_hour, locale)}</dd>
        </dl>
        <p className={styles.muted}>{t("order.ratingSource")}</p>
        {profiles.byId[handyman.id] ? (
          <p>
            <Link href={profiles.byId[handyman.id].href}>{profiles.byId[handyman.id].label}</Link>
          </p>
        ) : null}
        {handyman.offer === "open" && request.state === "offered" ? (
          <p>
            {t.rich("order.respondBy", {
              name: handyman.name,
              deadline: formatDateTime(handyman.respondBy, locale),
              link: (chunks) => <Link href={`/inputs/criteria/arranging?${new URLSearchParams({ input: request.id })}`}>{chunks}</Link>,
            })}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Card as="section" aria-labelledby="handyman-heading">
      <h2 id="handyman-heading" className={styles.sectionTitle}>
        {t("order.handymanHeading")}
      </h2>
      {body}
    </Card>
  );
}

const euros = (cents: number, locale: Locale) => formatPrice(cents / 100, locale);

/** The Cancel button's words: what the homeowner gets back now, and the late-cancellation fee, if any. */
function cancelButton(money: CancellationMoney | null, t: Translate, locale: Locale): string {
  if (!money) return t("orderForms.cancel");
  const values = { refund: euros(money.refundCents, locale), fee: euros(money.feeCents, locale), name: money.handymanName };
  if (money.feeCents === 0) return t("cancellation.buttonRefund", values);
  return money.refundCents > 0 ? t("cancellation.buttonLate", values) : t("cancellation.buttonAllToHandyman", values);
}

/** A cancelled paid job's money: refunded (or on its way), and the late-cancellation fee to the handyman. */
function CancelledMoney({ money, t, locale }: { money: CancellationView; t: Translate; locale: Locale }) {
  const fee = euros(money.feeCents, locale);
  const feeLine =
    money.fee === "none"
      ? null
      : money.handymanName
        ? t(money.fee === "done" ? "cancellation.feeDone" : "cancellation.feeWaiting", { amount: fee, name: money.handymanName })
        : t(money.fee === "done" ? "cancellation.feeDoneNoName" : "cancellation.feeWaitingNoName", { amount: fee });
  return (
    <Card as="section" aria-labelledby="cancel-money-heading" data-testid="cancellation-money">
      <h2 id="cancel-money-heading" className={styles.sectionTitle}>
        {t("cancellation.heading")}
      </h2>
      {money.refundCents > 0 ? <p>{t(money.refund === "done" ? "cancellation.refunded" : "cancellation.refundOnItsWay", { amount: euros(money.refundCents, locale) })}</p> : null}
      {feeLine ? <p>{feeLine}</p> : null}
      <p className={styles.muted}>
        <Link href="/cancellation">{t("cancellation.rulesLink")}</Link>
      </p>
    </Card>
  );
}

/**
 * Where the payment of an accepted quote stands, from our database (the webhook and the reconciliation keep
 * it): not started yet, in progress (with the way back to the checkout while it is open), paid and held, or
 * not gone through; with the Pay button whenever paying (again) is what is left to do.
 */
function PaymentSection({ request, quote, payment, t, locale }: { request: RequestDetails; quote: QuoteView; payment: PaymentView | null; t: Translate; locale: Locale }) {
  const status = payment?.status;
  const words =
    status === "paid"
      ? t("payment.paid")
      : status === "open" || status === "pending"
        ? t("payment.inProgress")
        : status
          ? t("payment.failed")
          : t("payment.unpaid");
  const payable = !status || status === "failed" || status === "canceled" || status === "expired";
  const total = formatPrice((payment?.amountCents ?? quote.totalCents) / 100, locale);
  return (
    <section aria-labelledby="payment-heading" data-testid="payment">
      <h3 id="payment-heading" className={styles.sectionTitle}>
        {t("payment.heading")}
      </h3>
      <p>
        <span className={styles.state} data-testid="payment-status">
          {words}
        </span>
      </p>
      <dl className={styles.facts}>
        <dt>{t("payment.amount")}</dt>
        <dd>{total}</dd>
        {payment && payment.refundedCents > 0 ? (
          <>
            <dt>{t("replacement.refunded")}</dt>
            <dd data-testid="payment-refunded">{formatPrice(payment.refundedCents / 100, locale)}</dd>
          </>
        ) : null}
        {payment && payment.refundRequestedCents > 0 ? (
          <>
            <dt>{t("replacement.refundRequested")}</dt>
            <dd data-testid="payment-refund-requested">{formatPrice(payment.refundRequestedCents / 100, locale)}</dd>
          </>
        ) : null}
      </dl>
      {status === "open" && payment?.checkoutUrl ? (
        <p>
          <a href={payment.checkoutUrl}>{t("payment.continue")}</a>
        </p>
      ) : null}
      {payable ? (
        <div className={styles.stepForm}>
          <PayQuoteForm
            requestId={request.id}
            quoteId={quote.id}
            text={{ unreachable: t("unreachable"), label: t("payment.payLabel"), button: status ? t("payment.payAgain") : t("payment.pay", { total }) }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The handyman's current quote, its state in the homeowner's words, and Accept and Decline while it is open. */
function QuoteCard({
  request,
  quote,
  payment,
  billing,
  t,
  locale,
}: {
  request: RequestDetails;
  quote: QuoteView;
  payment: PaymentView | null;
  billing?: React.ComponentProps<typeof AcceptQuoteForm>["billing"];
  t: Translate;
  locale: Locale;
}) {
  const open = quote.status === "sent" && (request.actions as string[]).includes("accept_quote");
  const name = request.handyman?.name ?? t("timeline.theHandyman");
  const unreachable = t("unreachable");
  return (
    <Card as="section" aria-labelledby="quote-heading">
      <h2 id="quote-heading" className={styles.sectionTitle}>
        {t("quote.heading")}
      </h2>
      <QuoteSummary quote={quote} status={t("quote.ownerStatus", { status: quote.status, name })} t={t} locale={locale} />
      {open ? (
        <div className={styles.stepForm}>
          <AcceptQuoteForm
            requestId={request.id}
            quoteId={quote.id}
            text={{ unreachable, label: t("quote.acceptLabel"), button: t("quote.accept", { total: formatPrice(quote.totalCents / 100, locale) }) }}
            billing={billing}
          />
          <DeclineQuoteForm requestId={request.id} quoteId={quote.id} text={{ unreachable, label: t("quote.declineLabel"), button: t("quote.decline") }} />
        </div>
      ) : null}
      {quote.status === "accepted" ? <PaymentSection request={request} quote={quote} payment={payment} t={t} locale={locale} /> : null}
      {quote.replacement ? <ReplacementSection request={request} paid={quote} replacement={quote.replacement} name={name} t={t} locale={locale} /> : null}
    </Card>
  );
}

/**
 * A lower quote the handyman sent to replace the paid one: what it is, what accepting it refunds, and
 * Accept and Decline while it is open (declining keeps the paid quote).
 */
function ReplacementSection({ request, paid, replacement, name, t, locale }: { request: RequestDetails; paid: QuoteView; replacement: QuoteView; name: string; t: Translate; locale: Locale }) {
  const open = replacement.status === "sent" && (request.actions as string[]).includes("accept_replacement_quote");
  const euros = (cents: number) => formatPrice(cents / 100, locale);
  const refund = euros(paid.totalCents - replacement.totalCents);
  const unreachable = t("unreachable");
  return (
    <section aria-labelledby="replacement-heading" data-testid="replacement">
      <h3 id="replacement-heading" className={styles.sectionTitle}>
        {t("replacement.heading")}
      </h3>
      {open ? <p>{t("replacement.intro", { name, total: euros(replacement.totalCents), paid: euros(paid.totalCents), refund })}</p> : null}
      <QuoteSummary quote={replacement} status={t("quote.ownerStatus", { status: replacement.status, name })} t={t} locale={locale} />
      {open ? (
        <div className={styles.stepForm}>
          <AcceptQuoteForm requestId={request.id} quoteId={replacement.id} text={{ unreachable, label: t("replacement.acceptLabel"), button: t("replacement.accept", { refund }) }} />
          <DeclineQuoteForm requestId={request.id} quoteId={replacement.id} text={{ unreachable, label: t("replacement.declineLabel"), button: t("replacement.decline") }} />
        </div>
      ) : null}
    </section>
  );
}

/** A problem with the work: the form to report one instead of confirming, or where the reported one stands. */
function ProblemSection({ requestId, dispute, canReport, photos, t, locale }: { requestId: string; dispute: HomeownerDispute | null; canReport: boolean; photos: PhotoSummary[]; t: Translate; locale: Locale }) {
  // Photos of the problem join the report while it is open (lib/photos/photos.ts, part "problem").
  const photosLeft = dispute?.state === "open" ? MAX_PHOTOS_PER_REQUEST - photos.length : 0;
  return (
    <Card as="section" aria-labelledby="problem-heading">
      <h2 id="problem-heading" className={styles.sectionTitle}>
        {t("problem.heading")}
      </h2>
      {dispute?.state === "open" ? <p data-testid="problem-open">{t("problem.open", { date: formatDateTime(dispute.openedAt, locale) })}</p> : null}
      {dispute?.state === "withdrawn" ? <p>{t("problem.withdrawn")}</p> : null}
      {dispute?.state === "decided" && dispute.decision ? (
        <p data-testid="problem-decided">{t("problem.decided", { decision: t(`problem.decisions.${dispute.decision}`), reason: dispute.reason ?? "" })}</p>
      ) : null}
      <PhotoThumbnailList requestId={requestId} photos={photos} />
      {photosLeft > 0 ? (
        <AddProblemPhotosForm
          requestId={requestId}
          text={{
            unreachable: t("unreachable"),
            label: t("problemPhotos.addLabel"),
            field: t("problemPhotos.field"),
            hint: t("problemPhotos.hint", { left: photosLeft, mb: MAX_PHOTO_BYTES / 1024 / 1024 }),
            button: t("problemPhotos.button"),
          }}
        />
      ) : null}
      {canReport ? (
        <>
          <p>{t("problem.intro")}</p>
          <ReportProblemForm
            requestId={requestId}
            maxLength={MAX_PROBLEM_LENGTH}
            text={{ unreachable: t("unreachable"), label: t("problem.label"), field: t("problem.field"), hint: t("problem.hint", { max: formatNumber(MAX_PROBLEM_LENGTH, locale) }), button: t("problem.button") }}
          />
        </>
      ) : null}
    </Card>
  );
}

/** The Accept form's name and address for the invoice: filled in from what the homeowner gave before, in the page's words. */
async function acceptBilling(requestId: string): Promise<React.ComponentProps<typeof AcceptQuoteForm>["billing"]> {
  const [values, t] = await Promise.all([billingPrefill(await requireUser(), requestId), getTranslations("invoices.billingAsk")]);
  return { values, text: { heading: t("heading"), lead: t("lead"), name: t("name"), street: t("street"), postcode: t("postcode") } };
}

export async function OrderDetails({ request, notice }: { request: RequestDetails; notice?: React.ReactNode }) {
  const [t, locale, photos, quotes] = await Promise.all([getTranslations("job"), getLocale() as Promise<Locale>, listRequestPhotos(request.id), listCurrentQuotes([request.id])]);
  const quote = quotes.get(request.id);
  const payment = quote?.status === "accepted" ? await paymentOfQuote(quote.id) : null;
  const billing = quote?.status === "sent" ? await acceptBilling(request.id) : undefined;
  const holders = request.handyman ? [request.handyman] : [];
  const [profiles, ratings] = await Promise.all([profileLinksFor(holders, locale), listRatingBases(holders.map((holder) => holder.id))]);
  const photosLeft = photosOpenIn(request.state) ? MAX_PHOTOS_PER_REQUEST - photos.length : 0;
  const can = (action: string) => (request.actions as string[]).includes(action);
  const [cancelMoney, cancelled] = await Promise.all([can("cancel") ? cancelPreview(request.id) : null, request.state === "cancelled" ? cancellationView(request.id) : null]);
  const canMoveDate = can("change_date") || can("propose_date");
  // Once a quote is accepted the answer stands: the invoice follows what was accepted and paid (lib/requests/home-age.ts).
  const canStateHomeAge = can("state_home_age") && quote?.status !== "accepted";
  const homeAge = request.homeOlderThanTwoYears === null ? t("homeAge.unknownOwner") : request.homeOlderThanTwoYears ? t("homeAge.yesOwner") : t("homeAge.noOwner");
  const unreachable = t("unreachable");
  const dispute = can("confirm_done") || can("report_problem") || request.state === "done" || request.state === "reviewed" ? await disputeView(request.id) : null;
  const canReport = can("report_problem") && !dispute && payment?.status === "paid";
  const problemPhotos = dispute ? await listRequestPhotos(request.id, "problem") : [];
  return (
    <div className={styles.page}>
      {notice}
      <p>{t.rich("order.status", { state: requestStateLabel(request.state, locale), mark: (chunks) => <span className={styles.state}>{chunks}</span> })}</p>
      {cancelled ? <CancelledMoney money={cancelled} t={t} locale={locale} /> : null}
      <HandymanCard request={request} t={t} locale={locale} profiles={profiles} ratings={ratings} />
      {request.handyman?.offer === "accepted" ? (
        <OrderOnTheDay request={request} handymanName={request.handyman.name} canReportHandyman={can("report_handyman_no_show") && payment?.status === "paid"} locale={locale} />
      ) : null}
      {quote ? <QuoteCard request={request} quote={quote} payment={payment} billing={billing} t={t} locale={locale} /> : null}

      <Card as="section" aria-labelledby="request-heading">
        <h2 id="request-heading" className={styles.sectionTitle}>
          {t("order.requestHeading")}
        </h2>
        <RequestSummary request={request} showCriterion showCreated />
        <dl className={styles.facts}>
          <dt>{t("homeAge.label")}</dt>
          <dd data-testid="home-age">
            {homeAge}
            {request.homeAgeStatedAt ? <span className={styles.muted}> ({t("homeAge.statedAt", { date: formatDateTime(request.homeAgeStatedAt, locale) })})</span> : null}
          </dd>
        </dl>
        {request.proposedDate ? (
          <p>{t.rich("order.movePending", { date: formatDayWithWeekday(request.proposedDate, locale), strong: (chunks) => <strong>{chunks}</strong> })}</p>
        ) : null}
      </Card>

      {photos.length > 0 || photosLeft > 0 ? (
        <Card as="section" aria-labelledby="photos-heading">
          <h2 id="photos-heading" className={styles.sectionTitle}>
            {t("photos.heading")}
          </h2>
          {photos.length > 0 ? <PhotoThumbnailList requestId={request.id} photos={photos} /> : <p className={styles.muted}>{t("photos.none")}</p>}
          {photosLeft > 0 ? (
            <AddPhotosForm
              requestId={request.id}
              text={{
                unreachable,
                label: t("photos.addLabel"),
                field: t("photos.field"),
                hint: t("photos.hint", { left: photosLeft, mb: MAX_PHOTO_BYTES / 1024 / 1024 }),
                button: t("photos.button"),
              }}
            />
          ) : null}
        </Card>
      ) : null}

      {dispute || canReport ? <ProblemSection requestId={request.id} dispute={dispute} canReport={canReport} photos={problemPhotos} t={t} locale={locale} /> : null}

      {canMoveDate || canStateHomeAge || can("cancel") || can("review") || can("confirm_done") ? (
        <Card as="section" aria-labelledby="steps-heading">
          <h2 id="steps-heading" className={styles.sectionTitle}>
            {t("order.stepsHeading")}
          </h2>
          <div className={styles.stepForm}>
            {can("confirm_done") ? (
              <ConfirmDoneForm requestId={request.id} text={{ unreachable, label: t("orderForms.confirmDoneLabel"), button: t("orderForms.confirmDone") }} />
            ) : null}
            {can("review") ? (
              <ReviewForm
                requestId={request.id}
                text={{
                  unreachable,
                  label: t("orderForms.reviewLabel"),
                  stars: t("orderForms.stars"),
                  starOptions: [1, 2, 3, 4, 5].map((stars) => t("orderForms.starOption", { stars })),
                  review: t("orderForms.reviewText"),
                  hint: t("orderForms.reviewHint", { max: formatNumber(MAX_REVIEW_LENGTH, locale) }),
                  button: t("orderForms.sendReview"),
                }}
              />
            ) : null}
            {canMoveDate ? (
              <DateForm
                requestId={request.id}
                state={request.state}
                current={request.proposedDate ?? request.date}
                text={{
                  unreachable,
                  label: t("orderForms.dateLabel"),
                  field: t("orderForms.newDate"),
                  hint: can("propose_date") ? t("orderForms.proposalHint") : undefined,
                  button: can("propose_date") ? t("orderForms.askDate") : t("orderForms.changeDate"),
                }}
              />
            ) : null}
            {canStateHomeAge ? (
              <HomeAgeForm
                requestId={request.id}
                current={request.homeOlderThanTwoYears}
                text={{
                  unreachable,
                  label: t("homeAge.changeLabel"),
                  field: t("homeAge.question"),
                  hint: t("homeAge.hint"),
                  choose: t("homeAge.choose"),
                  yes: t("homeAge.yesOption"),
                  no: t("homeAge.noOption"),
                  button: t("homeAge.button"),
                }}
              />
            ) : null}
            {can("cancel") ? (
              <div>
                <CancelForm
                  requestId={request.id}
                  state={request.state}
                  shown={{ refundCents: cancelMoney?.refundCents ?? 0, feeCents: cancelMoney?.feeCents ?? 0 }}
                  text={{ unreachable, label: t("orderForms.cancelLabel"), button: cancelButton(cancelMoney, t, locale) }}
                />
                <p className={styles.muted}>
                  <Link href="/cancellation">{t("cancellation.rulesLink")}</Link>
                </p>
              </div>
            ) : null}
          </div>
        </Card>
      ) : null}

      {request.review ? (
        <Card as="section" aria-labelledby="review-heading">
          <h2 id="review-heading" className={styles.sectionTitle}>
            {t("order.reviewHeading")}
          </h2>
          <p>
            <strong>{t("stars", { stars: request.review.stars })}</strong>
          </p>
          {request.review.text ? <p className={styles.review}>{request.review.text}</p> : null}
        </Card>
      ) : null}

      <Card as="section" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className={styles.sectionTitle}>
          {t("order.timelineHeading")}
        </h2>
        <ol className={styles.timeline}>
          <li>
            <time className={styles.when} dateTime={request.createdAt}>
              {formatDateTime(request.createdAt, locale)}
            </time>
            {t("order.sent")}
          </li>
          {request.timeline.map((entry) => (
            <li key={entry.id} data-testid="timeline-entry">
              <time className={styles.when} dateTime={entry.at}>
                {formatDateTime(entry.at, locale)}
              </time>
              {entry.title}
              {entry.note ? <p className={styles.note}>{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
