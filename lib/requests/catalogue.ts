// What a homeowner can ask for and where: the task types, the cities and the ranking criteria, with the
// words the pages use for them and the names the Prisma client gives the database enums. Adding a city
// or a trade is one edit here (the compiler then asks for each of its entries below) plus the migration
// that adds it to the database enum; the schemas, the pages' copy and the enum check all read this.
import type { City as DbCity, Criteria as DbCriterion, TaskType as DbTaskType } from "../generated/prisma/enums";
import { DEFAULT_LOCALE, formatList, type Locale } from "../format";

export const TASK_TYPES = ["Outlet-replacement", "Pipe-leakage", "Painting"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  "Outlet-replacement": "Electrician",
  "Pipe-leakage": "Pipe leakage",
  Painting: "Painting",
};

const TASK_TYPE_LABELS_NL: Record<TaskType, string> = {
  "Outlet-replacement": "Elektricien",
  "Pipe-leakage": "Lekkage",
  Painting: "Schilderwerk",
};

/** A task type as the pages show it, in `locale` (the stored value never changes). */
export function taskTypeLabel(task: TaskType, locale: Locale = DEFAULT_LOCALE): string {
  return (locale === "nl" ? TASK_TYPE_LABELS_NL : TASK_TYPE_LABELS)[task];
}

/** Each task type as the copy names the work in a sentence. */
const TASK_TYPE_WORK: Record<Locale, Record<TaskType, string>> = {
  en: {
    "Outlet-replacement": "electrical work (replacing outlets)",
    "Pipe-leakage": "leaking pipes",
    Painting: "painting",
  },
  nl: {
    "Outlet-replacement": "elektra (stopcontacten vervangen)",
    "Pipe-leakage": "lekkages",
    Painting: "schilderwerk",
  },
};

/** What homeowners can ask for, as a phrase: "electrical work (replacing outlets), leaking pipes and painting". */
export function taskTypeList(locale: Locale = DEFAULT_LOCALE): string {
  return formatList(TASK_TYPES.map((task) => TASK_TYPE_WORK[locale][task]), "and", locale);
}

/** What the people who do each task are called, one and many ("the 4 plumbers in Rotterdam"). */
export const TRADES: Record<TaskType, { one: string; many: string }> = {
  "Outlet-replacement": { one: "electrician", many: "electricians" },
  "Pipe-leakage": { one: "plumber", many: "plumbers" },
  Painting: { one: "painter", many: "painters" },
};

const TRADES_NL: Record<TaskType, { one: string; many: string }> = {
  "Outlet-replacement": { one: "elektricien", many: "elektriciens" },
  "Pipe-leakage": { one: "loodgieter", many: "loodgieters" },
  Painting: { one: "schilder", many: "schilders" },
};

/** The trade of a task type, one and many, in `locale` ("loodgieter", "loodgieters"). */
export function tradeNames(task: TaskType, locale: Locale = DEFAULT_LOCALE): { one: string; many: string } {
  return (locale === "nl" ? TRADES_NL : TRADES)[task];
}

export const CITIES = ["Amsterdam", "The Hague", "Rotterdam"] as const;
export type City = (typeof CITIES)[number];

/** Cities as written in running text in each language; the stored value ("The Hague") never changes. */
const CITY_LABELS: Record<Locale, Record<City, string>> = {
  en: { Amsterdam: "Amsterdam", "The Hague": "The Hague", Rotterdam: "Rotterdam" },
  nl: { Amsterdam: "Amsterdam", "The Hague": "Den Haag", Rotterdam: "Rotterdam" },
};

/** A city's name in `locale` ("Den Haag" in Dutch). */
export function cityLabel(city: City, locale: Locale = DEFAULT_LOCALE): string {
  return CITY_LABELS[locale][city];
}

/** The province of each city, for the job openings' structured data. */
export const CITY_PROVINCES: Record<City, string> = {
  Amsterdam: "Noord-Holland",
  "The Hague": "Zuid-Holland",
  Rotterdam: "Zuid-Holland",
};

export const isCity = (value: string): value is City => (CITIES as readonly string[]).includes(value);

/** Where Fixwell works, as a phrase: "Amsterdam, The Hague and Rotterdam" (or "… or Rotterdam"). */
export function cityList(conjunction: "and" | "or" = "and", locale: Locale = DEFAULT_LOCALE): string {
  return formatList(CITIES.map((city) => cityLabel(city, locale)), conjunction, locale);
}

export const CRITERIA = ["price", "rated", "available"] as const;
export type Criterion = (typeof CRITERIA)[number];

export const CRITERION_LABELS: Record<Criterion, string> = {
  price: "Cheapest",
  rated: "Best rated",
  available: "Available now",
};

const CRITERION_LABELS_NL: Record<Criterion, string> = {
  price: "Goedkoopste",
  rated: "Best beoordeeld",
  available: "Nu beschikbaar",
};

/** A ranking criterion as the pages show it, in `locale`. */
export function criterionLabel(criterion: Criterion, locale: Locale = DEFAULT_LOCALE): string {
  return (locale === "nl" ? CRITERION_LABELS_NL : CRITERION_LABELS)[criterion];
}

// The database stores each value as written above; the Prisma client names them without spaces and
// dashes. Both directions are spelt out so the compiler notices a value missing on either side.
const taskTypeToDb: Record<TaskType, DbTaskType> = {
  "Outlet-replacement": "Outlet_replacement",
  "Pipe-leakage": "Pipe_leakage",
  Painting: "Painting",
};
const taskTypeFromDb: Record<DbTaskType, TaskType> = {
  Outlet_replacement: "Outlet-replacement",
  Pipe_leakage: "Pipe-leakage",
  Painting: "Painting",
};
const cityToDb: Record<City, DbCity> = { Amsterdam: "Amsterdam", "The Hague": "The_Hague", Rotterdam: "Rotterdam" };
const cityFromDb: Record<DbCity, City> = { Amsterdam: "Amsterdam", The_Hague: "The Hague", Rotterdam: "Rotterdam" };
const criterionToDb: Record<Criterion, DbCriterion> = { price: "price", rated: "rated", available: "available" };
const criterionFromDb: Record<DbCriterion, Criterion> = { price: "price", rated: "rated", available: "available" };

export const toDbTaskType = (value: TaskType): DbTaskType => taskTypeToDb[value];
export const fromDbTaskType = (value: DbTaskType): TaskType => taskTypeFromDb[value];
export const toDbCity = (value: City): DbCity => cityToDb[value];
export const fromDbCity = (value: DbCity): City => cityFromDb[value];
export const toDbCriterion = (value: Criterion): DbCriterion => criterionToDb[value];
export const fromDbCriterion = (value: DbCriterion): Criterion => criterionFromDb[value];
