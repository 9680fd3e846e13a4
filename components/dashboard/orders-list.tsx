"use client";
// /dashboard/orders: every request of the signed-in user, newest first, in a scrollable area, each with
// where it stands (the states the page read on the server) and a link to its page.
import { useTranslations } from "next-intl";
import { Link, usePageLocale } from "@/components/i18n/link";
import { QueryError } from "@/components/ui/query-error";
import { useQueryErrorText } from "@/components/ui/use-query-error-text";
import { useMyRequests } from "@/components/requests/request-cache";
import { RequestSummary } from "@/components/requests/request-summary";
import { cityLabel, requestStateLabel, taskTypeLabel } from "@/lib/requests/words";
import type { RequestState } from "@/lib/requests/lifecycle";
import styles from "./dashboard.module.css";

export function OrdersList({ states }: { states: Record<string, RequestState> }) {
  const t = useTranslations("dashboard.orders");
  const locale = usePageLocale();
  const errorText = useQueryErrorText(t("what"));
  const orders = useMyRequests();

  if (orders.isPending) {
    return (
      <p role="status" className={styles.placeholder}>
        {t("loading")}
      </p>
    );
  }
  if (orders.isError) {
    return <QueryError error={orders.error} onRetry={() => void orders.refetch()} what={t("what")} text={errorText} />;
  }
  if (orders.data.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t("emptyTitle")}</p>
        <p>{t("emptyText")}</p>
      </div>
    );
  }
  return (
    <div className={styles.scrollArea} role="region" aria-label={t("regionLabel")} tabIndex={0}>
      <ol className={styles.orders}>
        {orders.data.map((order) => (
          <li key={order.id} className={styles.order} data-testid="order">
            <h2 className={styles.orderTitle}>
              <Link href={`/dashboard/orders/${order.id}`}>
                {t("orderTitle", { task: taskTypeLabel(order.taskType, locale), city: cityLabel(order.city, locale) })}
              </Link>
            </h2>
            {states[order.id] ? (
              <p className={styles.orderState}>
                {t.rich("status", { state: requestStateLabel(states[order.id], locale), strong: (chunks) => <strong>{chunks}</strong> })}
              </p>
            ) : null}
            <RequestSummary request={order} showCriterion showCreated />
          </li>
        ))}
      </ol>
    </div>
  );
}
