// Formatting for the careers pages. Dates are calendar dates, shown the Dutch way ("1 februari 2027").

const dutchDate = new Intl.DateTimeFormat("nl-NL", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2027-02-01" → "1 februari 2027". */
export function formatStartDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dutchDate.format(date);
}

export type TextPart = { kind: "text"; text: string } | { kind: "email"; address: string };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Splits plain text so that e-mail addresses can be shown as mailto links. */
export function splitEmails(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL)) {
    const index = match.index ?? 0;
    // A trailing full stop ends the sentence, not the address.
    const address = match[0].replace(/\.+$/, "");
    if (index > last) parts.push({ kind: "text", text: text.slice(last, index) });
    parts.push({ kind: "email", address });
    last = index + address.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
