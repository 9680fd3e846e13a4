// GET /api/requests/{requestId}/door-photo – the photo of the door a handyman reported a no-show with
// (lib/requests/no-show.ts), re-encoded without metadata: for the homeowner, the handyman holding the job and
// operators (audited); 404 JSON to anyone else and where there is none; 403 JSON from another site.
import { parseParam, refuseFromAnotherSite, signedInAnswer, withErrors } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { photoResponse } from "@/lib/photos/http";
import { readDoorPhoto } from "@/lib/requests/no-show";
import { requestIdSchema } from "@/lib/requests/schemas";

type Params = { requestId: string };

export const GET = withErrors<Params>(async ({ req, params }) => {
  refuseFromAnotherSite(req);
  const requestId = parseParam(params.requestId, requestIdSchema, "photo.notFound");
  const user = await getUserFromRequest(req);
  if (!user) throw new ApiError("not_found", { key: "photo.notFound" });
  const photo = await readDoorPhoto(user, requestId);
  const response = await signedInAnswer(req, photoResponse(photo, `door-${requestId}`));
  response.headers.set("Cache-Control", "private, no-store");
  return response;
});
