// POST /api/ops/job-openings/{job_id}/publish – a draft or closed opening goes public; {version?}
import { parseJson, parseParam } from "@/lib/api/handler";
import { withOperator } from "@/lib/ops/access";
import { publishOpening, toOpsPayload } from "@/lib/ops/job-openings";
import { jobIdSchema } from "@/lib/validations/job-openings";
import { z } from "zod";

export const POST = withOperator<{ jobId: string }>(async ({ req, params, operator }) => {
  const jobId = parseParam(params.jobId, jobIdSchema, "That job opening");
  const opening = await publishOpening(operator, jobId, await parseJson(req, z.unknown()));
  return Response.json(toOpsPayload(opening));
});
