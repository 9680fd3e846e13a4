// POST /api/requests/{requestId}/problem-photos – the homeowner adds one photo (multipart, field "photo") to their open problem report; 201 {"photo"}
// GET  /api/requests/{requestId}/problem-photos – the reported problem's photos (no bytes) for the homeowner, the handyman holding the job and operators
import { parseParam, withUser } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { readPhotoFromMultipart } from "@/lib/photos/http";
import { addRequestPhoto, listRequestPhotos, photoPath, photoViewerOf, type PhotoSummary } from "@/lib/photos/photos";
import { requestIdSchema } from "@/lib/requests/schemas";

const withLinks = (requestId: string, photo: PhotoSummary) => ({
  ...photo,
  url: photoPath(requestId, photo.id),
  thumbnailUrl: photoPath(requestId, photo.id, "thumb"),
});

export const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  const photo = await addRequestPhoto(user, id, () => readPhotoFromMultipart(req), "problem");
  return Response.json({ photo: withLinks(id, photo) }, { status: 201 });
});

export const GET = withUser<{ requestId: string }>(async ({ params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  if (!(await photoViewerOf(user, id))) throw new ApiError("not_found", { key: "requestNotFound" });
  return Response.json({ photos: (await listRequestPhotos(id, "problem")).map((photo) => withLinks(id, photo)) });
});
