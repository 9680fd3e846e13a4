// The signed-in handyman's own profile (/pro/profile): trades, cities, hourly price, introduction, the
// weekdays they take jobs, how many jobs a day, and days off. The profile edited is always the one of
// the session's account (a handyman in the database); an id in a form is never read, so nobody edits
// another's profile, and applicants, homeowners and operators get the 404 of a page that does not exist.
// Every refusal names its field and changes nothing; a change applies to offers made after it (the
// matching reads the profile when it makes an offer). The pause switch is "available now"
// (./queries.ts, setAvailability), shared with /pro.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError, type ApiMessage, type IssueInput } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { CITIES, TASK_TYPES, fromDbCity, fromDbTaskType, toDbCity, toDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { isCalendarDate, latestRequestDate, todayInAmsterdam } from "../requests/rules";
import { HOURLY_PRICE_MESSAGE, hourlyPriceSchema, toCents } from "../validations/hourly-price";
import { cleanFreeText } from "../validations/text";
import { getHandymanForUserOrThrow, suspendedProfile } from "./queries";
import type { ProfileValues } from "./profile-state";

type Tx = Prisma.TransactionClient;

export const MAX_INTRO_LENGTH = 600;
export const MIN_DAILY_CAPACITY = 1;
export const MAX_DAILY_CAPACITY = 10;
/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Periods off planned at once (those not over yet). */
export const MAX_DAYS_OFF = 50;


export type ProfileEdit = {
  taskTypes: TaskType[];
  cities: City[];
  hourlyPriceCents: number;
  intro: string;
  weekdays: number[];
  dailyCapacity: number;
};

export type DayOff = { id: string; startsOn: string; endsOn: string };

/** What /pro/profile shows and its form starts from. */
export type OwnProfile = ProfileEdit & {
  id: number;
  name: string;
  slug: string;
  available: boolean;
  suspended: boolean;
  insuredUntil: string | null;
  daysOff: DayOff[];
};

const issue = (path: string, key: ApiMessage["key"], values?: ApiMessage["values"]): IssueInput => ({ path, message: { key, values } });

function refuse(issues: IssueInput[]): never {
  throw new ApiError("validation_failed", { key: "fieldsInvalid" }, issues);
}

/** Distinct values of `allowed` among `given`, in the catalogue's order; null when one is not in it. */
function pickFrom<T extends string | number>(given: readonly string[], allowed: readonly T[]): T[] | null {
  const chosen = new Set<T>();
  for (const value of given) {
    const found = allowed.find((option) => String(option) === value);
    if (found === undefined) return null;
    chosen.add(found);
  }
  return allowed.filter((option) => chosen.has(option));
}

/** Checks every field at once; a refusal names each field that is wrong (400, nothing saved). */
export function parseProfileEdit(fields: ProfileValues): ProfileEdit {
  const issues: IssueInput[] = [];
  const taskTypes = pickFrom(fields.taskTypes, TASK_TYPES);
  if (!taskTypes) issues.push(issue("task_types", "profile.tradeUnknown"));
  else if (taskTypes.length === 0) issues.push(issue("task_types", "profile.tradesMissing"));
  const cities = pickFrom(fields.cities, CITIES);
  if (!cities) issues.push(issue("cities", "profile.cityUnknown"));
  else if (cities.length === 0) issues.push(issue("cities", "profile.citiesMissing"));
  const price = hourlyPriceSchema.safeParse(fields.hourlyPrice);
  if (!price.success) issues.push({ path: "hourly_price", message: HOURLY_PRICE_MESSAGE });
  const intro = cleanFreeText(fields.intro);
  if (intro === null) issues.push(issue("intro", "profile.introInvalid"));
  else if ([...intro].length > MAX_INTRO_LENGTH) issues.push(issue("intro", "profile.introTooLong", { max: MAX_INTRO_LENGTH }));
  const weekdays = pickFrom(fields.weekdays, WEEKDAYS);
  if (!weekdays) issues.push(issue("weekdays", "profile.weekdayUnknown"));
  else if (weekdays.length === 0) issues.push(issue("weekdays", "profile.weekdaysMissing"));
  const capacity = /^\s*\d{1,2}\s*$/.test(fields.dailyCapacity) ? Number(fields.dailyCapacity) : NaN;
  if (!(capacity >= MIN_DAILY_CAPACITY && capacity <= MAX_DAILY_CAPACITY)) {
    issues.push(issue("daily_capacity", "profile.capacity", { min: MIN_DAILY_CAPACITY, max: MAX_DAILY_CAPACITY }));
  }
  if (issues.length) refuse(issues);
  return { taskTypes: taskTypes!, cities: cities!, hourlyPriceCents: toCents(price.data as number), intro: intro!, weekdays: weekdays!, dailyCapacity: capacity };
}

