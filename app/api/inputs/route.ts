// POST /api/inputs – store a new repair request for the signed-in user (idempotent on input_id)
import { ApiError } from "@/lib/api/errors";
import { parseJson, withUser } from "@/lib/api/handler";
import { createInput } from "@/lib/inputs/queries";
import { createInputSchema } from "@/lib/validations/inputs";

export const POST = withUser(async ({ req, user }) => {
  const data = await parseJson(req, createInputSchema);
  if (data.user_email !== user.email) {
    throw new ApiError("forbidden", "You can only submit requests for your own account.");
  }
  const row = await createInput(user, data);
  return Response.json({ rows: [row] });
});
