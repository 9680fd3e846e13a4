// GET    /api/requests/{requestId}/photos/{photoId}[?size=thumb] – the photo (or its 400 px thumbnail) for the homeowner, the handyman holding the request and operators (audited); 404 JSON to anyone else;
//        403 JSON to a request from another site (Sec-Fetch-Site cross-site or same-site), which could forge an operator's audited view
// DELETE /api/requests/{requestId}/photos/{photoId} – the homeowner removes a photo before the job is done; 204
import { z } from "zod";
import { parseParam, refuseFromAnotherSite, signedInAnswer, withErrors, withUser } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { photoResponse } from "@/lib/photos/http";
import { deleteRequestPhoto, readRequestPhoto } from "@/lib/photos/photos";
import { requestIdSchema } from "@/lib/requests/schemas";

type Params = { requestId: string; photoId: string };

const photoIdSchema = z.uuid();
const sizeSchema = z.enum(["full", "thumb"]);

export const GET = withErrors<Params>(async ({ req, params }) => {
  refuseFromAnotherSite(req);
  const requestId = parseParam(params.requestId, requestIdSchema, "photo.notFound");
  const photoId = parseParam(params.photoId, photoIdSchema, "photo.notFound");
  const size = parseParam(new URL(req.url).searchParams.get("size") ?? "full", sizeSchema, "photo.notFound");
  // Signed out is "not found" too: a photo's address tells a stranger nothing.
  const user = await getUserFromRequest(req);
  if (!user) throw new ApiError("not_found", { key: "photo.notFound" });
  const photo = await readRequestPhoto(user, requestId, photoId, size);
  const response = await signedInAnswer(req, photoResponse(photo, size === "thumb" ? `photo-${photoId}-thumb` : `photo-${photoId}`));
  // Only the browser that asked may keep it, and not on disk: never a shared cache.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
});

export const DELETE = withUser<Params>(async ({ params, user }) => {
  const requestId = parseParam(params.requestId, requestIdSchema, "photo.notFound");
  const photoId = parseParam(params.photoId, photoIdSchema, "photo.notFound");
  await deleteRequestPhoto(user, requestId, photoId);
  return new Response(null, { status: 204 });
});
