// The day of a paid job (lib/requests/no-show.ts), on both sides: on /pro the handyman's "On my way" and
// "I'm at the door" on the agreed day, then the no-show report with its door photo 20 minutes after; on the
// order page the times, a no-show reported against the homeowner (the door photo and the objection form while
// the window runs) and, after the agreed window without "at the door", the report that the handyman did not come.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatDayWithWeekday } from "@/lib/format";
import { MAX_PHOTO_BYTES } from "@/lib/photos/limits";
import { doorPhotoPath, MAX_OBJECTION_LENGTH, onTheDayOf, proDayOf, type OnTheDayView } from "@/lib/requests/no-show";
import { AtTheDoorForm, ObjectNoShowForm, OnMyWayForm, ReportHandymanNoShowForm, ReportNoShowForm } from "./on-the-day-forms";
import styles from "./request-life.module.css";

type Translate = Awaited<ReturnType<typeof getTranslations<"job.onTheDay">>>;

function Times({ view, t, locale }: { view: OnTheDayView; t: Translate; locale: Locale }) {
  if (!view.onMyWayAt && !view.atDoorAt) return null;
  return (
    <dl className={styles.facts} data-testid="on-the-day-times">
      {view.onMyWayAt ? (
        <>
          <dt>{t("onMyWayAt")}</dt>
          <dd>{formatDateTime(view.onMyWayAt, locale)}</dd>
        </>
      ) : null}
      {view.atDoorAt ? (
        <>
          <dt>{t("atDoorAt")}</dt>
          <dd>{formatDateTime(view.atDoorAt, locale)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function DoorPhoto({ requestId, t }: { requestId: string; t: Translate }) {
  return (
    <p>
      <a href={doorPhotoPath(requestId)}>
        {/* eslint-disable-next-line @next/next/no-img-element -- served by the API to who may see it, never through the image optimiser */}
        <img src={doorPhotoPath(requestId)} alt={t("doorPhoto")} width={240} loading="lazy" className={styles.photoThumb} />
      </a>
    </p>
  );
}

/** The handyman's side, in an accepted job's card on /pro. */
export async function ProOnTheDay({ handymanId, offerId, request, locale }: { handymanId: number; offerId: string; request: { id: string; date: string }; locale: Locale }) {
  const [view, t, unreachableT] = await Promise.all([proDayOf(handymanId, offerId, request), getTranslations({ locale, namespace: "job.onTheDay" }), getTranslations({ locale, namespace: "job" })]);
  if (!view.paid && !view.noShow) return null;
  const unreachable = unreachableT("unreachable");
  const reportable = view.reportFrom !== null && !view.noShow && new Date(view.reportFrom) <= new Date();
  return (
    <section aria-label={t("heading")} data-testid="pro-on-the-day" className={styles.stepForm}>
      <Times view={view} t={t} locale={locale} />
      {!view.today && !view.onMyWayAt ? <p className={styles.muted}>{t("notToday", { date: formatDayWithWeekday(request.date, locale) })}</p> : null}
      {view.today && view.paid && !view.onMyWayAt && !view.atDoorAt ? <OnMyWayForm offerId={offerId} text={{ unreachable, label: t("onMyWayLabel"), button: t("onMyWay") }} /> : null}
      {view.today && view.paid && !view.atDoorAt ? <AtTheDoorForm offerId={offerId} text={{ unreachable, label: t("atTheDoorLabel"), button: t("atTheDoor") }} /> : null}
      {view.reportFrom && !view.noShow && !reportable ? <p className={styles.muted}>{t("reportFrom", { time: formatDateTime(view.reportFrom, locale) })}</p> : null}
      {reportable && view.paid ? (
        <ReportNoShowForm
          offerId={offerId}
          text={{ unreachable, label: t("reportLabel"), field: t("photo"), hint: t("photoHint", { mb: MAX_PHOTO_BYTES / 1024 / 1024 }), button: t("report") }}
        />
      ) : null}
      {view.noShow?.absent === "homeowner" ? (
        <p data-testid="no-show-state">
          {view.noShow.state === "open"
            ? t("reported", { time: formatDateTime(view.noShow.reportedAt, locale), until: formatDateTime(view.noShow.objectUntil ?? view.noShow.reportedAt, locale) })
            : view.noShow.state === "objected"
              ? t("objected")
              : t("settled")}
        </p>
      ) : null}
    </section>
  );
}

/** The homeowner's side, on the order page of a job that was accepted. */
export async function OrderOnTheDay({ request, handymanName, canReportHandyman, locale }: { request: { id: string; date: string }; handymanName: string; canReportHandyman: boolean; locale: Locale }) {
  const [view, t, job] = await Promise.all([onTheDayOf(request), getTranslations({ locale, namespace: "job.onTheDay" }), getTranslations({ locale, namespace: "job" })]);
  const windowEnded = new Date(view.windowEnd) <= new Date();
  const handymanNoShow = canReportHandyman && windowEnded && !view.atDoorAt && !view.noShow;
  if (!view.onMyWayAt && !view.atDoorAt && !view.noShow && !handymanNoShow) return null;
  const unreachable = job("unreachable");
  const noShow = view.noShow;
  return (
    <Card as="section" aria-labelledby="on-the-day-heading" data-testid="order-on-the-day">
      <h2 id="on-the-day-heading" className={styles.sectionTitle}>
        {t("heading")}
      </h2>
      <Times view={view} t={t} locale={locale} />
      {noShow?.absent === "homeowner" ? (
        <>
          <p>{t("homeownerReported", { name: handymanName, time: formatDateTime(noShow.reportedAt, locale) })}</p>
          {noShow.hasPhoto ? <DoorPhoto requestId={request.id} t={t} /> : null}
          {noShow.state === "open" && noShow.objectUntil && new Date(noShow.objectUntil) > new Date() ? (
            <>
              <p>{t("objectUntil", { until: formatDateTime(noShow.objectUntil, locale) })}</p>
              <ObjectNoShowForm
                requestId={request.id}
                maxLength={MAX_OBJECTION_LENGTH}
                text={{ unreachable, label: t("objectLabel"), field: t("objectField"), hint: t("objectHint"), button: t("object") }}
              />
            </>
          ) : noShow.state === "objected" ? (
            <p>{t("youObjected")}</p>
          ) : (
            <p>{t("settled")}</p>
          )}
        </>
      ) : null}
      {noShow?.absent === "handyman" ? <p>{t("handymanReported")}</p> : null}
      {handymanNoShow ? (
        <>
          <p>{t("handymanNoShow", { name: handymanName, time: formatDateTime(view.windowEnd, locale) })}</p>
          <p className={styles.muted}>{t("handymanNoShowWhat")}</p>
          <ReportHandymanNoShowForm requestId={request.id} text={{ unreachable, label: t("handymanNoShowLabel"), button: t("reportHandyman") }} />
        </>
      ) : null}
    </Card>
  );
}
