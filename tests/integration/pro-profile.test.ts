// /pro/profile through its server actions against a real database: a handyman edits trades, cities,
// price, introduction, weekdays and jobs a day, adds and removes days off; every bad value is refused
// beside its field with what was typed kept, and changes nothing. The profile changed is always the
// session's: an id in the form is ignored, another handyman's days off cannot be removed, and
// applicants, homeowners and operators get the 404 of a page that does not exist.
import { beforeEach, describe, expect, it, vi } from "vitest";

// The language of the page the form was posted from (next-intl's, set by the proxy from the address).
const page = vi.hoisted(() => ({ locale: "en" }));
vi.mock("next-intl/server", async (original) => ({ ...(await original<typeof import("next-intl/server")>()), getLocale: async () => page.locale }));
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";

const actions = await import("@/lib/handymen/profile-actions");
const { IDLE_PROFILE_FORM, IDLE_DAY_OFF_FORM } = await import("@/lib/handymen/profile-state");
const { getOwnProfile } = await import("@/lib/handymen/profile-edit");
const { latestRequestDate } = await import("@/lib/requests/rules");

type Fields = Record<string, string | string[]>;

/** A form as the page's script posts it (in place); `{ script: false }` for a plain browser post. */
function form(fields: Fields, { script = true } = {}): FormData {
  const data = postedForm(script ? { in_page: "1" } : {});
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
}

const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};

const VALID: Fields = {
  task_types: ["Pipe-leakage", "Painting"],
  cities: ["Rotterdam", "The Hague"],
  hourly_price: "45,50",
  intro: "Plumber and painter since 2012.",
  weekdays: ["1", "2", "3", "4", "5"],
  daily_capacity: "3",
};

let nina: TestHandyman;

beforeEach(async () => {
  page.locale = "en";
  await resetDatabase();
  nina = await createSignedInHandyman(18, "nina@example.test");
  as(nina);
});

async function stored(handymanId = 18) {
  const db = await getDb();
  return db.handyman.findUniqueOrThrow({
    where: { id: handymanId },
    select: { taskTypes: true, cities: true, hourlyPriceCents: true, intro: true, dailyCapacity: true, workDays: { select: { weekday: true }, orderBy: { weekday: "asc" } } },
  });
}

