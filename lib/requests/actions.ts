"use server";
// The request form's server action: the same checks as POST /api/inputs (the form schema, the id the
// form was rendered with, the signed-in user from the session cookie) and the same idempotent store.
// Posted without JavaScript it answers with the next page; from the in-page form it hands the stored
// request back and the form moves on by itself. Its answers are in the language of the page it was posted from.
import { ApiError, apiMessage } from "../api/errors";
import { photosOf } from "../photos/form";
import { inspectPhotos, listRequestPhotos, preparePhotos, storePreparedPhotos, type PreparedPhoto } from "../photos/photos";
import type { InspectedPhoto } from "../photos/intake";
import { PHOTOS_FIELD } from "../photos/limits";
import { userAction } from "../forms/action";
import { fieldErrorsOf } from "../validations/field-errors";
import { postedInPage, textOf } from "../validations/form-data";
import { fixFieldsMessage, REQUEST_FORM_FIELDS, type RequestFormState, type RequestFormValues } from "./form";
import { admitRequest, storeAdmittedRequest } from "./queries";
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
    // request is stored). Every refusal that needs no decoding comes first: the photos' count, sizes, types
    // and headers; who may make a request, a replayed id and the daily ceiling (admitRequest); the account's
    // photos this hour and the line (preparePhotos). Only then are they decoded and re-encoded, all of them
    // before the request is stored, so a refused photo stores nothing.
    const photoRefusal = (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      const message = error.text ? apiMessage(locale, error.text) : error.message;
      return { ...kept, fieldErrors: { [PHOTOS_FIELD]: message }, message };
    };
    let inspected: InspectedPhoto[];
    try {
      inspected = await inspectPhotos(await photosOf(form));
    } catch (error) {
      return photoRefusal(error);
    }
    const { task_type: taskType, city, details, date, home_older_than_two_years: homeOlderThanTwoYears } = parsed.data;
    const admission = await admitRequest(user, parsedId.data);
    let saved;
    if (admission.kind === "replayed") {
      saved = admission.request;
      // A replayed post (the same form sent twice) stores its photos once: only when none were stored.
      if (inspected.length > 0 && (await listRequestPhotos(saved.id)).length === 0) {
        try {
          await storePreparedPhotos(user, saved.id, await preparePhotos(user, inspected));
        } catch (error) {
          return photoRefusal(error);
        }
      }
    } else {
      let photos: PreparedPhoto[];
      try {
        photos = await preparePhotos(user, inspected);
      } catch (error) {
        await admission.giveBack();
        return photoRefusal(error);
      }
      saved = await storeAdmittedRequest(user, { id: parsedId.data, taskType, city, details, date, criterion: null, homeOlderThanTwoYears }, admission);
      // Two posts of the same new form at once: the one that lost the race to store the request stores no photos.
      if (photos.length > 0 && (await listRequestPhotos(saved.id)).length === 0) await storePreparedPhotos(user, saved.id, photos);
    }
    if (postedInPage(form)) return { ...kept, requestId: parsedId.data, saved };
    return redirect(localizedPath(locale, `/inputs/criteria/${saved.id}`));
  },
);
