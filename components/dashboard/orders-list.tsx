"use client";
// /dashboard/orders: every request of the signed-in user, newest first, in a scrollable area.
import { useQuery } from "@tanstack/react-query";
import { useSessionUser } from "@/components/providers/session-user";
import { inputsApi, queryKeys } from "@/components/request/api-client";
import { QueryError } from "@/components/request/query-error";
import { RequestSummary } from "@/components/request/request-summary";
import { TASK_TYPE_LABELS } from "@/lib/validations/inputs";
import styles from "./dashboard.module.css";

export function OrdersList() {
  const user = useSessionUser();
  const orders = useQuery({ queryKey: queryKeys.inputsOf(user.email), queryFn: () => inputsApi.listForUser(user.email) });

  if (orders.isPending) {
    return (
      <p role="status" className={styles.placeholder}>
        Loading your orders…
      </p>
    );
  }
  if (orders.isError) {
    return <QueryError error={orders.error} onRetry={() => void orders.refetch()} what="your orders" />;
  }
  if (orders.data.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No orders yet.</p>
        <p>When you ask for a handyman, your request shows up here.</p>
      </div>
    );
  }
  return (
    <div className={styles.scrollArea} role="region" aria-label="Your orders, newest first" tabIndex={0}>
      <ol className={styles.orders}>
        {orders.data.map((order) => (
          <li key={order.input_id} className={styles.order} data-testid="order">
            <h2 className={styles.orderTitle}>
              {TASK_TYPE_LABELS[order.task_type]} in {order.city}
            </h2>
            <RequestSummary input={order} showCriterion showCreated />
          </li>
        ))}
      </ol>
    </div>
  );
}
