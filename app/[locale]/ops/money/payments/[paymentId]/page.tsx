import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { PaymentInvoices } from "@/components/ops/payment-invoices";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import lifeStyles from "@/components/requests/request-life.module.css";
import { localeOf } from "@/i18n/locales";
import { ApiError } from "@/lib/api/errors";
import { formatDateTime, formatPrice } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { getPaymentDetailOrThrow, type PaymentDetail } from "@/lib/ops/money";
import { taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Payment" };

type Params = Promise<{ locale: string; paymentId: string }>;

/** The payment (reading writes nothing); the site's 404 for a malformed or unknown id. */
async function load(raw: string): Promise<PaymentDetail> {
  try {
    return await getPaymentDetailOrThrow(raw);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OpsPaymentPage({ params }: { params: Params }) {
  await requireOperator();
  const { locale: rawLocale, paymentId } = await params;
  const locale = localeOf(rawLocale);
  const t = await getTranslations({ locale, namespace: "ops.money" });
  const payment = await load(paymentId);
  const euros = (cents: number) => formatPrice(cents / 100, locale);
  const when = (at: string) => formatDateTime(at, locale);
  const job = `${taskTypeLabel(payment.request.taskType, locale)}, ${payment.request.city}`;
  return (
    <div lang={locale}>
      <PageHeader
        eyebrow={t("eyebrow")}
        back={<Link href="/ops/money/payments">{t("payment.back")}</Link>}
        title={t("payment.title")}
        lead={t("payment.lead", { amount: euros(payment.amountCents), job, when: when(payment.createdAt) })}
      />
      <div className={`container ${styles.section}`}>
        <h2 className="visually-hidden">{t("payment.facts")}</h2>
        <dl className={lifeStyles.facts}>
          <dt>{t("payment.status")}</dt>
          <dd data-testid="payment-status">{t(`statuses.${payment.status}`)}</dd>
          <dt>{t("payment.attempt")}</dt>
          <dd>{payment.attempt}</dd>
          <dt>{t("payment.mode")}</dt>
          <dd>{payment.mode}</dd>
          <dt>{t("payment.providerId")}</dt>
          <dd>{payment.providerPaymentId ?? "—"}</dd>
          <dt>{t("payment.handyman")}</dt>
          <dd>
            <Link href={`/ops/handymen/${payment.handyman.id}`} prefetch={false}>
              {payment.handyman.name}
            </Link>
          </dd>
          <dt>{t("payment.request")}</dt>
          <dd>
            <Link href={`/ops/requests/${payment.request.id}`} prefetch={false} data-testid="payment-request">
              {t("payment.openRequest")}: {job}
            </Link>
          </dd>
          <dt>{t("payment.quote")}</dt>
          <dd>
            {payment.quote
              ? t("payment.quoteLine", { total: euros(payment.quote.totalCents), status: t(`payment.quoteStatuses.${payment.quote.status}`), when: when(payment.quote.createdAt) })
              : t("payment.noQuote")}
          </dd>
        </dl>

        <section aria-labelledby="balance-heading">
          <h2 id="balance-heading">{t("payment.balanceHeading")}</h2>
          <dl className={lifeStyles.facts} data-testid="payment-balance">
            {(["paid", "held", "released", "commission", "refunded"] as const).map((kind) => (
              <div key={kind}>
                <dt>{t(`columns.${kind}`)}</dt>
                <dd>{euros(payment.balance[kind])}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="ledger-heading">
          <h2 id="ledger-heading">{t("payment.ledgerHeading")}</h2>
          {payment.ledger.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">{t("payment.ledgerCaption")}</caption>
                <thead>
                  <tr>
                    {(["when", "kind", "amount", "providerId"] as const).map((column) => (
                      <th key={column} scope="col">
                        {t(`payment.ledgerColumns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {payment.ledger.map((entry) => (
                    <tr key={entry.id} data-testid="ledger-row">
                      <td>
                        <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                      </td>
                      <td>{t(`payment.kinds.${entry.kind}`)}</td>
                      <td>{euros(entry.amountCents)}</td>
                      <td>{entry.providerId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t("payment.noLedger")}</p>
          )}
        </section>

        <section aria-labelledby="transfers-heading">
          <h2 id="transfers-heading">{t("payment.transfersHeading")}</h2>
          {payment.transfers.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">{t("payment.transfersCaption")}</caption>
                <thead>
                  <tr>
                    {(["when", "kind", "reason", "amount", "commission", "reversed", "state", "providerId"] as const).map((column) => (
                      <th key={column} scope="col">
                        {t(`payment.transferColumns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {payment.transfers.map((transfer) => (
                    <tr key={transfer.id} data-testid="transfer-row">
                      <td>
                        <time dateTime={transfer.createdAt}>{when(transfer.createdAt)}</time>
                      </td>
                      <td>{t(`payment.transferKinds.${transfer.kind}`)}</td>
                      <td>{transfer.reasonKey}</td>
                      <td>{euros(transfer.amountCents)}</td>
                      <td>{euros(transfer.commissionCents)}</td>
                      <td>{euros(transfer.reversedCents)}</td>
                      <td>{t(`payment.transferStates.${transfer.state}`)}</td>
                      <td>{transfer.providerId ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t("payment.noTransfers")}</p>
          )}
        </section>

        <PaymentInvoices paymentId={payment.id} locale={locale} />
      </div>
    </div>
  );
}
