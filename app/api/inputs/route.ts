// POST /api/inputs – store a new repair request for the signed-in user (idempotent on its id)
import { ApiError } from "@/lib/api/errors";
import { parseJson, withUser } from "@/lib/api/handler";
import { createRequest } from "@/lib/requests/queries";
import { createRequestBodySchema, fromCreateRequestBody, savedRequestBody } from "@/lib/requests/wire";

export const POST = withUser(async ({ req, user }) => {
  const { ownerEmail, request } = fromCreateRequestBody(await parseJson(req, createRequestBodySchema));
  if (ownerEmail !== user.email) {
    throw new ApiError("forbidden", { key: "ownAccountOnly" });
  }
  return Response.json(savedRequestBody(await createRequest(user, request)));
});