describe("saving the profile", () => {
  it("saves every field for the session's handyman and leads back with a notice", async () => {
    expect(await actions.saveProfileAction(IDLE_PROFILE_FORM, form(VALID))).toMatchObject({ message: null, next: "/pro/profile?notice=profile-saved" });
    const row = await stored();
    expect(row).toMatchObject({ taskTypes: ["Pipe_leakage", "Painting"], cities: ["The_Hague", "Rotterdam"], hourlyPriceCents: 4550, intro: "Plumber and painter since 2012.", dailyCapacity: 3 });
    expect(row.workDays.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
  });

  it("redirects a plain browser post, in the page's language", async () => {
    page.locale = "nl";
    expect(await redirectOf(actions.saveProfileAction(IDLE_PROFILE_FORM, form(VALID, { script: false })))).toBe("/nl/pro/profile?notice=profile-saved");
  });

  it.each([
    ["a price of 0", { hourly_price: "0" }, "hourly_price", /from €10 to €500/],
    ["a price of 9.99", { hourly_price: "9.99" }, "hourly_price", /from €10 to €500/],
    ["a price of 500.01", { hourly_price: "500.01" }, "hourly_price", /from €10 to €500/],
    ['a price of "abc"', { hourly_price: "abc" }, "hourly_price", /from €10 to €500/],
    ["a price of three decimals", { hourly_price: "45.505" }, "hourly_price", /from €10 to €500/],
    ["no trade", { task_types: [] }, "task_types", /at least one trade/],
    ["an unknown trade", { task_types: ["Roofing"] }, "task_types", /from the list/],
    ["no city", { cities: [] }, "cities", /at least one city/],
    ["an unknown city", { cities: ["Utrecht"] }, "cities", /from the list/],
    ["a capacity of 0", { daily_capacity: "0" }, "daily_capacity", /from 1 to 10 jobs/],
    ["a capacity of 11", { daily_capacity: "11" }, "daily_capacity", /from 1 to 10 jobs/],
    ["a capacity of 2.5", { daily_capacity: "2.5" }, "daily_capacity", /from 1 to 10 jobs/],
    ["no weekday", { weekdays: [] }, "weekdays", /at least one day/],
    ["a weekday 8", { weekdays: ["8"] }, "weekdays", /from the list/],
    ["an introduction of 601 characters", { intro: "a".repeat(601) }, "intro", /at most 600 characters/],
    ["10,000 characters in the price", { hourly_price: "9".repeat(10_000) }, "hourly_price", /from €10 to €500/],
    ["10,000 characters in a trade", { task_types: ["P".repeat(10_000)] }, "task_types", /from the list/],
    ["10,000 characters in a city", { cities: ["R".repeat(10_000)] }, "cities", /from the list/],
    ["10,000 characters in the introduction", { intro: "x".repeat(10_000) }, "intro", /at most 600 characters/],
    ["10,000 characters in the capacity", { daily_capacity: "1".repeat(10_000) }, "daily_capacity", /from 1 to 10 jobs/],
  ])("refuses %s beside its field, keeps what was typed and changes nothing", async (_case, change, field, message) => {
    const before = await snapshotTables();
    const answer = await actions.saveProfileAction(IDLE_PROFILE_FORM, form({ ...VALID, ...change }));
    expect(answer.fieldErrors[field]).toMatch(message);
    expect(answer.next).toBeUndefined();
    expect(answer.values?.hourlyPrice).toBe(String((change as Fields).hourly_price ?? VALID.hourly_price));
    expect(answer.values?.intro).toBe(String((change as Fields).intro ?? VALID.intro));
    expect(await snapshotTables()).toBe(before);
  });

  it("names every wrong field at once, in Dutch on a Dutch page", async () => {
    page.locale = "nl";
    const answer = await actions.saveProfileAction(IDLE_PROFILE_FORM, form({ ...VALID, hourly_price: "abc", cities: [], daily_capacity: "11" }));
    expect(answer.fieldErrors).toMatchObject({ hourly_price: expect.stringMatching(/uurtarief/), cities: expect.stringMatching(/stad/), daily_capacity: expect.stringMatching(/klussen per dag/) });
  });

  it("ignores an id in the form: the session decides whose profile changes", async () => {
    const daan = await stored(1);
    await actions.saveProfileAction(IDLE_PROFILE_FORM, form({ ...VALID, handyman_id: "1", id: "1", user_id: "someone" }));
    expect(await stored(1)).toEqual(daan);
    expect((await stored(18)).hourlyPriceCents).toBe(4550);
  });

  it.each([
    ["a homeowner", () => createSignedInUser()],
    ["an operator", () => createSignedInOperator()],
    [
      "an applicant",
      async () => {
        const user = await createSignedInUser();
        await (await getDb()).user.update({ where: { id: user.id }, data: { role: "applicant" } });
        return user;
      },
    ],
    [
      "an account whose role is no longer handyman",
      async () => {
        await (await getDb()).user.update({ where: { id: nina.id }, data: { role: "homeowner" } });
        return nina;
      },
    ],
  ])("answers %s as for a page that does not exist, and changes nothing", async (_case, make) => {
    as(await make());
    const before = await snapshotTables();
    expect(await actions.saveProfileAction(IDLE_PROFILE_FORM, form({ ...VALID, handyman_id: "18" }))).toMatchObject({ message: "That page was not found." });
    expect(await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form({ starts_on: amsterdamDay(3), ends_on: amsterdamDay(4), handyman_id: "18" }))).toMatchObject({
      message: "That page was not found.",
    });
    expect(await snapshotTables()).toBe(before);
  });

  it("sends a signed-out post to the home page", async () => {
    actionRequest.headers = new Headers();
    expect(await redirectOf(actions.saveProfileAction(IDLE_PROFILE_FORM, form(VALID)))).toMatch(/^\/(\?|$)|login/);
  });
});

