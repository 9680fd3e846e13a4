// A payment's invoices on its console page (/ops/money/payments/{id}): the homeowner's invoice in the
// handyman's name, its credit notes and Fixwell's commission invoice to the handyman, oldest first, each
// with its number, kind, date, total and a link to its PDF (operators may download every invoice).
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { formatDateTime, formatPrice } from "@/lib/format";
import { listInvoicesOfPayment } from "@/lib/invoices/queries";
import { requireOperator } from "@/lib/ops/access";
import styles from "@/components/ops/ops.module.css";

export async function PaymentInvoices({ paymentId, locale }: { paymentId: string; locale: Locale }) {
  const operator = await requireOperator();
  const [t, kinds, invoices] = await Promise.all([
    getTranslations({ locale, namespace: "ops.invoices" }),
    getTranslations({ locale, namespace: "invoices.kind" }),
    listInvoicesOfPayment(operator, paymentId),
  ]);
  return (
    <section aria-labelledby="invoices-heading" data-testid="payment-invoices">
      <h2 id="invoices-heading">{t("heading")}</h2>
      {invoices.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columns.number")}</th>
                <th scope="col">{t("columns.kind")}</th>
                <th scope="col">{t("columns.date")}</th>
                <th scope="col">{t("columns.total")}</th>
                <th scope="col">{t("columns.pdf")}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-testid="payment-invoice">
                  <td>{invoice.number}</td>
                  <td>{kinds(invoice.kind)}</td>
                  <td>
                    <time dateTime={invoice.issuedAt}>{formatDateTime(invoice.issuedAt, locale)}</time>
                  </td>
                  <td>{formatPrice(invoice.totalCents / 100, locale)}</td>
                  <td>
                    <a href={`/api/invoices/${invoice.id}`} download>
                      {t("pdf", { kind: kinds(invoice.kind), number: invoice.number })}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("none")}</p>
      )}
    </section>
  );
}
