// /cancellation – the cancellation rule in both languages, made from the rule itself
// (lib/payments/cancellation.ts): its hours come from LATE_WINDOW_HOURS and LATE_FEE_HOURS, and the example
// table's amounts are the rule's own answers, so the page cannot say something the Cancel button does not do.
// Linked next to every Cancel button.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import styles from "@/components/marketing/marketing.module.css";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import { localeOf, type Locale } from "@/i18n/locales";
import { formatPrice } from "@/lib/format";
import { pageMetadata } from "@/lib/i18n/metadata";
import { cancellationOutcome, lateFrom, LATE_FEE_HOURS, LATE_WINDOW_HOURS, type Canceller, type CancellationRule } from "@/lib/payments/cancellation";

type Props = { params: Promise<{ locale: string }> };

/** The example the table is worked out for: a job paid with €242, by a handyman at €45 an hour. */
const EXAMPLE = { paidCents: 24_200, hourlyPriceCents: 4_500, agreedDate: "2030-06-12" } as const;
const EARLY = new Date(lateFrom(EXAMPLE.agreedDate).getTime() - 3_600_000);
const LATE = new Date(lateFrom(EXAMPLE.agreedDate).getTime() + 3_600_000);

/** The table's rows: each a case the rule answers, in the order the page reads them. */
const ROWS: readonly { rule: CancellationRule; by: Canceller; paid: boolean; now: Date }[] = [
  { rule: "unpaid", by: "homeowner", paid: false, now: LATE },
  { rule: "homeowner-early", by: "homeowner", paid: true, now: EARLY },
  { rule: "homeowner-late", by: "homeowner", paid: true, now: LATE },
  { rule: "operator", by: "operator", paid: true, now: LATE },
  { rule: "system", by: "system", paid: true, now: LATE },
  { rule: "handyman", by: "handyman", paid: true, now: LATE },
];

const euros = (cents: number, locale: Locale) => formatPrice(cents / 100, locale);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.cancellation" });
  return pageMetadata(locale, "/cancellation", { title: t("metaTitle"), description: t("metaDescription", { hours: LATE_WINDOW_HOURS }) });
}

export default async function CancellationPage({ params }: Props) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.cancellation" });
  const hours = LATE_WINDOW_HOURS;
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <section aria-labelledby="who-heading" className={styles.prose}>
          <h2 id="who-heading">{t("tableHeading")}</h2>
          <table data-testid="cancellation-table">
            <caption>{t("caption", { paid: euros(EXAMPLE.paidCents, locale), hourly: euros(EXAMPLE.hourlyPriceCents, locale) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("whoColumn")}</th>
                <th scope="col">{t("backColumn")}</th>
                <th scope="col">{t("feeColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => {
                const outcome = cancellationOutcome({ ...EXAMPLE, by: row.by, paidCents: row.paid ? EXAMPLE.paidCents : 0, now: row.now });
                return (
                  <tr key={row.rule}>
                    <th scope="row">{t(`row.${row.rule}`, { hours })}</th>
                    {outcome.rule === "unpaid" ? (
                      <td colSpan={2}>{t("free")}</td>
                    ) : (
                      <>
                        <td>{euros(outcome.refundCents, locale)}</td>
                        <td>{euros(outcome.feeToHandymanCents, locale)}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h2>{t("hoursHeading", { hours })}</h2>
          <p>{t("hours", { hours })}</p>
          <h2>{t("feeHeading")}</h2>
          <p>{t("fee", { feeHours: LATE_FEE_HOURS })}</p>
          <h2>{t("refundHeading")}</h2>
          <p>{t("refund")}</p>
          <p>
            <Link href="/customer-help">{t("link")}</Link>
          </p>
        </section>
      </div>
    </>
  );
}