describe("days off", () => {
  it("adds a range, shows it on the profile, and removes it", async () => {
    const [from, to] = [amsterdamDay(10), amsterdamDay(12)];
    expect(await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form({ starts_on: from, ends_on: to }))).toMatchObject({ message: null, next: "/pro/profile?notice=day-off-added" });
    const [dayOff] = (await getOwnProfile(nina)).daysOff;
    expect(dayOff).toMatchObject({ startsOn: from, endsOn: to });
    expect(await actions.removeDayOffAction(IDLE_DAY_OFF_FORM, form({ day_off_id: dayOff.id }))).toMatchObject({ next: "/pro/profile?notice=day-off-removed" });
    expect((await getOwnProfile(nina)).daysOff).toEqual([]);
  });

  it("takes one day when the last day is left empty, today and a year ahead included", async () => {
    const today = amsterdamDay(0);
    await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form({ starts_on: today, ends_on: "" }));
    await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form({ starts_on: latestRequestDate(today), ends_on: latestRequestDate(today) }));
    expect((await getOwnProfile(nina)).daysOff.map((d) => [d.startsOn, d.endsOn])).toEqual([
      [today, today],
      [latestRequestDate(today), latestRequestDate(today)],
    ]);
  });

  it.each([
    ["an end before the start", { starts_on: amsterdamDay(5), ends_on: amsterdamDay(4) }, "ends_on", /cannot be before the first/],
    ["an end past a year", { starts_on: amsterdamDay(5), ends_on: amsterdamDay(367) }, "ends_on", /at most a year ahead/],
    ["a start past a year", { starts_on: amsterdamDay(400), ends_on: amsterdamDay(401) }, "starts_on", /at most a year ahead/],
    ["a start in the past", { starts_on: amsterdamDay(-1), ends_on: amsterdamDay(2) }, "starts_on", /today or a later day/],
    ["no date", { starts_on: "", ends_on: "" }, "starts_on", /Enter a date/],
    ["a date that does not exist", { starts_on: "2027-02-30", ends_on: "2027-03-01" }, "starts_on", /Enter a date/],
    ["10,000 characters", { starts_on: "2".repeat(10_000), ends_on: "" }, "starts_on", /Enter a date/],
  ])("refuses %s beside its field, keeps what was typed and changes nothing", async (_case, fields, field, message) => {
    const before = await snapshotTables();
    const answer = await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form(fields));
    expect(answer.fieldErrors[field]).toMatch(message);
    expect(answer).toMatchObject({ startsOn: fields.starts_on, endsOn: fields.ends_on });
    expect(await snapshotTables()).toBe(before);
  });

  it("never removes another handyman's days off", async () => {
    const daan = await createSignedInHandyman(1);
    as(daan);
    await actions.addDayOffAction(IDLE_DAY_OFF_FORM, form({ starts_on: amsterdamDay(3), ends_on: amsterdamDay(3) }));
    const [theirs] = (await getOwnProfile(daan)).daysOff;
    as(nina);
    const answer = await actions.removeDayOffAction(IDLE_DAY_OFF_FORM, form({ day_off_id: theirs.id }));
    expect(answer.message).toMatch(/not found/);
    expect((await getOwnProfile(daan)).daysOff).toHaveLength(1);
    for (const id of ["", "not-a-uuid", "x".repeat(10_000)]) expect((await actions.removeDayOffAction(IDLE_DAY_OFF_FORM, form({ day_off_id: id }))).message).toMatch(/not found/);
  });
});
