// /pro: a handyman's page. The requests offered to them (task, city, date, details, and until when
// they can answer), the jobs they accepted with what comes next, the "available now" switch, and their
// rating with the newest reviews it is made of. Offers and jobs are each a page of 20, newest first, with
// links to the newer and older pages (?offers= and ?jobs=, each keeping the other). The homeowner's name
// and address appear only on accepted jobs whose homeowner has a verified address (lib/handymen/offers.ts
// decides, and reads every card's conversation and photos at once). In the page's language.
import { getLocale, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/i18n/locales";
import { cityLabel, requestStateLabel, taskTypeLabel } from "@/lib/requests/words";
import { formatDateTime, formatDayWithWeekday, formatHourlyPrice, formatList, formatPrice } from "@/lib/format";
import type { ProOffer, ProPageView } from "@/lib/handymen/offers";
import { listRatingBases } from "@/lib/handymen/queries";
import { ratingWords } from "@/lib/handymen/rating";
import { PhotoThumbnailList } from "./request-photos";
import { Pager } from "@/components/ui/pager";
import { isCity, type TaskType } from "@/lib/requests/catalogue";
import { ProOnTheDay } from "./on-the-day";
import { AcceptForm, AvailabilityForm, DateAnswerForm, DeclineForm, DoneForm, WithdrawJobForm } from "./pro-step-forms";
import styles from "./request-life.module.css";
import { OfferThreadLink } from "@/components/messages/unread";
import { QuoteSummary } from "@/components/quotes/quote-summary";
import { SendQuoteForm } from "@/components/quotes/quote-forms";
import { listCurrentQuotes, type QuoteView } from "@/lib/quotes/quotes";
import { vatRateOfLine } from "@/lib/quotes/rules";
import { QUOTE_LIMITS } from "@/lib/validations/limits";

type Translate = Awaited<ReturnType<typeof getTranslations<"job">>>;

/** "Electrician in Amsterdam", "Elektricien in Den Haag". */
export function workIn(t: Translate, locale: Locale, taskType: TaskType, city: string): string {
  return t("workIn", { task: taskTypeLabel(taskType, locale), city: isCity(city) ? cityLabel(city, locale) : city });
}

/**
 * The job's quote, and the form to send one (or a new one) while the job allows it and no quote is
 * accepted; once the accepted quote is paid, the form sends a lower one to replace it.
 */
function QuoteSection({ offer, quote, hourlyPriceCents, t, locale }: { offer: ProOffer; quote: QuoteView | undefined; hourlyPriceCents: number; t: Translate; locale: Locale }) {
  const lowering = quote?.status === "accepted" && quote.paid;
  const canSend = (offer.actions as string[]).includes("send_quote") && (quote?.status !== "accepted" || lowering);
  if (!quote && !canSend) return null;
  const headingId = `quote-${offer.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.sectionTitle}>
        {t("quote.heading")}
      </h4>
      {quote ? <QuoteSummary quote={quote} status={t("quote.proStatus", { status: quote.status })} t={t} locale={locale} /> : null}
      {quote?.replacement ? (
        <section aria-labelledby={`${headingId}-replacement`}>
          <h5 id={`${headingId}-replacement`} className={styles.sectionTitle}>
            {t("replacement.proHeading")}
          </h5>
          <QuoteSummary quote={quote.replacement} status={t("quote.proStatus", { status: quote.replacement.status })} t={t} locale={locale} />
        </section>
      ) : null}
      {canSend ? (
        <>
          {quote ? <p className={styles.muted}>{lowering ? t("replacement.proNote") : t("quote.replaceNote")}</p> : null}
          <SendQuoteForm
            requestId={offer.request.id}
            text={{
              label: lowering ? t("replacement.sendHeading") : quote ? t("quote.sendAgainHeading") : t("quote.sendHeading"),
              unreachable: t("unreachable"),
              labourHeading: t("quote.labourHeading"),
              hours: t("quote.hours"),
              hoursHint: t("quote.hoursHint", { price: formatPrice(hourlyPriceCents / 100, locale) }),
              labourAmount: t("quote.labourAmount"),
              labourDescription: t("quote.labourDescription"),
              vatNote: t("homeAge.vatNote"),
              labourVat: { rate: vatRateOfLine("labour", offer.request), label: t("homeAge.lineVat", { rate: vatRateOfLine("labour", offer.request) }) },
              materialsVat: { rate: vatRateOfLine("materials", offer.request), label: t("homeAge.lineVat", { rate: vatRateOfLine("materials", offer.request) }) },
              materialsHeading: t("quote.materialsHeading"),
              materialsHint: t("quote.materialsHint"),
              materials: Array.from({ length: QUOTE_LIMITS.formMaterialRows }, (_, index) => t("quote.material", { number: index + 1 })),
              materialDescription: t("quote.materialDescription"),
              materialAmount: t("quote.materialAmount"),
              validDays: t("quote.validDays"),
              validDaysHint: t("quote.validDaysHint", { min: QUOTE_LIMITS.validDaysMin, max: QUOTE_LIMITS.validDaysMax }),
              button: t("quote.send"),
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function OfferCard({ offer, t, locale, quote, hourlyPriceCents, handymanId }: { offer: ProOffer; t: Translate; locale: Locale; quote?: QuoteView; hourlyPriceCents: number; handymanId: number }) {
  const { request } = offer;
  const status = offer.status === "accepted" ? requestStateLabel(request.state, locale) : offer.status === "open" ? t("pro.offeredToYou") : t("pro.expired");
  const can = (action: string) => (offer.actions as string[]).includes(action);
  const texts = { unreachable: t("unreachable") };
  return (
    <Card as="li" aria-labelledby={`offer-${offer.id}`} data-testid="pro-offer">
      <h3 id={`offer-${offer.id}`} className={styles.sectionTitle}>
        {workIn(t, locale, request.taskType, request.city)}
      </h3>
      <p>
        <span className={styles.state}>{status}</span>
      </p>
      <dl className={styles.facts}>
        <dt>{t("pro.date")}</dt>
        <dd>{formatDayWithWeekday(request.date, locale)}</dd>
        {request.proposedDate ? (
          <>
            <dt>{t("pro.newDateAsked")}</dt>
            <dd>{formatDayWithWeekday(request.proposedDate, locale)}</dd>
          </>
        ) : null}
        <dt>{t("pro.details")}</dt>
        <dd>{request.details || t("pro.noDetails")}</dd>
        <dt>{t("homeAge.label")}</dt>
        <dd data-testid="home-age">{request.homeOlderThanTwoYears === null ? t("homeAge.unknown") : request.homeOlderThanTwoYears ? t("homeAge.yes") : t("homeAge.no")}</dd>
        {offer.status === "open" ? (
          <>
            <dt>{t("pro.answerBy")}</dt>
            <dd>{formatDateTime(offer.respondBy, locale)}</dd>
          </>
        ) : null}
        {offer.homeowner ? (
          <>
            <dt>{t("pro.homeowner")}</dt>
            <dd>
              {offer.homeowner.name}, <a href={`mailto:${offer.homeowner.email}`}>{offer.homeowner.email}</a>
            </dd>
          </>
        ) : offer.status === "accepted" ? (
          <>
            <dt>{t("pro.homeowner")}</dt>
            <dd className={styles.muted}>{t("pro.contactLater")}</dd>
          </>
        ) : null}
      </dl>
      {/* Only while the offer is theirs (lib/handymen/offers.ts leaves the others without): the photo route refuses anyone else. */}
      <PhotoThumbnailList requestId={request.id} photos={offer.photos} />
      <OfferThreadLink requestId={request.id} thread={offer.thread} locale={locale} />
      {can("accept") ? <AcceptForm offerId={offer.id} text={{ ...texts, label: t("proForms.acceptLabel"), button: t("proForms.accept") }} /> : null}
      {can("decline") ? (
        <DeclineForm
          offerId={offer.id}
          text={{ ...texts, label: t("proForms.declineLabel"), reason: t("proForms.reason"), hint: t("proForms.reasonHint"), button: t("proForms.decline") }}
        />
      ) : null}
      {can("confirm_date") && request.proposedDate ? (
        <DateAnswerForm
          offerId={offer.id}
          text={{
            ...texts,
            label: t("proForms.dateLabel"),
            confirm: t("proForms.confirm", { date: formatDayWithWeekday(request.proposedDate, locale) }),
            keep: t("proForms.keep", { date: formatDayWithWeekday(request.date, locale) }),
          }}
        />
      ) : null}
      {offer.status === "accepted" ? <QuoteSection offer={offer} quote={quote} hourlyPriceCents={hourlyPriceCents} t={t} locale={locale} /> : null}
      {offer.status === "accepted" ? <ProOnTheDay handymanId={handymanId} offerId={offer.id} request={request} locale={locale} /> : null}
      {can("finish") ? <DoneForm offerId={offer.id} text={{ ...texts, label: t("proForms.doneLabel"), button: t("proForms.done") }} /> : null}
      {offer.status === "accepted" && can("withdraw_job") ? (
        <WithdrawJobForm
          offerId={offer.id}
          text={{
            ...texts,
            label: t("proWithdraw.label"),
            open: t("proWithdraw.open"),
            consequences: [t("proWithdraw.refund"), t("proWithdraw.passedOn"), t("proWithdraw.reliability")],
            button: t("proWithdraw.button"),
            rulesLink: t("cancellation.rulesLink"),
          }}
        />
      ) : null}
    </Card>
  );
}

/** The addresses' names of /pro's cursors (lib/handymen/offers.ts parseProPageCursors and lib/handymen/payments.ts parseProPaymentsCursor read them). */
export type ProPageQuery = { offers?: string; jobs?: string; payments?: string; invoices?: string };

export async function ProDashboard({ view, query, notice }: { view: ProPageView; query: ProPageQuery; notice?: React.ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations("job"), getLocale() as Promise<Locale>]);
  const { handyman, reviews } = view;
  const waiting = view.open.rows;
  const jobs = view.jobs.rows;
  const [ratings, quotes] = await Promise.all([listRatingBases([handyman.id]), listCurrentQuotes(jobs.map((offer) => offer.request.id))]);
  const rating = ratings[handyman.id];
  const hourlyPriceCents = Math.round(handyman.price_per_hour * 100);
  const available = handyman.available === "yes";
  return (
    <div className={styles.page}>
      {notice}
      <Card as="section" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className={styles.sectionTitle}>
          {t("pro.profileHeading")}
        </h2>
        <dl className={styles.facts}>
          <dt>{t("pro.work")}</dt>
          <dd>
            {t("workIn", {
              task: formatList(handyman.taskTypes.map((taskType) => taskTypeLabel(taskType, locale)), "and", locale),
              city: formatList(handyman.cities.map((city) => cityLabel(city, locale)), "and", locale),
            })}
          </dd>
          <dt>{t("pro.price")}</dt>
          <dd>{formatHourlyPrice(handyman.price_per_hour, locale)}</dd>
          <dt>{t("pro.rating")}</dt>
          <dd data-testid="pro-rating">{ratingWords(rating, locale, (key, values) => t(key, values))}</dd>
        </dl>
        {handyman.suspended ? <p>{t("pro.paused")}</p> : null}
        <AvailabilityForm
          available={available}
          text={{
            unreachable: t("unreachable"),
            label: t("proForms.availabilityLabel"),
            status: t.rich("proForms.availability", { available: available ? "yes" : "no", strong: (chunks) => <strong>{chunks}</strong> }),
            button: available ? t("proForms.setUnavailable") : t("proForms.setAvailable"),
          }}
        />
      </Card>

      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading" className={styles.sectionTitle}>
          {t("pro.offersHeading")}
        </h2>
        {waiting.length ? (
          <ul className={styles.list}>
            {waiting.map((offer) => (
              <OfferCard key={offer.id} offer={offer} t={t} locale={locale} hourlyPriceCents={hourlyPriceCents} handymanId={handyman.id} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t("pro.noOffers")}</p>
        )}
        <Pager locale={locale} path="/pro" query={query} param="offers" page={view.open} label={t("pro.offersPages")} />
      </section>

      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className={styles.sectionTitle}>
          {t("pro.jobsHeading")}
        </h2>
        {jobs.length ? (
          <ul className={styles.list}>
            {jobs.map((offer) => (
              <OfferCard key={offer.id} offer={offer} t={t} locale={locale} quote={quotes.get(offer.request.id)} hourlyPriceCents={hourlyPriceCents} handymanId={handyman.id} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t("pro.noJobs")}</p>
        )}
        <Pager locale={locale} path="/pro" query={query} param="jobs" page={view.jobs} total={view.jobs.total || undefined} label={t("pro.jobsPages")} />
      </section>

      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className={styles.sectionTitle}>
          {t("pro.reviewsHeading")}
        </h2>
        <p className={styles.muted}>{t("pro.reviewsSource")}</p>
        {reviews.length ? (
          <ul className={styles.list}>
            {reviews.map((review) => (
              <Card as="li" key={review.id}>
                <p>
                  <strong>{t("stars", { stars: review.stars })}</strong>{" "}
                  <time className={styles.muted} dateTime={review.createdAt}>
                    {formatDateTime(review.createdAt, locale)}
                  </time>
                </p>
                {review.text ? <p className={styles.review}>{review.text}</p> : null}
              </Card>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t("pro.noReviews")}</p>
        )}
        {view.moreReviews ? <p className={styles.muted}>{t("pro.newestReviews", { count: reviews.length })}</p> : null}
      </section>
    </div>
  );
}
