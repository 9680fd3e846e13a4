// GET /api/input/{inputId} – one of the signed-in user's requests, as a one-item array
import { parseParam, withUser } from "@/lib/api/handler";
import { getInputForUserOrThrow } from "@/lib/inputs/queries";
import { inputIdSchema } from "@/lib/validations/inputs";

export const GET = withUser<{ inputId: string }>(async ({ params, user }) => {
  const inputId = parseParam(params.inputId, inputIdSchema, "That request");
  return Response.json([await getInputForUserOrThrow(user, inputId)]);
});
