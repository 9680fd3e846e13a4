import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { ConsoleList } from "@/components/ops/console-list";
import { FilterSelect } from "@/components/ops/filter-select";
import { Field, controlClassName } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import styles from "@/components/ops/ops.module.css";
import { localeOf } from "@/i18n/locales";
import { firstParam } from "@/lib/api/query";
import { formatPrice } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { readAddress } from "@/lib/ops/list-address";
import { amsterdamDayOf, listMoney, parseMoneyFilters, parseMoneyPage, PAYMENT_STATUSES, type MoneyPeriod } from "@/lib/ops/money";

export const metadata: Metadata = { title: "Money" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsMoneyPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "ops.money" });
  const invoices = await getTranslations({ locale, namespace: "ops.invoices" });
  const query = await searchParams;
  const { value: view, problem, errors } = await readAddress(async () => {
    const filters = parseMoneyFilters(query);
    return listMoney(operator, filters, parseMoneyPage(operator, filters, query));
  });
  const shown = { period: firstParam(query.period), status: firstParam(query.status), from: firstParam(query.from), to: firstParam(query.to) };
  const period: MoneyPeriod = view?.filters.period ?? "day";
  const euros = (cents: number) => formatPrice(cents / 100, locale);
  const periodLabel = (start: string) =>
    new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", period === "day" ? { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${start}T00:00:00.000Z`),
    );
  const toggle = (to: MoneyPeriod) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...shown, period: to })) if (value) next.set(key, value);
    return `/ops/money?${next.toString()}`;
  };
  const thisMonth = amsterdamDayOf(new Date()).slice(0, 7);
  return (
    <div lang={locale}>
      <ConsoleList
        locale={locale}
        eyebrow={t("eyebrow")}
        submitLabel={t("show")}
        title={t("title")}
        lead={t("lead")}
        intro={
          <>
            <p>
              <Link href="/ops/money/payments" prefetch={false}>
                {t("paymentsLink")}
              </Link>
            </p>
            <nav aria-label={t("periodChoice")}>
              <ul className={styles.counts}>
                {(["day", "month"] as const).map((choice) => (
                  <li key={choice}>
                    <Link href={toggle(choice)} prefetch={false} aria-current={period === choice ? "page" : undefined} data-testid={`period-${choice}`}>
                      {choice === "day" ? t("perDay") : t("perMonth")}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </>
        }
        filters={{
          label: t("filterLabel"),
          action: "/ops/money",
          hidden: { period: shown.period, limit: firstParam(query.limit) },
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
        problem={problem ? { text: problem, restart: errors.cursor || errors.limit || errors.period ? { href: "/ops/money", label: t("restart") } : undefined } : null}
        summary={
          view ? (
            <>
              <h2>{t("totalsHeading")}</h2>
              <p role="status" data-testid="money-totals">
                {view.totals.entries === 0
                  ? t("nothing")
                  : t("totalsLine", {
                      paid: euros(view.totals.paid),
                      held: euros(view.totals.held),
                      released: euros(view.totals.released),
                      commission: euros(view.totals.commission),
                      refunded: euros(view.totals.refunded),
                      entries: view.totals.entries,
                    })}
              </p>
              <p>{t("heldNote")}</p>
            </>
          ) : null
        }
        table={
          view
            ? {
                caption: t("caption"),
                columns: [t(`columns.${period}`), t("columns.paid"), t("columns.held"), t("columns.released"), t("columns.commission"), t("columns.refunded"), t("columns.entries")],
                rows: view.rows.map((row) => (
                  <tr key={row.period} data-testid="money-row" data-period={row.period}>
                    <td>
                      <time dateTime={period === "day" ? row.period : row.period.slice(0, 7)}>{periodLabel(row.period)}</time>
                    </td>
                    <td>{euros(row.paid)}</td>
                    <td>{euros(row.held)}</td>
                    <td>{euros(row.released)}</td>
                    <td>{euros(row.commission)}</td>
                    <td>{euros(row.refunded)}</td>
                    <td>{row.entries}</td>
                  </tr>
                )),
              }
            : null
        }
        pager={view ? { path: "/ops/money", query: { ...shown, limit: firstParam(query.limit) }, page: { next: view.nextCursor, previous: view.previousCursor } } : undefined}
      >
        <section aria-labelledby="money-export">
          <h2 id="money-export">{t("exportHeading")}</h2>
          <form action="/api/ops/money/export" method="get" className={styles.filters}>
            <Field id="export-month" label={t("exportLabel")}>
              {(control) => <input {...control} type="month" name="month" required defaultValue={thisMonth} className={controlClassName} />}
            </Field>
            <Button type="submit">{t("exportButton")}</Button>
          </form>
          <p>{t("exportNote")}</p>
        </section>
        <section aria-labelledby="invoice-export">
          <h2 id="invoice-export">{invoices("exportHeading")}</h2>
          <form action="/api/ops/money/invoices" method="get" className={styles.filters}>
            <Field id="invoice-export-month" label={invoices("exportLabel")}>
              {(control) => <input {...control} type="month" name="month" required defaultValue={thisMonth} className={controlClassName} />}
            </Field>
            <Button type="submit">{invoices("exportButton")}</Button>
          </form>
          <p>{invoices("exportNote")}</p>
        </section>
      </ConsoleList>
    </div>
  );
}
