// The cancellation rule (lib/payments/cancellation.ts) over every case: who cancels, paid or not, and when —
// more than 24 hours before the agreed day, within them, on the day, after it — with the boundary at exactly
// 24 hours before 00:00 of the agreed day in Europe/Amsterdam, summer and winter.
import { describe, expect, it } from "vitest";
import { agreedDayStart, cancellationOutcome, lateFrom, LATE_FEE_HOURS, LATE_WINDOW_HOURS, netOfGross, type Canceller } from "../../lib/payments/cancellation";

const DAY = "2026-12-10";
const HOUR = 3_600_000;
const PAID = 24_200;
const HOURLY = 4_500;

const WHEN = {
  "more than 24 h before": new Date(lateFrom(DAY).getTime() - 1),
  "within 24 h": new Date(lateFrom(DAY).getTime()),
  "on the day": new Date(agreedDayStart(DAY).getTime() + 10 * HOUR),
  "after the day": new Date(agreedDayStart(DAY).getTime() + 30 * HOUR),
} as const;

type When = keyof typeof WHEN;

/** The expected table, written out: [refund, fee] of a paid job. */
const PAID_TABLE: Record<Canceller, Record<When, [number, number]>> = {
  homeowner: {
    "more than 24 h before": [PAID, 0],
    "within 24 h": [PAID - HOURLY, HOURLY],
    "on the day": [PAID - HOURLY, HOURLY],
    "after the day": [PAID - HOURLY, HOURLY],
  },
  operator: { "more than 24 h before": [PAID, 0], "within 24 h": [PAID, 0], "on the day": [PAID, 0], "after the day": [PAID, 0] },
  system: { "more than 24 h before": [PAID, 0], "within 24 h": [PAID, 0], "on the day": [PAID, 0], "after the day": [PAID, 0] },
  handyman: { "more than 24 h before": [PAID, 0], "within 24 h": [PAID, 0], "on the day": [PAID, 0], "after the day": [PAID, 0] },
};

const cases = (Object.keys(PAID_TABLE) as Canceller[]).flatMap((by) => (Object.keys(WHEN) as When[]).map((when) => [by, when] as const));

describe("the cancellation rule", () => {
  it.each(cases)("%s cancelling a paid job %s", (by, when) => {
    const [refundCents, feeToHandymanCents] = PAID_TABLE[by][when];
    const outcome = cancellationOutcome({ by, paidCents: PAID, agreedDate: DAY, now: WHEN[when], hourlyPriceCents: HOURLY });
    expect(outcome).toMatchObject({ refundCents, feeToHandymanCents });
    expect(outcome.refundCents + outcome.feeToHandymanCents).toBe(PAID);
  });

  it.each(cases)("%s cancelling an unpaid job %s is free", (by, when) => {
    expect(cancellationOutcome({ by, paidCents: 0, agreedDate: DAY, now: WHEN[when], hourlyPriceCents: HOURLY })).toEqual({ rule: "unpaid", refundCents: 0, feeToHandymanCents: 0 });
  });

  it("names the rule that applied", () => {
    const rule = (by: Canceller, when: When) => cancellationOutcome({ by, paidCents: PAID, agreedDate: DAY, now: WHEN[when], hourlyPriceCents: HOURLY }).rule;
    expect([rule("homeowner", "more than 24 h before"), rule("homeowner", "within 24 h"), rule("operator", "within 24 h"), rule("system", "on the day"), rule("handyman", "after the day")]).toEqual([
      "homeowner-early",
      "homeowner-late",
      "operator",
      "system",
      "handyman",
    ]);
  });

  it("never gives the handyman more than was paid", () => {
    expect(cancellationOutcome({ by: "homeowner", paidCents: 3_000, agreedDate: DAY, now: WHEN["on the day"], hourlyPriceCents: HOURLY })).toMatchObject({ refundCents: 0, feeToHandymanCents: 3_000 });
  });

  it("is one hour, 24 hours", () => {
    expect([LATE_WINDOW_HOURS, LATE_FEE_HOURS]).toEqual([24, 1]);
  });

  it("starts the agreed day at midnight in the Netherlands, winter and summer, and the late window exactly 24 hours before", () => {
    expect(agreedDayStart("2026-12-10").toISOString()).toBe("2026-12-09T23:00:00.000Z");
    expect(agreedDayStart("2026-07-01").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(lateFrom("2026-12-10").toISOString()).toBe("2026-12-08T23:00:00.000Z");
    // The day after the clocks go forward (29 March 2026): 24 hours before its midnight is 23:00 the day before's wall clock.
    expect(lateFrom("2026-03-30").toISOString()).toBe("2026-03-28T22:00:00.000Z");
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => cancellationOutcome({ by: "homeowner", paidCents: 1.5, agreedDate: DAY, now: WHEN["on the day"], hourlyPriceCents: HOURLY })).toThrow(RangeError);
    expect(() => cancellationOutcome({ by: "homeowner", paidCents: 100, agreedDate: "10-12-2026", now: WHEN["on the day"], hourlyPriceCents: HOURLY })).toThrow(RangeError);
  });

  it("takes the net of a gross fee at the labour's VAT rate", () => {
    expect(netOfGross(12_100, 21)).toBe(10_000);
    expect(netOfGross(10_900, 9)).toBe(10_000);
  });
});
