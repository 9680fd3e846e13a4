// POST /api/ops/job-openings/{job_id}/delete – the same as DELETE /api/ops/job-openings/{job_id}, for clients that cannot send DELETE with a body; {password, version?}
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { deleteOpening } from "@/lib/careers/console";
import { jobIdSchema } from "@/lib/careers/schemas";
import { z } from "zod";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ jobId: string }>({
  POST: async ({ req, params, operator }) => {
    const jobId = parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound");
    const { jobId: deleted } = await deleteOpening(operator, jobId, await parseJson(req, z.unknown()));
    return Response.json({ deleted });
  },
});
