"use server";
// The order page's form that adds photos to a request until the job is done: a plain multipart post
// without JavaScript, in place with it. The same checks as POST /api/requests/{id}/photos: the
// homeowner from the session, every refusal that needs no decoding first (the request and its room, the
// sizes, the types and headers, the places under the request's lock, the account's hour), then every photo
// re-encoded in the line (./work.ts) before any is stored. The second form adds photos of a problem to the
// homeowner's open problem report, as POST /api/requests/{id}/problem-photos does.
import { ApiError } from "../api/errors";
import { requestStep } from "../forms/action";
import { requestIdSchema } from "../requests/schemas";
import type { StepFormState } from "../requests/step-form";
import { textOf } from "../validations/form-data";
import { photosOf } from "./form";
import { addInspectedPhotos, checkRoomFor, inspectPhotos } from "./photos";
import { PHOTOS_FIELD } from "./limits";

export async function addPhotosAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = `/dashboard/orders/${encodeURIComponent(textOf(form, "request_id"))}`;
  return requestStep(form, "photos-added", back, async (user) => {
    const parsed = requestIdSchema.safeParse(textOf(form, "request_id"));
    if (!parsed.success) throw new ApiError("not_found", { key: "requestNotFound" });
    const files = await photosOf(form);
    if (files.length === 0) throw new ApiError("bad_request", { key: "photo.empty" }, [{ path: PHOTOS_FIELD, message: { key: "photo.empty" } }]);
    await checkRoomFor(user, parsed.data, files.length);
    await addInspectedPhotos(user, parsed.data, await inspectPhotos(files));
  });
}

export async function addProblemPhotosAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = `/dashboard/orders/${encodeURIComponent(textOf(form, "request_id"))}`;
  return requestStep(form, "problem-photos-added", back, async (user) => {
    const parsed = requestIdSchema.safeParse(textOf(form, "request_id"));
    if (!parsed.success) throw new ApiError("not_found", { key: "requestNotFound" });
    const files = await photosOf(form);
    if (files.length === 0) throw new ApiError("bad_request", { key: "photo.empty" }, [{ path: PHOTOS_FIELD, message: { key: "photo.empty" } }]);
    await checkRoomFor(user, parsed.data, files.length, "problem");
    await addInspectedPhotos(user, parsed.data, await inspectPhotos(files), "problem");
  });
}
