// What an operator sends to create or edit a job opening (the console's API and its forms share these
// schemas): the public fields with sane maximum lengths, the department from the fixed list, the format
// the rich fields are written in, and — for an edit — the version the operator started from.
import { z } from "zod";
import { DEPARTMENT_ORDER } from "./grouping";
import { jobIdSchema } from "./schemas";
import { freeTextSchema } from "../validations/text";

/** Longest text each field takes; the whole request is bounded by the API's body limit as well. */
export const OPENING_LIMITS = {
  role: 120,
  location: 80,
  description: 500,
  about: 2000,
  overview: 2000,
  requirements: 6000,
  benefits: 6000,
  interview_time: 300,
  apply: 500,
} as const;

/** Ids the console's own addresses use (/ops/job-openings/new, /api/ops/job-openings/preview). */
const RESERVED_JOB_IDS = new Set(["new", "preview"]);

const newJobIdSchema = jobIdSchema.refine((id) => !RESERVED_JOB_IDS.has(id), "is a word the console keeps for itself; choose another id");

/** A field's text: the free-text rule of every other field (lib/validations/text.ts), not empty, at most `max`. */
const text = (max: number, what: string) =>
  freeTextSchema({ max, maxMessage: `The ${what} may be at most ${max} characters.`, typeMessage: `Enter the ${what}.`, min: 1, minMessage: `Enter the ${what}.` });

/** A rich field as it is being typed (a preview): may be empty, the free-text rule, at most `max`. */
export const draftText = (max: number, message: string) => freeTextSchema({ max, maxMessage: message }).default("");

const isoDate = (what: string) => z.iso.date({ error: `Enter the ${what} as a date (YYYY-MM-DD).` });

/** An optional date: missing, null or "" all mean "none". */
const optionalDate = (what: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), isoDate(what).optional());

const departmentSchema = z.enum(DEPARTMENT_ORDER, { error: `Choose one of the departments: ${DEPARTMENT_ORDER.join(", ")}.` });

const contentFormatSchema = z.enum(["html", "markdown"], { error: "Choose HTML or Markdown." });

const openingFields = {
  department: departmentSchema,
  role: text(OPENING_LIMITS.role, "role"),
  location: text(OPENING_LIMITS.location, "location"),
  start_date: isoDate("start date"),
  closes_on: optionalDate("closing date"),
  description: text(OPENING_LIMITS.description, "short description"),
  about: text(OPENING_LIMITS.about, "text about Fixwell"),
  overview: text(OPENING_LIMITS.overview, "overview of the role"),
  content_format: z.preprocess((value) => (value === undefined || value === "" ? "html" : value), contentFormatSchema),
  requirements: text(OPENING_LIMITS.requirements, "requirements"),
  benefits: text(OPENING_LIMITS.benefits, "benefits"),
  interview_time: text(OPENING_LIMITS.interview_time, "interview process"),
  apply: text(OPENING_LIMITS.apply, "way to apply"),
};

/** POST /api/ops/job-openings: a new draft. */
export const createOpeningSchema = z.object({ job_id: newJobIdSchema, ...openingFields });

/** The version a change was based on; forms send it as text. */
const versionSchema = z.coerce
  .number({ error: "The version of the opening is missing; open it again." })
  .int("The version of the opening is missing; open it again.")
  .min(1, "The version of the opening is missing; open it again.")
  .max(2_147_483_647, "The version of the opening is missing; open it again.");

/** PUT /api/ops/job-openings/{id}: every field again, and the version it was based on. */
export const updateOpeningSchema = z.object({ version: versionSchema, ...openingFields });

/** Publish and duplicate: the version the operator saw, when they name one. */
export const transitionSchema = z.object({ version: versionSchema.optional() });

/** Close and delete also take the operator's password (checked by confirmPassword). */
export const confirmedTransitionSchema = z.object({ version: versionSchema.optional(), password: z.unknown().optional() });

/** POST /api/ops/job-openings/preview: the rich fields as they are being typed. */
export const previewSchema = z.object({
  format: contentFormatSchema,
  requirements: draftText(OPENING_LIMITS.requirements, `The requirements may be at most ${OPENING_LIMITS.requirements} characters.`),
  benefits: draftText(OPENING_LIMITS.benefits, `The benefits may be at most ${OPENING_LIMITS.benefits} characters.`),
});

export type CreateOpeningInput = z.infer<typeof createOpeningSchema>;
export type UpdateOpeningInput = z.infer<typeof updateOpeningSchema>;
