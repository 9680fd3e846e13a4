// POST /api/inputs/{inputId}/criteria – save the criterion chosen for one of the user's requests
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { setInputCriterion } from "@/lib/inputs/queries";
import { chooseCriterionSchema, inputIdSchema } from "@/lib/validations/inputs";

export const POST = withUser<{ key: string }>(async ({ req, params, user }) => {
  const inputId = parseParam(params.key, inputIdSchema, "That request");
  const choice = await parseJson(req, chooseCriterionSchema);
  const row = await setInputCriterion(user, inputId, choice);
  return Response.json({ rows: [row] });
});
