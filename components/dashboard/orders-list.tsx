"use client";
// /dashboard/orders: a page of the signed-in user's requests (read on the server), newest first, in a
// scrollable area, each with where it stands and a link to its page.
import { useTranslations } from "next-intl";
import { Link, usePageLocale } from "@/components/i18n/link";
import { RequestSummary } from "@/components/requests/request-summary";
import { cityLabel, requestStateLabel, taskTypeLabel } from "@/lib/requests/words";
import type { RepairRequest } from "@/lib/requests/schemas";
import type { RequestState } from "@/lib/requests/lifecycle";
import styles from "./dashboard.module.css";

export function OrdersList({ orders }: { orders: (RepairRequest & { state: RequestState })[] }) {
  const t = useTranslations("dashboard.orders");
  const locale = usePageLocale();

  if (orders.length === 0) {
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
        {orders.map((order) => (
          <li key={order.id} className={styles.order} data-testid="order">
            <h2 className={styles.orderTitle}>
              <Link href={`/dashboard/orders/${order.id}`}>
                {t("orderTitle", { task: taskTypeLabel(order.taskType, locale), city: cityLabel(order.city, locale) })}
              </Link>
            </h2>
            <p className={styles.orderState}>
              {t.rich("status", { state: requestStateLabel(order.state, locale), strong: (chunks) => <strong>{chunks}</strong> })}
            </p>
            <RequestSummary request={order} showCriterion showCreated />
          </li>
        ))}
      </ol>
    </div>
  );
}
