// GET /api/ops/job-openings – every opening, drafts and closed ones included, with its languages (operators only)
// POST /api/ops/job-openings – a new draft, with an optional Dutch version `nl` (every field, or none);
//   409 when the job id is taken
import { parseJson } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { createOpening, listOpsOpenings, toOpsPayload, toOpsSummaryPayload } from "@/lib/careers/console";
import { z } from "zod";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async () => Response.json((await listOpsOpenings()).map(toOpsSummaryPayload)),

  POST: async ({ req, operator }) => {
    const opening = await createOpening(operator, await parseJson(req, z.unknown()));
    return Response.json(toOpsPayload(opening), { status: 201 });
  },
});
