// How dates, prices, numbers and lists read on a page, in the page's language: English reads the British
// way ("15 January 2027", "€45.00", "2,000"), Dutch the Dutch way ("15 januari 2027", "€ 45,00", "2.000").
// Calendar days (a job's start, a request's preferred date) are shown as written, never shifted by a
// time zone; moments (when a request was made) are shown on the Netherlands' clock.

import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";

export { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/locales";

const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", nl: "nl-NL" };
const SITE_TIME_ZONE = "Europe/Amsterdam";
const PER_HOUR: Record<Locale, string> = { en: "per hour", nl: "per uur" };

// Intl formatters are costly to build and safe to share, so each one is made once.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const dateFormat = (locale: Locale, weekday: boolean) =>
  cached(`date:${locale}:${weekday}`, () =>
    new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      ...(weekday ? { weekday: "long" } : {}),
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
  );

function calendarDay(isoDate: string): Date | null {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day, "2027-01-15" → "15 January 2027" ("15 januari 2027" in Dutch); unreadable input as given. */
export function formatDate(isoDate: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDay(isoDate);
  return date ? dateFormat(locale, false).format(date) : isoDate;
}

/** A calendar day with its weekday, "2027-03-01" → "Monday, 1 March 2027". */
export function formatDayWithWeekday(isoDate: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDay(isoDate);
  return date ? dateFormat(locale, true).format(date) : isoDate;
}

const shortDayFormat = (locale: Locale) =>
  cached(`short-day:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" }));

/**
 * A calendar day in a line of text, its weekday and short month without the year, "2026-12-04" →
 * "Friday 4 Dec" ("vrijdag 4 dec" in Dutch): the day the homeowner chose in Amsterdam, as written.
 */
export function formatShortDay(isoDate: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDay(isoDate);
  return date ? shortDayFormat(locale).format(date) : isoDate;
}

/** An ISO timestamp on the Netherlands' clock, "2027-03-01T13:05:00Z" → "1 Mar 2027, 14:05". */
export function formatDateTime(isoTimestamp: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(isoTimestamp);
  if (Number.isNaN(date.getTime())) return isoTimestamp;
  return cached(`moment:${locale}`, () =>
    new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: SITE_TIME_ZONE,
    }),
  ).format(date);
}

/** An amount in euros, 45 → "€45.00" ("€ 45,00" in Dutch). */
export function formatPrice(euros: number, locale: Locale = DEFAULT_LOCALE): string {
  return cached(`price:${locale}`, () =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "EUR" }),
  ).format(euros);
}

/** Whole euros, for estimates: 25 → "€25" ("€ 25" in Dutch). */
export function formatWholeEuros(euros: number, locale: Locale = DEFAULT_LOCALE): string {
  return cached(`whole-price:${locale}`, () =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
  ).format(euros);
}

/** A range of whole euros, (90, 135) → "€90–€135", for estimates. */
export function formatPriceRange(low: number, high: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${formatWholeEuros(low, locale)}–${formatWholeEuros(high, locale)}`;
}

/** An hourly rate, 45 → "€45.00 per hour". */
export function formatHourlyPrice(euros: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${formatPrice(euros, locale)} ${PER_HOUR[locale]}`;
}

/** A count, 2000 → "2,000" ("2.000" in Dutch). */
export function formatNumber(value: number, locale: Locale = DEFAULT_LOCALE): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale])).format(value);
}

/** A rating out of five with one decimal, 4 → "4.0" ("4,0" in Dutch). */
export function formatRating(rating: number, locale: Locale = DEFAULT_LOCALE): string {
  return cached(`rating:${locale}`, () =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(rating);
}

/** ["A", "B", "C"] → "A, B and C" (or "A, B or C" with `type: "or"`). */
export function formatList(items: readonly string[], type: "and" | "or" = "and", locale: Locale = DEFAULT_LOCALE): string {
  return cached(`list:${locale}:${type}`, () =>
    new Intl.ListFormat(INTL_LOCALE[locale], { type: type === "and" ? "conjunction" : "disjunction" }),
  ).format(items);
}
