// /pro's invoices: the business details an invoice in the handyman's name carries (and, while they are
// missing, that their invoices wait for them), then a paged list of the invoices and credit notes made in
// their name and Fixwell's commission invoices to them, each with its PDF (plain links, newest first).
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import type { Locale } from "@/i18n/locales";
import { formatDateTime, formatPrice } from "@/lib/format";
import { getBusinessDetails } from "@/lib/invoices/details";
import type { InvoiceListItem } from "@/lib/invoices/queries";
import type { Page } from "@/lib/paging/cursor";
import styles from "@/components/requests/request-life.module.css";
import { BusinessDetailsForm } from "./invoice-detail-forms";

export async function BusinessDetailsCard({ handymanId, locale }: { handymanId: number; locale: Locale }) {
  const [t, details] = await Promise.all([getTranslations({ locale, namespace: "invoices.details" }), getBusinessDetails(handymanId)]);
  return (
    <Card as="section" aria-labelledby="business-details-heading">
      <h2 id="business-details-heading">{t("heading")}</h2>
      <p>{t("lead")}</p>
      <p data-testid="business-details-status">{details.complete ? t("complete") : t("missing")}</p>
      <BusinessDetailsForm
        values={details}
        text={{
          label: t("label"),
          unreachable: t("unreachable"),
          name: t("name"),
          street: t("street"),
          postcode: t("postcode"),
          city: t("city"),
          kvk: t("kvk"),
          kvkHint: t("kvkHint"),
          vatId: t("vatId"),
          vatIdHint: t("vatIdHint"),
          kor: t("kor"),
          save: t("save"),
        }}
      />
    </Card>
  );
}

export async function ProInvoiceList({ invoices, locale, query }: { invoices: Page<InvoiceListItem>; locale: Locale; query: Record<string, string | undefined> }) {
  const t = await getTranslations({ locale, namespace: "invoices" });
  return (
    <section aria-labelledby="invoices-heading" data-testid="invoice-list">
      <h2 id="invoices-heading" className={styles.sectionTitle}>
        {t("pro.heading")}
      </h2>
      <p className={styles.muted}>{t("pro.lead")}</p>
      {invoices.rows.length ? (
        <ul className={styles.list}>
          {invoices.rows.map((invoice) => (
            <Card as="li" key={invoice.id} data-testid="invoice-row">
              <dl className={styles.facts}>
                <dt>{t("pro.columns.kind")}</dt>
                <dd>{t(`kind.${invoice.kind}`)}</dd>
                <dt>{t("pro.columns.number")}</dt>
                <dd>{invoice.number}</dd>
                <dt>{t("pro.columns.date")}</dt>
                <dd>
                  <time dateTime={invoice.issuedAt}>{formatDateTime(invoice.issuedAt, locale)}</time>
                </dd>
                <dt>{t("pro.columns.total")}</dt>
                <dd>{formatPrice(invoice.totalCents / 100, locale)}</dd>
              </dl>
              <p>
                <a href={`/api/invoices/${invoice.id}`} download>
                  {t("pro.pdfLink", { number: invoice.number })}
                </a>
              </p>
            </Card>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("pro.none")}</p>
      )}
      <Pager locale={locale} path="/pro" query={query} param="invoices" page={invoices} label={t("pro.heading")} />
    </section>
  );
}
