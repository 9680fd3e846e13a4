// The facts of one request, as a description list, in the page's language (a server component on the
// order page, a client one under <ClientMessages namespaces={["request"]}> elsewhere). Details are
// rendered as text, never as HTML.
import { useLocale, useTranslations } from "next-intl";
import { isLocale, DEFAULT_LOCALE } from "@/i18n/locales";
import { cityLabel, criterionLabel, taskTypeLabel } from "@/lib/requests/words";
import type { RepairRequest } from "@/lib/requests/schemas";
import { formatDateTime, formatDayWithWeekday } from "@/lib/format";
import styles from "./request.module.css";

export function RequestSummary({
  request,
  showCriterion = false,
  showCreated = false,
}: {
  request: RepairRequest;
  showCriterion?: boolean;
  showCreated?: boolean;
}) {
  const t = useTranslations("request.summary");
  const requested = useLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return (
    <dl className={styles.summaryList}>
      <div>
        <dt>{t("task")}</dt>
        <dd>{taskTypeLabel(request.taskType, locale)}</dd>
      </div>
      <div>
        <dt>{t("city")}</dt>
        <dd>{cityLabel(request.city, locale)}</dd>
      </div>
      <div>
        <dt>{t("date")}</dt>
        <dd>
          <time dateTime={request.date}>{formatDayWithWeekday(request.date, locale)}</time>
        </dd>
      </div>
      {showCriterion ? (
        <div>
          <dt>{t("criterion")}</dt>
          <dd>{request.criterion ? criterionLabel(request.criterion, locale) : t("notChosen")}</dd>
        </div>
      ) : null}
      {showCreated ? (
        <div>
          <dt>{t("requested")}</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
          </dd>
        </div>
      ) : null}
      <div className={styles.summaryWide}>
        <dt>{t("details")}</dt>
        <dd className={styles.details}>{request.details || t("noDetails")}</dd>
      </div>
    </dl>
  );
}
