// The request schemas shared by the form and the API: "today" is Amsterdam's, dates are real days,
// and the messages a homeowner sees next to the fields.
import { afterEach, describe, expect, it, vi } from "vitest";
import { isCalendarDate, requestFormSchema, todayInAmsterdam } from "@/lib/requests/schemas";
import { chooseCriterionBodySchema, createRequestBodySchema } from "@/lib/requests/wire";

afterEach(() => {
  vi.useRealTimers();
});

describe("todayInAmsterdam", () => {
  it.each([
    ["2026-01-15T22:59:00Z", "2026-01-15"], // 23:59 in winter (UTC+1)
    ["2026-01-15T23:00:00Z", "2026-01-16"], // midnight in winter
    ["2026-07-01T21:59:00Z", "2026-07-01"], // 23:59 in summer (UTC+2)
    ["2026-07-01T22:00:00Z", "2026-07-02"], // midnight in summer
    ["2026-12-31T23:30:00Z", "2027-01-01"], // new year arrives in Amsterdam first
  ])("at %s UTC it is %s in Amsterdam", (instant, day) => {
    expect(todayInAmsterdam(new Date(instant))).toBe(day);
  });
});

describe("isCalendarDate", () => {
  it.each(["2026-02-28", "2028-02-29", "2030-12-31"])("accepts %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each(["2027-02-29", "2026-04-31", "2026-13-01", "2026-1-5", "05-01-2026", "2026-01-05T00:00:00Z", ""])(
    "refuses %s",
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

describe("the preferred date on the form", () => {
  const form = (date: string) => requestFormSchema.safeParse({ task_type: "Painting", city: "Amsterdam", details: "", date, home_older_than_two_years: "no" });

  it("uses Amsterdam's today: just after midnight there, yesterday's date is refused and today's accepted", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-30T22:30:00Z")); // 00:30 on 1 July in Amsterdam
    expect(form("2026-06-30").success).toBe(false);
    expect(form("2026-07-01").success).toBe(true);
  });

  it("says why a past date is refused", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-10T10:00:00Z"));
    const result = form("2026-03-09");
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["date", "Choose today or a later date."]]);
  });
});

describe("requestFormSchema messages", () => {
  it("names each missing required field with its own message", () => {
    const result = requestFormSchema.safeParse({ task_type: "", city: "", details: "", date: "" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["task_type", "Choose a task type."],
      ["city", "Choose a city."],
      ["date", "Choose a preferred date."],
      ["home_older_than_two_years", "Say whether the home is older than two years."],
    ]);
  });

  it("trims details and caps them at 2,000 characters", () => {
    const base = { task_type: "Painting", city: "Amsterdam", date: todayInAmsterdam(), home_older_than_two_years: "yes" };
    expect(requestFormSchema.parse({ ...base, details: "  loose tile  " }).details).toBe("loose tile");
    expect(requestFormSchema.safeParse({ ...base, details: "a".repeat(2001) }).success).toBe(false);
  });
});

describe("createRequestBodySchema", () => {
  const base = {
    input_id: "0b6f5f4e-8c1a-4f7e-9a41-3f1c0d2e5b77",
    user_email: " Someone@Example.TEST ",
    task_type: "Outlet-replacement",
    city: "The Hague",
    details: "",
    date: todayInAmsterdam(),
  };

  it("lower-cases the email and turns an empty or missing criterion into null", () => {
    expect(createRequestBodySchema.parse({ ...base, criteria: "" })).toMatchObject({ user_email: "someone@example.test", criteria: null });
    expect(createRequestBodySchema.parse(base).criteria).toBeNull();
    expect(createRequestBodySchema.parse({ ...base, criteria: "available" }).criteria).toBe("available");
  });

  it("refuses an input_id that is not a uuid", () => {
    expect(createRequestBodySchema.safeParse({ ...base, input_id: "0b6f5f4e" }).success).toBe(false);
  });
});

describe("chooseCriterionBodySchema", () => {
  it.each(["price", "rated", "available"])("accepts %s", (criteria) => {
    expect(chooseCriterionBodySchema.safeParse({ criteria, city: "Rotterdam", task_type: "Painting" }).success).toBe(true);
  });
  it("refuses anything else", () => {
    expect(chooseCriterionBodySchema.safeParse({ criteria: "closest", city: "Rotterdam", task_type: "Painting" }).success).toBe(false);
  });
});
