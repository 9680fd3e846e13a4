// Where a payment's invoices and credit notes are listed on its console page (/ops/money/payments/{id}).
// The invoice tables (#33: invoices in the handyman's name, credit notes for refunds) are not built yet:
// until they are, this section only says where they will appear. When they arrive, this component reads
// them for `paymentId` and lists each with its number, date, total and PDF; the page needs no other change.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";

export async function PaymentInvoices({ locale }: { paymentId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "ops.money.payment" });
  return (
    <section aria-labelledby="invoices-heading" data-testid="payment-invoices">
      <h2 id="invoices-heading">{t("invoicesHeading")}</h2>
      <p>{t("invoicesPending")}</p>
    </section>
  );
}
