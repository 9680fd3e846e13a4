"use server";
// The request form's server action: the same checks as POST /api/inputs (the form schema, the id the
// form was rendered with, the signed-in user from the session cookie) and the same idempotent store.
// Posted without JavaScript it answers with the next page; from the in-page form it hands the stored
// request back and the form moves on by itself. Its answers are in the language of the page it was posted from.
import { redirect } from "next/navigation";
import { ApiError, apiMessage } from "../api/errors";
import { requireUser } from "../auth/session";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/errors";
import { fieldErrorsOf } from "../validations/field-errors";
import { postedInPage, textOf } from "../validations/form-data";
import { fixFieldsMessage, REQUEST_FORM_FIELDS, type RequestFormState, type RequestFormValues } from "./form";
import { createRequest } from "./queries";
import { requestFormSchema, requestIdSchema } from "./schemas";
import { localizedPath } from "../i18n/paths";
import { postingPageLocale } from "./page-locale";

export async function createRequestAction(previous: RequestFormState, form: FormData): Promise<RequestFormState> {
  const user = await requireUser();
  const locale = await postingPageLocale();
  const values = Object.fromEntries(REQUEST_FORM_FIELDS.map((name) => [name, textOf(form, name)])) as RequestFormValues;
  const parsedId = requestIdSchema.safeParse(textOf(form, "request_id"));
  const requestId = parsedId.success ? parsedId.data : previous.requestId;
  const answer = (rest: Partial<RequestFormState>): RequestFormState => ({ requestId, values, fieldErrors: {}, message: null, ...rest });

  if (!parsedId.success) return answer({ message: apiMessage(locale, { key: "request.formExpired" }) });
  const parsed = requestFormSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return answer({ fieldErrors, message: fixFieldsMessage(fieldErrors) });
  }

  let saved;
  try {
    const { task_type: taskType, city, details, date } = parsed.data;
    saved = await createRequest(user, { id: requestId, taskType, city, details, date, criterion: null });
  } catch (error) {
    if (error instanceof ApiError) return answer({ message: error.messageIn(locale) });
    const reason = isDatabaseUnavailable(error) ? "database unavailable" : "unexpected error";
    console.error(`[requests] storing a request failed (${reason}): ${describeDatabaseError(error)}`);
    return answer({ message: apiMessage(locale, { key: "request.notStored" }) });
  }
  if (postedInPage(form)) return answer({ saved });
  redirect(localizedPath(locale, `/inputs/criteria/${saved.id}`));
}
