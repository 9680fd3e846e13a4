// /pro's money list: the totals held and released, then one card per paid payment (its job, what was paid,
// held, released, kept as commission and refunded, and its state in words), a page of them with plain links
// to the newer and older pages (?payments=, keeping the page's other cursors), so it pages without
// JavaScript. Cards rather than a table, so it reads at 320 px. lib/handymen/payments.ts reads it all.
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import type { Locale } from "@/i18n/locales";
import { formatDate, formatDateTime, formatPrice } from "@/lib/format";
import type { ProPayments } from "@/lib/handymen/payments";
import { cityLabel, taskTypeLabel } from "@/lib/requests/words";
import { isCity } from "@/lib/requests/catalogue";
import styles from "@/components/requests/request-life.module.css";

const euros = (cents: number, locale: Locale) => formatPrice(cents / 100, locale);

export async function MoneyList({ payments, locale, query }: { payments: ProPayments; locale: Locale; query: Record<string, string | undefined> }) {
  const t = await getTranslations({ locale, namespace: "job" });
  return (
    <section aria-labelledby="money-heading" data-testid="money-list">
      <h2 id="money-heading" className={styles.sectionTitle}>
        {t("money.heading")}
      </h2>
      <p className={styles.muted}>{t("money.lead")}</p>
      <dl className={styles.facts} data-testid="money-totals">
        <dt>{t("money.heldTotal")}</dt>
        <dd>{euros(payments.totals.held, locale)}</dd>
        <dt>{t("money.releasedTotal")}</dt>
        <dd>{euros(payments.totals.released, locale)}</dd>
      </dl>
      {payments.rows.length ? (
        <ul className={styles.list}>
          {payments.rows.map((payment) => (
            <Card as="li" key={payment.id} data-testid="money-row">
              <h3 className={styles.sectionTitle}>
                {t("workIn", { task: taskTypeLabel(payment.job.taskType, locale), city: isCity(payment.job.city) ? cityLabel(payment.job.city, locale) : payment.job.city })},{" "}
                {formatDate(payment.job.date, locale)}
              </h3>
              <p>
                <strong>{t("money.state", { state: payment.state })}</strong>{" "}
                <time className={styles.muted} dateTime={payment.createdAt}>
                  {t("money.paidOn", { date: formatDateTime(payment.createdAt, locale) })}
                </time>
              </p>
              <dl className={styles.facts}>
                <dt>{t("money.paid")}</dt>
                <dd>{euros(payment.balance.paid, locale)}</dd>
                <dt>{t("money.held")}</dt>
                <dd>{euros(payment.balance.held, locale)}</dd>
                <dt>{t("money.released")}</dt>
                <dd>{euros(payment.balance.released, locale)}</dd>
                <dt>{t("money.commission")}</dt>
                <dd>{euros(payment.balance.commission, locale)}</dd>
                <dt>{t("money.refunded")}</dt>
                <dd>{euros(payment.balance.refunded, locale)}</dd>
              </dl>
            </Card>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("money.none")}</p>
      )}
      <Pager locale={locale} path="/pro" query={query} param="payments" page={payments} label={t("money.pages")} />
    </section>
  );
}
