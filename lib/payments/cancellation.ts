// The cancellation rule: what happens to a job's money when it is cancelled. One table, in one place; the
// cancel steps (lib/requests/cancellation.ts), the order page's Cancel button, the mails and the public
// rules page (/[locale]/cancellation, its numbers from the constants below) all read it.
//
//   who cancels      | not paid | paid, more than 24 h before the agreed day | paid, within 24 h, on or after the day
//   -----------------|----------|--------------------------------------------|----------------------------------------
//   homeowner        | free     | full refund                                | one hour at the handyman's price to the
//                    |          |                                            | handyman (never more than was paid), the
//                    |          |                                            | rest refunded
//   operator         | free     | full refund                                | full refund
//   system           | free     | full refund                                | full refund
//   handyman         | free     | full refund                                | full refund
//
// - "24 hours before the agreed day" is exactly LATE_WINDOW_HOURS hours (an absolute duration) before the
//   start of the agreed day, 00:00 in Europe/Amsterdam. A cancel at or after that instant is late. (On the two
//   nights a year the clocks change it falls at 23:00 or 01:00 of the day before's wall clock.) A cancel on the
//   day, or after it, is late as well: a handyman who did not come is a no-show for the homeowner to report
//   (a later rule), not a cancellation.
// - The operator cancels on the homeowner's behalf: a full refund, whenever. An operator cancelling is settling
//   something (a dispute, a mistake), and a fee to the handyman is then the operator's decision to make
//   separately, never a side effect of the cancel button.
// - The system cancels when the handyman who accepted the job deleted their account: the homeowner is not to
//   blame, a full refund.
// - The handyman cancelling after payment: a full refund, and a reliability mark on their profile (withdrawJob in
//   lib/requests/workflow.ts; the request is passed on, not cancelled).
// - The hour's price is the hourly price of the paid quote's labour when it was quoted by the hour (the price
//   the homeowner agreed to), otherwise the handyman's hourly price; both include VAT, as the site shows them.
// The handyman receives the fee less Fixwell's commission, computed as on labour (lib/payments/commission.ts):
// the fee is an hour of labour, its net is the fee without the labour line's VAT.

/** Made once: "2026-12-10 00:00" for an instant, in the Netherlands' time. */
const AMSTERDAM_CLOCK = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** How long before the agreed day a homeowner's cancellation stops being free. */
export const LATE_WINDOW_HOURS = 24;
/** How much labour a late cancellation pays the handyman: one hour at their price. */
export const LATE_FEE_HOURS = 1;

export type Canceller = "homeowner" | "handyman" | "operator" | "system";

export type CancellationRule =
  /** Nothing was paid: nothing moves. */
  | "unpaid"
  /** The homeowner, more than LATE_WINDOW_HOURS before the agreed day: everything back. */
  | "homeowner-early"
  /** The homeowner, within LATE_WINDOW_HOURS, on or after the day: an hour to the handyman, the rest back. */
  | "homeowner-late"
  | "operator"
  | "system"
  | "handyman";

export type CancellationInput = {
  by: Canceller;
  /** What was paid and is still held, in cents; 0 when nothing was paid. */
  paidCents: number;
  /** The agreed day, YYYY-MM-DD. */
  agreedDate: string;
  now: Date;
  /** The handyman's hourly price including VAT, in cents. */
  hourlyPriceCents: number;
};

export type CancellationOutcome = { rule: CancellationRule; refundCents: number; feeToHandymanCents: number };

/** The instant the agreed day starts in the Netherlands (00:00 Europe/Amsterdam). */
export function agreedDayStart(agreedDate: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(agreedDate);
  if (!match) throw new RangeError(`not a day: ${agreedDate}`);
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The Netherlands is one (winter) or two (summer) hours ahead of UTC: the candidate that reads 00:00 there.
  for (const hoursAhead of [1, 2]) {
    const candidate = new Date(midnightUtc - hoursAhead * 3_600_000);
    if (AMSTERDAM_CLOCK.format(candidate) === `${agreedDate} 00:00`) return candidate;
  }
  throw new RangeError(`no midnight in Amsterdam on ${agreedDate}`);
}

/** The instant from which a homeowner's cancellation is late: LATE_WINDOW_HOURS before the agreed day starts. */
export function lateFrom(agreedDate: string): Date {
  return new Date(agreedDayStart(agreedDate).getTime() - LATE_WINDOW_HOURS * 3_600_000);
}

/** The rule. Amounts in whole cents; refundCents + feeToHandymanCents is always paidCents. */
export function cancellationOutcome({ by, paidCents, agreedDate, now, hourlyPriceCents }: CancellationInput): CancellationOutcome {
  if (!Number.isSafeInteger(paidCents) || paidCents < 0) throw new RangeError(`not a paid amount: ${paidCents}`);
  if (!Number.isSafeInteger(hourlyPriceCents) || hourlyPriceCents < 0) throw new RangeError(`not an hourly price: ${hourlyPriceCents}`);
  if (paidCents === 0) return { rule: "unpaid", refundCents: 0, feeToHandymanCents: 0 };
  if (by !== "homeowner") return { rule: by, refundCents: paidCents, feeToHandymanCents: 0 };
  if (now < lateFrom(agreedDate)) return { rule: "homeowner-early", refundCents: paidCents, feeToHandymanCents: 0 };
  const fee = Math.min(hourlyPriceCents * LATE_FEE_HOURS, paidCents);
  return { rule: "homeowner-late", refundCents: paidCents - fee, feeToHandymanCents: fee };
}

/** The net (without VAT) of a gross amount at `vatRate` percent, to the whole cent: what commission is taken on. */
export function netOfGross(grossCents: number, vatRate: number): number {
  return Math.round((grossCents * 100) / (100 + vatRate));
}
