// The order page's invoices: the name and address the invoice is made out to (a form until the invoice is
// made), then the invoice and any credit notes, each a PDF download. Shown once the job is paid.
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/i18n/locales";
import type { InvoiceListItem } from "@/lib/invoices/queries";
import styles from "@/components/requests/request-life.module.css";
import { BillingDetailsForm } from "./invoice-detail-forms";

export async function OrderInvoices({
  requestId,
  invoices,
  billing,
  locale,
}: {
  requestId: string;
  invoices: InvoiceListItem[];
  billing: { name: string; street: string; postcode: string };
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: "invoices.order" });
  const k = await getTranslations({ locale, namespace: "invoices.kind" });
  const w = await getTranslations({ locale, namespace: "invoices.billingAsk" });
  const issued = invoices.some((invoice) => invoice.kind === "invoice");
  // A request accepted before the name and address were asked on accepting: its invoice waits for them.
  const waiting = !issued && (!billing.name || !billing.street || !billing.postcode);
  return (
    <Card as="section" aria-labelledby="invoices-heading" data-testid="order-invoices">
      <h2 id="invoices-heading">{t("heading")}</h2>
      <p className={styles.muted}>{t("lead")}</p>
      {invoices.length ? (
        <ul>
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <a href={`/api/invoices/${invoice.id}`} download>
                {t("download", { kind: k(invoice.kind), number: invoice.number })}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("none")}</p>
      )}
      {issued ? null : (
        <>
          <h3>{t("billingHeading")}</h3>
          {waiting ? <p data-testid="invoice-waits-billing">{w("waiting")}</p> : null}
          <p className={styles.muted}>{t("billingLead")}</p>
          <BillingDetailsForm
            requestId={requestId}
            values={billing}
            text={{ label: t("billingHeading"), unreachable: t("billingUnreachable"), name: t("billingName"), street: t("billingStreet"), postcode: t("billingPostcode"), save: t("billingSave") }}
          />
        </>
      )}
    </Card>
  );
}
