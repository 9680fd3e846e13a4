// The fields of a repair request and their rules, shared by the form in the browser and the server, and
// the shape a repair request has inside the application. The API's own payloads and field names are in
// ./wire.ts; the values a field may take are in ./catalogue.ts.
import { z } from "zod";
import { freeTextSchema } from "../validations/text";
import { formatNumber } from "../format";
import { CITIES, CRITERIA, TASK_TYPES, type City, type Criterion, type TaskType } from "./catalogue";

export const MAX_DETAILS_LENGTH = 2000;

/** Dates are "today or later" as seen in the Netherlands, wherever the server or browser runs. */
const REQUEST_TIME_ZONE = "Europe/Amsterdam";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Made once: building a formatter with a time zone costs far more than using one. */
const AMSTERDAM_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: REQUEST_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's calendar date in Europe/Amsterdam as YYYY-MM-DD. */
export function todayInAmsterdam(now: Date = new Date()): string {
  const parts = AMSTERDAM_DAY.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** True for a real calendar day written as YYYY-MM-DD (so 2027-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export const taskTypeSchema = z.enum(TASK_TYPES, { error: "Choose a task type." });
export const citySchema = z.enum(CITIES, { error: "Choose a city." });
export const criterionSchema = z.enum(CRITERIA, { error: "Choose one of: cheapest, best rated or available now." });

/** YYYY-MM-DD, a real day, not before today in Europe/Amsterdam (checked at the moment of parsing). */
const preferredDateSchema = z
  .string({ error: "Choose a preferred date." })
  .trim()
  .min(1, { error: "Choose a preferred date.", abort: true })
  .refine(isCalendarDate, { error: "Enter the date as YYYY-MM-DD.", abort: true })
  .refine((value) => value >= todayInAmsterdam(), "Choose today or a later date.");

const detailsSchema = freeTextSchema({
  max: MAX_DETAILS_LENGTH,
  typeMessage: "Describe the job as text.",
  maxMessage: `Keep the details to ${formatNumber(MAX_DETAILS_LENGTH)} characters or fewer.`,
});

/** The fields a homeowner fills in on /inputs. */
export const requestFormSchema = z.object({
  task_type: taskTypeSchema,
  city: citySchema,
  details: detailsSchema.default(""),
  date: preferredDateSchema,
});

/** A repair request's id (made by the browser, so a retried submission is recognised). */
export const requestIdSchema = z.uuid();

/** A homeowner's repair request, as the application handles it. */
export type RepairRequest = {
  id: string;
  taskType: TaskType;
  city: City;
  /** The preferred day, YYYY-MM-DD. */
  date: string;
  details: string;
  /** How the handyman is picked; null until the homeowner chooses. */
  criterion: Criterion | null;
  /** ISO timestamp. */
  createdAt: string;
};

/** What a homeowner sends to store a new request. */
export type NewRepairRequest = Omit<RepairRequest, "createdAt">;

/** The criterion chosen for a stored request, with the city and task type the browser matched for. */
export type CriterionChoice = { criterion: Criterion; city: City; taskType: TaskType };
