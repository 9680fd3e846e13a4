// A quote as both sides read it: its lines (labour by the hour with its hours and price), the total
// excluding VAT, the VAT per rate, the total including VAT, when it was sent, until when it stands and
// where it is. Amounts come from lib/quotes as integer cents and read in the page's language.
import { Fragment } from "react";
import type { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { formatDateTime, formatNumber, formatPrice } from "@/lib/format";
import type { QuoteView } from "@/lib/quotes/quotes";
import lifeStyles from "@/components/requests/request-life.module.css";
import styles from "./quote.module.css";

type Translate = Awaited<ReturnType<typeof getTranslations<"job">>>;

const euros = (cents: number, locale: Locale) => formatPrice(cents / 100, locale);

export function QuoteSummary({ quote, status, t, locale }: { quote: QuoteView; status: string; t: Translate; locale: Locale }) {
  return (
    <div data-testid="quote">
      <p>
        <span className={lifeStyles.state} data-testid="quote-status">
          {status}
        </span>
      </p>
      <ul className={styles.lines} aria-label={t("quote.linesCaption")}>
        {quote.lines.map((line, index) => {
          const name =
            line.kind === "labour"
              ? line.quarterHours !== null && line.hourlyPriceCents !== null
                ? t("quote.labourHours", { hours: formatNumber(line.quarterHours / 4, locale), price: euros(line.hourlyPriceCents, locale) })
                : t("quote.labour")
              : t("quote.materials");
          return (
            <li key={index}>
              <span>
                {name}
                {line.description ? `: ${line.description}` : ""} ({t("quote.vatRate")} {line.vatRate}%)
              </span>
              <span className={styles.amount}>
                {euros(line.netCents, locale)} <span className={lifeStyles.muted}>{t("quote.net")}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <dl className={lifeStyles.facts}>
        <dt>{t("quote.netTotal")}</dt>
        <dd className={styles.amount}>{euros(quote.netCents, locale)}</dd>
        {quote.vatByRate.map((entry) => (
          <Fragment key={entry.rate}>
            <dt>{t("quote.vatAt", { rate: entry.rate, net: euros(entry.netCents, locale) })}</dt>
            <dd className={styles.amount}>{euros(entry.vatCents, locale)}</dd>
          </Fragment>
        ))}
        <dt className={styles.total}>{t("quote.total")}</dt>
        <dd className={`${styles.amount} ${styles.total}`} data-testid="quote-total">
          {euros(quote.totalCents, locale)}
        </dd>
        <dt>{t("quote.sentAt")}</dt>
        <dd>{formatDateTime(quote.sentAt, locale)}</dd>
        <dt>{t("quote.validUntil")}</dt>
        <dd>{formatDateTime(quote.validUntil, locale)}</dd>
      </dl>
    </div>
  );
}
