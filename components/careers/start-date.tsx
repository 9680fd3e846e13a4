import type { Locale } from "@/i18n/locales";
import { formatDate } from "@/lib/format";

/** An opening's start date in the page's language, with the machine-readable date alongside. */
export function StartDate({ date, locale = "en" }: { date: string; locale?: Locale }) {
  return <time dateTime={date}>{formatDate(date, locale)}</time>;
}
