// How dates of requests read on the page (British English, times in the Netherlands).

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

const momentFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Amsterdam",
});

/** "2027-03-01" → "Monday 1 March 2027" (a calendar day: no time zone shifts it). */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** An ISO timestamp as Amsterdam's wall-clock time, e.g. "1 Mar 2027, 14:05". */
export function formatMoment(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : momentFormat.format(date);
}
