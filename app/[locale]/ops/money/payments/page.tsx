import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { ConsoleList } from "@/components/ops/console-list";
import { FilterSelect } from "@/components/ops/filter-select";
import { Field, controlClassName } from "@/components/ui/field";
import { localeOf } from "@/i18n/locales";
import { firstParam } from "@/lib/api/query";
import { formatDateTime, formatPrice } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { readAddress } from "@/lib/ops/list-address";
import { listPayments, parsePaymentFilters, parsePaymentsPage, PAYMENT_STATUSES } from "@/lib/ops/money";
import { taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Payments" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsPaymentsPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "ops.money" });
  const query = await searchParams;
  const { value: list, problem, errors } = await readAddress(() => listPayments(operator, parsePaymentFilters(query), parsePaymentsPage(operator, query)));
  const shown = { status: firstParam(query.status), from: firstParam(query.from), to: firstParam(query.to) };
  const euros = (cents: number) => formatPrice(cents / 100, locale);
  return (
    <div lang={locale}>
      <ConsoleList
        locale={locale}
        eyebrow={t("eyebrow")}
        submitLabel={t("show")}
        title={t("payments.title")}
        lead={t("payments.lead")}
        intro={
          <p>
            <Link href="/ops/money" prefetch={false}>
              {t("payments.back")}
            </Link>
          </p>
        }
        filters={{
          label: t("payments.filterLabel"),
          action: "/ops/money/payments",
          hidden: { limit: firstParam(query.limit) },
          children: (
            <>
              <FilterSelect
                id="filter-status"
                name="status"
                label={t("status")}
                anyLabel={t("anyStatus")}
                options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
                value={shown.status}
                error={errors.status}
              />
              <Field id="filter-from" label={t("from")} error={errors.from}>
                {(control) => <input {...control} type="date" name="from" defaultValue={shown.from} className={controlClassName} />}
              </Field>
              <Field id="filter-to" label={t("to")} error={errors.to}>
                {(control) => <input {...control} type="date" name="to" defaultValue={shown.to} className={controlClassName} />}
              </Field>
            </>
          ),
        }}
        problem={problem ? { text: problem, restart: errors.cursor || errors.limit ? { href: "/ops/money/payments", label: t("payments.restart") } : undefined } : null}
        table={
          list
            ? {
                caption: t("payments.caption"),
                columns: (["created", "status", "amount", "handyman", "job", "held", "released", "refunded"] as const).map((column) => t(`payments.columns.${column}`)),
                empty: t("payments.nothing"),
                rows: list.rows.map((row) => (
                  <tr key={row.id} data-testid="payment-row">
                    <td>
                      <Link href={`/ops/money/payments/${row.id}`} prefetch={false}>
                        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
                      </Link>
                    </td>
                    <td>{t(`statuses.${row.status}`)}</td>
                    <td>{euros(row.amountCents)}</td>
                    <td>{row.handyman.name}</td>
                    <td>
                      {taskTypeLabel(row.request.taskType, locale)}, {row.request.city}
                    </td>
                    <td>{euros(row.balance.held)}</td>
                    <td>{euros(row.balance.released)}</td>
                    <td>{euros(row.balance.refunded)}</td>
                  </tr>
                )),
              }
            : null
        }
        pager={list ? { path: "/ops/money/payments", query: { ...shown, limit: firstParam(query.limit) }, page: { next: list.nextCursor, previous: list.previousCursor } } : undefined}
      />
    </div>
  );
}
