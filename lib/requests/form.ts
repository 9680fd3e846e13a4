// What the request form on /inputs and its server action share: the fields it posts, the state the
// action hands back (the values as typed, a message per field, one summary) and the summary's wording.
import type { FieldErrors } from "../validations/field-errors";
import type { RepairRequest } from "./schemas";

export const REQUEST_FORM_FIELDS = ["task_type", "city", "date", "details", "home_older_than_two_years"] as const;
export type RequestFormField = (typeof REQUEST_FORM_FIELDS)[number];
export type RequestFormValues = Record<RequestFormField, string>;

export type RequestFormState = {
  /** The id the form stores its request under; the same one on every retry of this form. */
  requestId: string;
  values: RequestFormValues;
  fieldErrors: FieldErrors;
  message: string | null;
  /** The request as stored, once it is (for the in-page form, which moves on by itself). */
  saved?: RepairRequest;
};

export function emptyRequestForm(requestId: string): RequestFormState {
  return { requestId, values: { task_type: "", city: "", date: "", details: "", home_older_than_two_years: "" }, fieldErrors: {}, message: null };
}

export function fixFieldsMessage(fieldErrors: FieldErrors): string {
  const count = REQUEST_FORM_FIELDS.filter((name) => fieldErrors[name]).length || 1;
  return `Please fix the ${count === 1 ? "field" : `${count} fields`} marked below.`;
}
