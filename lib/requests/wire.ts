// The API's words for a repair request, and nowhere else: the spec calls it an "input" (`input_id`,
// `/api/inputs`, `/api/input/{id}`), sends the owner's `user_email`, names the choice `criteria` and wraps
// stored rows in `rows`. This module holds those payloads' schemas and maps them to and from the
// RepairRequest the rest of the code uses, for the route handlers and for the browser's client alike.
import { z } from "zod";
import type { City, Criterion, TaskType } from "./catalogue";
import {
  citySchema,
  criterionSchema,
  homeAgeAnswerSchema,
  requestFormSchema,
  taskTypeSchema,
  type CriterionChoice,
  type NewRepairRequest,
  type RepairRequest,
} from "./schemas";

/** The API's paths for repair requests. */
export const requestApiPaths = {
  create: "/api/inputs",
  listForUser: (email: string) => `/api/inputs/${encodeURIComponent(email)}`,
  get: (id: string) => `/api/input/${encodeURIComponent(id)}`,
  chooseCriterion: (id: string) => `/api/inputs/${encodeURIComponent(id)}/criteria`,
};

/** A repair request as the API answers it. */
export type RequestRow = {
  input_id: string;
  task_type: TaskType;
  city: City;
  date: string;
  details: string;
  criteria: Criterion | null;
  created_at: string;
};

/** POST /api/inputs: the form's fields plus the client-made id, the signed-in email and the criterion. */
export const createRequestBodySchema = requestFormSchema.extend({
  input_id: z.uuid({ error: "input_id must be a UUID." }),
  user_email: z
    .string({ error: "user_email must be an email address." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "user_email must be an email address." })),
  // Empty until the homeowner picks one on the next page; the original sends "".
  criteria: z.preprocess((value) => (value === "" || value === undefined ? null : value), criterionSchema.nullable()),
  // Not in the original API: a client that leaves it out stores the home's age as unknown (21% VAT), which
  // the homeowner can answer later on the order page.
  home_older_than_two_years: z.preprocess((value) => (value === "" || value === null ? undefined : value), homeAgeAnswerSchema.optional()),
});
export type CreateRequestBody = z.output<typeof createRequestBodySchema>;
/** What the browser sends to POST /api/inputs. */
export type CreateRequestPayload = Omit<CreateRequestBody, "criteria"> & { criteria: Criterion | "" | null };

/** POST /api/inputs/{inputId}/criteria: the choice, with the request's city and task type as a check. */
export const chooseCriterionBodySchema = z.object({
  criteria: criterionSchema,
  city: citySchema,
  task_type: taskTypeSchema,
});
export type ChooseCriterionBody = z.infer<typeof chooseCriterionBodySchema>;

export function toRequestRow(request: RepairRequest): RequestRow {
  return {
    input_id: request.id,
    task_type: request.taskType,
    city: request.city,
    date: request.date,
    details: request.details,
    criteria: request.criterion,
    created_at: request.createdAt,
  };
}

export function fromRequestRow(row: RequestRow): RepairRequest {
  return {
    id: row.input_id,
    taskType: row.task_type,
    city: row.city,
    date: row.date,
    details: row.details,
    criterion: row.criteria,
    createdAt: row.created_at,
  };
}

/** The body of a POST that stored or changed one request. */
export const savedRequestBody = (request: RepairRequest): { rows: RequestRow[] } => ({ rows: [toRequestRow(request)] });

/** The one request out of such a body. */
export const fromSavedRequestBody = (body: { rows: RequestRow[] }): RepairRequest => fromRequestRow(body.rows[0]);

/** A create body as the request it asks for, and the email it claims to come from. */
export function fromCreateRequestBody(body: CreateRequestBody): { ownerEmail: string; request: NewRepairRequest } {
  return {
    ownerEmail: body.user_email,
    request: {
      id: body.input_id,
      taskType: body.task_type,
      city: body.city,
      date: body.date,
      details: body.details,
      criterion: body.criteria,
      homeOlderThanTwoYears: body.home_older_than_two_years ?? null,
    },
  };
}

export function toCreateRequestPayload(request: NewRepairRequest, ownerEmail: string): CreateRequestPayload {
  return {
    input_id: request.id,
    user_email: ownerEmail,
    task_type: request.taskType,
    city: request.city,
    date: request.date,
    details: request.details,
    criteria: request.criterion ?? "",
    ...(typeof request.homeOlderThanTwoYears === "boolean" ? { home_older_than_two_years: request.homeOlderThanTwoYears } : {}),
  };
}

export const fromChooseCriterionBody = (body: ChooseCriterionBody): CriterionChoice => ({
  criterion: body.criteria,
  city: body.city,
  taskType: body.task_type,
});

export const toChooseCriterionBody = (choice: CriterionChoice): ChooseCriterionBody => ({
  criteria: choice.criterion,
  city: choice.city,
  task_type: choice.taskType,
});

/**
 * The {email} segment of GET /api/inputs/{email} as an email to compare with the session's:
 * percent-decoded once, trimmed, lower-case.
 */
export function emailFromPath(segment: string): string {
  let value = segment;
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not valid percent-encoding: compare it as written, which matches no one's email.
    }
  }
  return value.trim().toLowerCase();
}
