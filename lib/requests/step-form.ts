// What the forms of a request's steps (on /dashboard/orders/{id}, the confirmation and /pro) and their
// server actions share: the answer an action hands back to its form. A step that went through shows
// its notice on the page it leads to (lib/notices).
import type { FieldErrors } from "../validations/field-errors";

export type StepFormState = {
  /** Why the step did not go through, in one line; null until then. */
  message: string | null;
  fieldErrors: FieldErrors;
  /** Set once the step went through: the page to show next (the same page, with its notice). */
  next?: string;
};

export const IDLE_STEP: StepFormState = { message: null, fieldErrors: {} };

/**
 * The answer when the server could not be reached at all (the in-page form's network failed): `message`
 * is the page's words for it (messages/<locale>/job.json, "unreachable"), English without one.
 */
export function unreachableStep(message = "We could not reach Fixwell. Check your connection and try again."): StepFormState {
  return { message, fieldErrors: {} };
}
