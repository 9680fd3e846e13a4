// POST /api/inputs/{inputId}/criteria – save the criterion chosen for one of the user's repair requests and offer the request to the handyman it picks
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { chooseCriterion } from "@/lib/requests/workflow";
import { requestIdSchema } from "@/lib/requests/schemas";
import { chooseCriterionBodySchema, fromChooseCriterionBody, savedRequestBody } from "@/lib/requests/wire";

export const POST = withUser<{ key: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.key, requestIdSchema, "requestNotFound");
  const choice = fromChooseCriterionBody(await parseJson(req, chooseCriterionBodySchema));
  return Response.json(savedRequestBody(await chooseCriterion(user, id, choice)));
});
