// GET /api/input/{inputId} – one of the signed-in user's repair requests, as a one-item array
import { parseParam, withUser } from "@/lib/api/handler";
import { getRequestForUserOrThrow } from "@/lib/requests/queries";
import { requestIdSchema } from "@/lib/requests/schemas";
import { toRequestRow } from "@/lib/requests/wire";

export const GET = withUser<{ inputId: string }>(async ({ params, user }) => {
  const id = parseParam(params.inputId, requestIdSchema, "requestNotFound");
  return Response.json([toRequestRow(await getRequestForUserOrThrow(user, id))]);
});
