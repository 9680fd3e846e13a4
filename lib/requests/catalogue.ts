// What a homeowner can ask for and where: the ids of the task types, the cities and the ranking
// criteria, the names the Prisma client gives the database enums, and each task type's figures for an
// estimate. The words the pages and mails use for them are in the `catalogue` namespace
// (messages/<locale>/catalogue.json), read by ./words.ts. Adding a trade or a city is one edit here (the
// compiler then asks for each of its entries below), its words in the two catalogue files, and the
// migration that adds it to the database enum (with the enum's value in prisma/schema.prisma).
import type { City as DbCity, Criteria as DbCriterion, TaskType as DbTaskType } from "../generated/prisma/enums";

export const TASK_TYPES = ["Outlet-replacement", "Pipe-leakage", "Painting"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export type EstimateFigures = {
  /** Hours a typical job takes, shortest and longest. */
  hours: readonly [number, number];
  /** Charged once per visit, in euros. */
  calloutFee: number;
};

/** What a typical job of each task type takes (the job itself is worded in the catalogue, typicalJob). */
export const ESTIMATE_FIGURES: Record<TaskType, EstimateFigures> = {
  "Outlet-replacement": { hours: [1, 1.5], calloutFee: 25 },
  "Pipe-leakage": { hours: [1, 2], calloutFee: 35 },
  Painting: { hours: [4, 7], calloutFee: 30 },
};

export const CITIES = ["Amsterdam", "The Hague", "Rotterdam"] as const;
export type City = (typeof CITIES)[number];

/** The province of each city, for the job openings' structured data. */
export const CITY_PROVINCES: Record<City, string> = {
  Amsterdam: "Noord-Holland",
  "The Hague": "Zuid-Holland",
  Rotterdam: "Zuid-Holland",
};

export const isCity = (value: string): value is City => (CITIES as readonly string[]).includes(value);

export const CRITERIA = ["price", "rated", "available"] as const;
export type Criterion = (typeof CRITERIA)[number];

/** Where a request stands (./lifecycle.ts moves it from one to the next). */
export const REQUEST_STATES = [
  "submitted",
  "offered",
  "declined",
  "expired",
  "unmatched",
  "accepted",
  "date_proposed",
  "done",
  "reviewed",
  "cancelled",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** Where a handyman's account stands: none yet; invited (the set-password link not used yet); in use; suspended by an operator (lib/ops/handymen.ts). */
export const ACCOUNT_STATES = ["no_account", "invited", "active", "suspended"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

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
