// What the console's server actions share: the operator from the session (anyone else gets the 404 of
// requireOperator), a refusal answered in the form (StepForm of components/requests/step-form.tsx), and a
// change that went through leading to `back` with a notice — a redirect without JavaScript, so a reload
// does not post twice; the in-page form is told where to go.
import "server-only";
import { ApiError } from "../api/errors";
import { moveOn, unexpectedFailure } from "../auth/action-context";
import { withNotice, type NoticeKey } from "../auth/notices";
import { fieldErrorsOf } from "../validations/field-errors";
import type { StepFormState } from "../requests/step-form";
import { requireOperator, type Operator } from "./access";

/** Runs one console change for the signed-in operator; `back` may depend on what the change returned. */
export async function runOpsAction<T>(
  form: FormData,
  notice: NoticeKey,
  back: string | ((result: T) => string),
  change: (operator: Operator) => Promise<T>,
): Promise<StepFormState> {
  const operator = await requireOperator();
  let result: T;
  try {
    result = await change(operator);
  } catch (error) {
    if (error instanceof ApiError) return { message: error.message, fieldErrors: fieldErrorsOf(error.issues ?? []) };
    return { message: unexpectedFailure("an operator's change", error), fieldErrors: {} };
  }
  const path = typeof back === "function" ? back(result) : back;
  return moveOn<StepFormState>(form, { message: null, fieldErrors: {} }, withNotice(path, notice));
}
