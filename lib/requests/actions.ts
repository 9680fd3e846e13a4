"use server";
// The request form's server action: the same checks as POST /api/inputs (the form schema, the id the
// form was rendered with, the signed-in user from the session cookie) and the same idempotent store.
// Posted without JavaScript it answers with the next page; from the in-page form it hands the stored
// request back and the form moves on by itself. Its answers are in the language of the page it was posted from.
import { ApiError, apiMessage } from "../api/errors";
import { photosOf } from "../photos/form";
import { listRequestPhotos, preparePhotos, storePreparedPhotos, type PreparedPhoto } from "../photos/photos";
import { PHOTOS_FIELD } from "../photos/limits";
import { userAction } from "../forms/action";
import { fieldErrorsOf } from "../validations/field-errors";
import { postedInPage, textOf } from "../validations/form-data";
import { fixFieldsMessage, REQUEST_FORM_FIELDS, type RequestFormState, type RequestFormValues } from "./form";
import { createRequest } from "./queries";
import { requestFormSchema, requestIdSchema } from "./schemas";
import { localizedPath } from "../i18n/paths";

function valuesOf(form: FormData): RequestFormValues {
  return Object.fromEntries(REQUEST_FORM_FIELDS.map((name) => [name, textOf(form, name)])) as RequestFormValues;
}

export const createRequestAction = userAction.action<RequestFormState>(
  {
    name: "storing a request",
    area: "requests",
    // The id the form was rendered with; a malformed one is answered below, with the id it had.
    keep: (form) => ({ requestId: textOf(form, "request_id"), values: valuesOf(form), fieldErrors: {}, message: null }),
    failure: ({ locale }) => apiMessage(locale, { key: "request.notStored" }),
  },
  async ({ user, form, previous, locale, kept, redirect }) => {
    const parsedId = requestIdSchema.safeParse(kept.requestId);
    if (!parsedId.success) return { ...kept, requestId: previous.requestId, message: apiMessage(locale, { key: "request.formExpired" }) };
    const parsed = requestFormSchema.safeParse(kept.values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error.issues);
      return { ...kept, fieldErrors, message: fixFieldsMessage(fieldErrors) };
    }
    // Photos posted with the form (without JavaScript; the in-page form uploads them one by one once the
    // request is stored) are checked and re-encoded first: a refused photo stores nothing.
    let photos: PreparedPhoto[];
    try {
      photos = await preparePhotos(await photosOf(form));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = error.text ? apiMessage(locale, error.text) : error.message;
      return { ...kept, fieldErrors: { [PHOTOS_FIELD]: message }, message };
    }
    const { task_type: taskType, city, details, date } = parsed.data;
    const saved = await createRequest(user, { id: parsedId.data, taskType, city, details, date, criterion: null });
    // A replayed post (the same form sent twice) stores its photos once.
    if (photos.length > 0 && (await listRequestPhotos(saved.id)).length === 0) await storePreparedPhotos(user, saved.id, photos);
    if (postedInPage(form)) return { ...kept, requestId: parsedId.data, saved };
    return redirect(localizedPath(locale, `/inputs/criteria/${saved.id}`));
  },
);
