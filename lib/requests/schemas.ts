// The fields of a repair request and their rules, shared by the form in the browser and the server, and
// the shape a repair request has inside the application. The API's own payloads and field names are in
// ./wire.ts; the values a field may take are in ./catalogue.ts.
import { z } from "zod";
import { freeTextSchema } from "../validations/text";
import { formatNumber } from "../format";
import { CITIES, CRITERIA, TASK_TYPES, type City, type Criterion, type TaskType } from "./catalogue";
import { MAX_DETAILS_LENGTH, isCalendarDate, latestRequestDate, todayInAmsterdam } from "./rules";

export { MAX_DETAILS_LENGTH, isCalendarDate, latestRequestDate, todayInAmsterdam };

export const taskTypeSchema = z.enum(TASK_TYPES, { error: "Choose a task type." });
export const citySchema = z.enum(CITIES, { error: "Choose a city." });
export const criterionSchema = z.enum(CRITERIA, { error: "Choose one of: cheapest, best rated or available now." });

/**
 * YYYY-MM-DD, a real day, from today to a year ahead in Europe/Amsterdam (checked at the moment of
 * parsing; ./rules.ts holds the bound).
 */
const preferredDateSchema = z
  .string({ error: "Choose a preferred date." })
  .trim()
  .min(1, { error: "Choose a preferred date.", abort: true })
  .refine(isCalendarDate, { error: "Enter the date as YYYY-MM-DD.", abort: true })
  .refine((value) => value >= todayInAmsterdam(), { error: "Choose today or a later date.", abort: true })
  .refine((value) => value <= latestRequestDate(), "Choose a date within a year from today.");

const detailsSchema = freeTextSchema({
  max: MAX_DETAILS_LENGTH,
  typeMessage: "Describe the job as text.",
  maxMessage: `Keep the details to ${formatNumber(MAX_DETAILS_LENGTH)} characters or fewer.`,
});

export const HOME_AGE_MESSAGE = "Say whether the home is older than two years.";

/**
 * The homeowner's answer whether the home is older than two years ("yes" / "no" from a form, true / false
 * from JSON), as a boolean. It sets the VAT rate of some trades' labour (lib/quotes/vat.ts).
 */
export const homeAgeAnswerSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.union([z.literal("yes").transform(() => true), z.literal("no").transform(() => false), z.boolean()], { error: HOME_AGE_MESSAGE }),
);

/** The fields a homeowner fills in on /inputs. */
export const requestFormSchema = z.object({
  task_type: taskTypeSchema,
  city: citySchema,
  details: detailsSchema.default(""),
  date: preferredDateSchema,
  home_older_than_two_years: homeAgeAnswerSchema,
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

/**
 * What a homeowner sends to store a new request, with their statement whether the home is older than two
 * years (null: not stated, as through the API without it; read as "no" by the VAT rule).
 */
export type NewRepairRequest = Omit<RepairRequest, "createdAt"> & { homeOlderThanTwoYears?: boolean | null };

/** The criterion chosen for a stored request, with the city and task type the browser matched for. */
export type CriterionChoice = { criterion: Criterion; city: City; taskType: TaskType };
