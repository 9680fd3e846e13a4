// Calendar days as the request form sees them: in Europe/Amsterdam, whatever the machine's time zone.
import { todayInAmsterdam } from "../../lib/requests/schemas";

/** The day `offset` days from today in Europe/Amsterdam, as YYYY-MM-DD. */
export function amsterdamDay(offset = 0): string {
  const date = new Date(`${todayInAmsterdam()}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}
