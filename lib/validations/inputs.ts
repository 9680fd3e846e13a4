// Payloads of the request flow (a homeowner's repair request and its ranking criterion), shared by the
// form in the browser and the route handlers on the server, plus the values they may take.
import { z } from "zod";

export const TASK_TYPES = ["Outlet-replacement", "Pipe-leakage", "Painting"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  "Outlet-replacement": "Electrician",
  "Pipe-leakage": "Pipe leakage",
  Painting: "Painting",
};

export const CITIES = ["Amsterdam", "The Hague", "Rotterdam"] as const;
export type City = (typeof CITIES)[number];

export const CRITERIA = ["price", "rated", "available"] as const;
export type Criterion = (typeof CRITERIA)[number];

export const CRITERION_LABELS: Record<Criterion, string> = {
  price: "Cheapest",
  rated: "Best rated",
  available: "Available now",
};

export const MAX_DETAILS_LENGTH = 2000;

/** Dates are "today or later" as seen in the Netherlands, wherever the server or browser runs. */
export const REQUEST_TIME_ZONE = "Europe/Amsterdam";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date in Europe/Amsterdam as YYYY-MM-DD. */
export function todayInAmsterdam(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: REQUEST_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
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
export const preferredDateSchema = z
  .string({ error: "Choose a preferred date." })
  .trim()
  .min(1, { error: "Choose a preferred date.", abort: true })
  .refine(isCalendarDate, { error: "Enter the date as YYYY-MM-DD.", abort: true })
  .refine((value) => value >= todayInAmsterdam(), "Choose today or a later date.");

export const detailsSchema = z
  .string({ error: "Describe the job as text." })
  .trim()
  .max(MAX_DETAILS_LENGTH, `Keep the details to ${MAX_DETAILS_LENGTH.toLocaleString("en-GB")} characters or fewer.`);

/** The fields a homeowner fills in on /inputs. */
export const requestFormSchema = z.object({
  task_type: taskTypeSchema,
  city: citySchema,
  details: detailsSchema.default(""),
  date: preferredDateSchema,
});
export type RequestFormValues = z.infer<typeof requestFormSchema>;

/** POST /api/inputs: the form's fields plus the client-made id, the signed-in email and the criterion. */
export const createInputSchema = requestFormSchema.extend({
  input_id: z.uuid({ error: "input_id must be a UUID." }),
  user_email: z
    .string({ error: "user_email must be an email address." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "user_email must be an email address." })),
  // Empty until the homeowner picks one on the next page; the original sends "".
  criteria: z.preprocess((value) => (value === "" || value === undefined ? null : value), criterionSchema.nullable()),
});
export type CreateInputData = z.output<typeof createInputSchema>;
/** What the browser sends to POST /api/inputs. */
export type CreateInputPayload = Omit<CreateInputData, "criteria"> & { criteria: Criterion | "" | null };

/** POST /api/inputs/{inputId}/criteria: the choice, with the request's city and task type as a check. */
export const chooseCriterionSchema = z.object({
  criteria: criterionSchema,
  city: citySchema,
  task_type: taskTypeSchema,
});
export type ChooseCriterionPayload = z.infer<typeof chooseCriterionSchema>;

/** A request id in a URL. */
export const inputIdSchema = z.uuid();

/** A request as the API returns it. */
export type InputRow = {
  input_id: string;
  task_type: TaskType;
  city: City;
  date: string;
  details: string;
  criteria: Criterion | null;
  created_at: string;
};
