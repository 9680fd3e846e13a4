// POST /api/requests/{requestId}/reschedule – move the preferred day (after acceptance: ask the handyman for it)
import { parseJson, parseParam, withUser } from "@/lib/api/handler";
import { getRequestDetailsOrThrow } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";
import { changeDate } from "@/lib/requests/workflow";
import { rescheduleSchema } from "@/lib/validations/request-steps";

export const POST = withUser<{ requestId: string }>(async ({ req, params, user }) => {
  const id = parseParam(params.requestId, requestIdSchema, "requestNotFound");
  const { date, state } = await parseJson(req, rescheduleSchema);
  await changeDate(user, id, date, state);
  return Response.json({ request: await getRequestDetailsOrThrow(user, id) });
});
