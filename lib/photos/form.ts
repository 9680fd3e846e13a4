// Photos posted with a form (a server action, also without JavaScript): the files of one field, empty
// entries (a file input left empty posts one) dropped, each within the byte limit.
import "server-only";
import { ApiError } from "../api/errors";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REQUEST, PHOTOS_FIELD } from "./limits";
import { tooLarge } from "./intake";

/** The bytes of the photos posted in the form's photo field; 413 for one past the limit, 409 for too many. */
export async function photosOf(form: FormData): Promise<Buffer[]> {
  const files = form.getAll(PHOTOS_FIELD).filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
  if (files.length > MAX_PHOTOS_PER_REQUEST) throw new ApiError("conflict", { key: "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
  const read: Buffer[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
    read.push(Buffer.from(await file.arrayBuffer()));
  }
  return read;
}
