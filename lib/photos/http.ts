// The HTTP side of photos, shared by the route handlers: reading one photo out of a multipart body under
// the byte limit, and the headers every photo is answered with.
import "server-only";
import { ApiError } from "../api/errors";
import { parseParam, withUser } from "../api/handler";
import { requestIdSchema } from "../requests/schemas";
import { limitStream, tooLarge } from "./intake";
import { MAX_PHOTO_BYTES, MULTIPART_OVERHEAD_BYTES } from "./limits";
import { addRequestPhoto, listRequestPhotos, photoPath, photoViewerOf, type PhotoFile, type PhotoPart, type PhotoSummary } from "./photos";

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * The bytes of the one file sent as the form field "photo". The declared Content-Length is checked
 * first, and the body is cut off while it streams once it passes one photo's limit plus the multipart
 * overhead, so a 50 MB upload is refused after 10 MB whatever it declares. The file's name and declared
 * type are never used.
 */
export async function readPhotoFromMultipart(req: Request): Promise<Buffer> {
  const type = (req.headers.get("content-type") ?? "").trim();
  if (!MULTIPART.test(type)) throw new ApiError("unsupported_media_type", { key: "photo.multipartType" });
  const limit = MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) throw new ApiError("bad_request", { key: "photo.fileMissing" });
  let over = false;
  const body = limitStream(req.body, limit, () => {
    over = true;
    return tooLarge();
  });
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    if (over) throw tooLarge();
    throw new ApiError("bad_request", { key: "body.unreadable" });
  }
  const files = form.getAll("photo");
  const [file] = files;
  if (files.length !== 1 || typeof file === "string") throw new ApiError("bad_request", { key: "photo.fileMissing" });
  if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
  return Buffer.from(await file.arrayBuffer());
}

/** A photo as answered: its stored type, shown in place, never sniffed, never kept by a shared cache. */
export function photoResponse(photo: PhotoFile, name: string): Response {
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${name}.jpg"`,
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

const withLinks = (requestId: string, photo: PhotoSummary) => ({
  ...photo,
  url: photoPath(requestId, photo.id),
  thumbnailUrl: photoPath(requestId, photo.id, "thumb"),
});

/**
 * The two handlers of a request's photo list, one `part` each (the request's own photos, a problem
 * report's): POST adds one photo from a multipart body (201 {"photo"}) as its homeowner while the part is
 * open; GET lists them (no bytes) for the homeowner, the handyman holding the job and operators; anyone else 404.
 */
export function requestPhotoHandlers(part: PhotoPart) {
  const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
    const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
    const photo = await addRequestPhoto(user, id, () => readPhotoFromMultipart(req), part);
    return Response.json({ photo: withLinks(id, photo) }, { status: 201 });
  });
  const GET = withUser<{ requestId: string }>(async ({ params, user }) => {
    const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
    if (!(await photoViewerOf(user, id))) throw new ApiError("not_found", { key: "requestNotFound" });
    return Response.json({ photos: (await listRequestPhotos(id, part)).map((photo) => withLinks(id, photo)) });
  });
  return { GET, POST };
}