const isoDay = (value: Date) => value.toISOString().slice(0, 10);
const dayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** The handyman's own profile, with the days off not over yet (oldest first). */
export async function getOwnProfile(user: SessionUser, today = todayInAmsterdam()): Promise<OwnProfile> {
  const db = await getDb();
  const { id } = await getHandymanForUserOrThrow(user, db);
  const row = await db.handyman.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      taskTypes: true,
      cities: true,
      hourlyPriceCents: true,
      intro: true,
      dailyCapacity: true,
      available: true,
      suspended: true,
      insuredUntil: true,
      workDays: { select: { weekday: true }, orderBy: { weekday: "asc" } },
      daysOff: { where: { endsOn: { gte: dayOf(today) } }, orderBy: [{ startsOn: "asc" }, { endsOn: "asc" }], select: { id: true, startsOn: true, endsOn: true } },
    },
  });
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    taskTypes: row.taskTypes.map(fromDbTaskType),
    cities: row.cities.map(fromDbCity),
    hourlyPriceCents: row.hourlyPriceCents,
    intro: row.intro,
    weekdays: row.workDays.map((day) => day.weekday),
    dailyCapacity: row.dailyCapacity,
    available: row.available,
    suspended: row.suspended,
    insuredUntil: row.insuredUntil ? isoDay(row.insuredUntil) : null,
    daysOff: row.daysOff.map((day) => ({ id: day.id, startsOn: isoDay(day.startsOn), endsOn: isoDay(day.endsOn) })),
  };
}

/** The session's handyman, locked for the change (404 for anyone else). */
/** The session's handyman's row, locked for a change; a suspended handyman changes nothing (403). */
async function lockOwnProfile(tx: Tx, user: SessionUser): Promise<number> {
  const { id } = await getHandymanForUserOrThrow(user, tx);
  const [row] = await tx.$queryRaw<{ suspended: boolean }[]>`SELECT "suspended" FROM "handymen" WHERE "id" = ${id} FOR UPDATE`;
  if (row?.suspended) throw suspendedProfile();
  return id;
}

/** Saves trades, cities, price, introduction, weekdays and jobs a day for the session's handyman. */
export async function saveOwnProfile(user: SessionUser, fields: ProfileValues): Promise<ProfileEdit> {
  const edit = parseProfileEdit(fields);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const id = await lockOwnProfile(tx, user);
    await tx.handyman.update({
      where: { id },
      data: {
        taskTypes: edit.taskTypes.map(toDbTaskType),
        cities: edit.cities.map(toDbCity),
        hourlyPriceCents: edit.hourlyPriceCents,
        intro: edit.intro,
        dailyCapacity: edit.dailyCapacity,
      },
    });
    await tx.handymanWorkDay.deleteMany({ where: { handymanId: id } });
    await tx.handymanWorkDay.createMany({ data: edit.weekdays.map((weekday) => ({ handymanId: id, weekday })) });
  });
  return edit;
}

/** The days off a form posts, checked: real dates, not before today, at most a year ahead, the end not before the start. */
export function parseDayOff(fields: { startsOn: string; endsOn: string }, today = todayInAmsterdam()): { startsOn: string; endsOn: string } {
  const issues: IssueInput[] = [];
  const latest = latestRequestDate(today);
  const check = (path: string, value: string) => {
    if (!isCalendarDate(value)) issues.push(issue(path, "profile.dayOffDate"));
    else if (value < today) issues.push(issue(path, "profile.dayOffPast"));
    else if (value > latest) issues.push(issue(path, "profile.dayOffTooFar"));
  };
  const startsOn = fields.startsOn.trim();
  // An empty last day is the first day: one day off.
  const endsOn = fields.endsOn.trim() || startsOn;
  check("starts_on", startsOn);
  check("ends_on", endsOn);
  if (!issues.length && endsOn < startsOn) issues.push(issue("ends_on", "profile.dayOffOrder"));
  if (issues.length) refuse(issues);
  return { startsOn, endsOn };
}

/** Adds days off for the session's handyman. */
export async function addOwnDayOff(user: SessionUser, fields: { startsOn: string; endsOn: string }, today = todayInAmsterdam()): Promise<DayOff> {
  const range = parseDayOff(fields, today);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const id = await lockOwnProfile(tx, user);
    const planned = await tx.handymanDayOff.count({ where: { handymanId: id, endsOn: { gte: dayOf(today) } } });
    if (planned >= MAX_DAYS_OFF) throw new ApiError("conflict", { key: "profile.dayOffTooMany", values: { max: MAX_DAYS_OFF } });
    const row = await tx.handymanDayOff.create({ data: { handymanId: id, startsOn: dayOf(range.startsOn), endsOn: dayOf(range.endsOn) }, select: { id: true } });
    return { id: row.id, ...range };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes one of the session's handyman's days off; another's, or an unknown id, is "not found". */
export async function removeOwnDayOff(user: SessionUser, dayOffId: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const id = await lockOwnProfile(tx, user);
    const removed = UUID.test(dayOffId) ? await tx.handymanDayOff.deleteMany({ where: { id: dayOffId, handymanId: id } }) : { count: 0 };
    if (removed.count === 0) throw new ApiError("not_found", { key: "profile.dayOffNotFound" });
  });
}
