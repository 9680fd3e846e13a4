// POST /api/ops/job-openings/{job_id}/close – a published opening closes (its page answers 410); {password, version?}
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { closeOpening, toOpsPayload } from "@/lib/careers/console";
import { jobIdSchema } from "@/lib/careers/schemas";
import { z } from "zod";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ jobId: string }>({
  POST: async ({ req, params, operator }) => {
    const jobId = parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound");
    const opening = await closeOpening(operator, jobId, await parseJson(req, z.unknown()));
    return Response.json(toOpsPayload(opening));
  },
});
