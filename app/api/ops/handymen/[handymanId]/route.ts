// GET /api/ops/handymen/{handymanId} – one handyman of the roster
// PATCH /api/ops/handymen/{handymanId} – a new hourly price (euros) and/or trades: {"hourlyPrice"?, "taskTypes"? (the set) or "taskType"? (one, replacing the set)}; audited
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { editHandyman, getRosterEntry, handymanEditSchema, handymanIdSchema } from "@/lib/ops/handymen";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ handymanId: string }>({
  GET: async ({ params }) => {
    const id = parseParam(params.handymanId, handymanIdSchema, "handymanNotFound");
    return Response.json({ handyman: await getRosterEntry(id) });
  },

  PATCH: async ({ req, params, operator }) => {
    const id = parseParam(params.handymanId, handymanIdSchema, "handymanNotFound");
    const edit = await parseJson(req, handymanEditSchema);
    return Response.json({ handyman: await editHandyman(operator, id, edit) });
  },
});
