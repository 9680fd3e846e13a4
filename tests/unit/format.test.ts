// Dates, prices and numbers read in the page's language: British English by default, and Dutch when a
// page asks for "nl", so adding the Dutch pages needs no new formatting code.
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDayWithWeekday,
  formatHourlyPrice,
  formatList,
  formatNumber,
  formatPrice,
  formatRating,
  formatShortDay,
} from "@/lib/format";

const NBSP = "\u00a0";

describe("formatDate", () => {
  it.each([
    ["2027-01-15", "15 January 2027"],
    ["2027-02-01", "1 February 2027"],
    ["2027-12-31", "31 December 2027"],
  ])("writes %s in English as %s", (iso, english) => {
    expect(formatDate(iso)).toBe(english);
  });

  it("writes the same day in Dutch when asked for nl", () => {
    expect(formatDate("2027-01-15", "nl")).toBe("15 januari 2027");
  });

  it("keeps a calendar day whatever the machine's time zone (no shift to the day before)", () => {
    expect(formatDate("2027-03-28")).toBe("28 March 2027");
  });

  it("shows input it cannot read as it came", () => {
    expect(formatDate("soon")).toBe("soon");
  });
});

describe("formatDayWithWeekday", () => {
  it("names the weekday of a request's preferred day", () => {
    expect(formatDayWithWeekday("2027-03-01")).toMatch(/^Monday,? 1 March 2027$/);
    expect(formatDayWithWeekday("2027-03-01", "nl")).toBe("maandag 1 maart 2027");
  });
});

describe("formatShortDay", () => {
  it("writes a day in a line of text with its weekday and short month, in the page's language", () => {
    expect(formatShortDay("2026-12-04")).toBe("Friday 4 Dec");
    expect(formatShortDay("2026-12-04", "nl")).toBe("vrijdag 4 dec");
  });

  it("keeps the calendar day as written on either side of a change of the clocks, and leaves nonsense as given", () => {
    expect(formatShortDay("2027-03-28")).toBe("Sunday 28 Mar");
    expect(formatShortDay("2027-10-31", "nl")).toBe("zondag 31 okt");
    expect(formatShortDay("not a day")).toBe("not a day");
  });
});

describe("formatDateTime", () => {
  it("shows a moment on the Netherlands' clock, in winter and in summer", () => {
    expect(formatDateTime("2027-03-01T13:05:00.000Z")).toBe("1 Mar 2027, 14:05");
    expect(formatDateTime("2027-07-01T13:05:00.000Z")).toBe("1 Jul 2027, 15:05");
  });
});

describe("formatPrice and formatHourlyPrice", () => {
  it.each([
    [45, "€45.00"],
    [52.5, "€52.50"],
    [44.75, "€44.75"],
    [1250, "€1,250.00"],
  ])("writes %s euros in English as %s", (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
    expect(formatHourlyPrice(amount)).toBe(`${text} per hour`);
  });

  it("writes euros the Dutch way when asked for nl", () => {
    expect(formatPrice(45, "nl")).toBe(`€${NBSP}45,00`);
    expect(formatHourlyPrice(1250, "nl")).toBe(`€${NBSP}1.250,00 per uur`);
  });
});

describe("formatNumber", () => {
  it("groups thousands the way the language does", () => {
    expect(formatNumber(2000)).toBe("2,000");
    expect(formatNumber(2000, "nl")).toBe("2.000");
  });
});

describe("formatRating", () => {
  it("always shows one decimal", () => {
    expect([4, 4.5, 4.75].map((rating) => formatRating(rating))).toEqual(["4.0", "4.5", "4.8"]);
    expect(formatRating(4.5, "nl")).toBe("4,5");
  });
});

describe("formatList", () => {
  it("joins with commas and a final 'and' or 'or'", () => {
    expect(formatList(["Amsterdam", "The Hague", "Rotterdam"])).toBe("Amsterdam, The Hague and Rotterdam");
    expect(formatList(["Amsterdam", "The Hague", "Rotterdam"], "or")).toBe("Amsterdam, The Hague or Rotterdam");
    expect(formatList(["Amsterdam", "Rotterdam"])).toBe("Amsterdam and Rotterdam");
    expect(formatList(["Amsterdam", "The Hague", "Rotterdam"], "and", "nl")).toBe("Amsterdam, The Hague en Rotterdam");
  });
});
