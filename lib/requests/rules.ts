// The rules of a repair request's fields that the form needs as it is drawn (the longest description,
// today's date where the requests are done, the latest day a request may ask for), without the schemas (and zod) that check a whole form:
// those load only when a form is checked.

export const MAX_DETAILS_LENGTH = 2000;

/** Dates are "today or later" as seen in the Netherlands, wherever the server or browser runs. */
const REQUEST_TIME_ZONE = "Europe/Amsterdam";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Made once: building a formatter with a time zone costs far more than using one. */
const AMSTERDAM_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: REQUEST_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's calendar date in Europe/Amsterdam as YYYY-MM-DD. */
export function todayInAmsterdam(now: Date = new Date()): string {
  const parts = AMSTERDAM_DAY.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** How far ahead a request (or a new day for it) may be planned: a year from today. */
const MAX_YEARS_AHEAD = 1;

/**
 * The last day a request may ask for, YYYY-MM-DD: the same day a year after `today` (a 29 February
 * becomes 28 February). The one bound the API, the forms and a new day's proposal share.
 */
export function latestRequestDate(today: string = todayInAmsterdam()): string {
  const [year, month, day] = today.split("-").map(Number);
  const last = new Date(Date.UTC(year + MAX_YEARS_AHEAD, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(last.getUTCFullYear(), month, 0)).getUTCDate();
  last.setUTCDate(Math.min(day, daysInMonth));
  return last.toISOString().slice(0, 10);
}

/** True for a real calendar day written as YYYY-MM-DD (so 2027-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
