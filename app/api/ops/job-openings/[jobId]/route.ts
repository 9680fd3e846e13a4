// GET /api/ops/job-openings/{job_id} – one opening, whatever its status (operators only)
// PUT /api/ops/job-openings/{job_id} – saves every field, naming the version it was based on; 409 with
//   the newer version when someone saved in between, 404 when the opening is gone. `nl` is the Dutch
//   version: every field to store it, null (or every field empty) to remove it, missing to keep it.
// DELETE /api/ops/job-openings/{job_id} – {password, version?}: removes a draft or closed opening
import { ApiError } from "@/lib/api/errors";
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { deleteOpening, getOpsOpening, toOpsPayload, updateOpening } from "@/lib/careers/console";
import { jobIdSchema } from "@/lib/careers/schemas";
import { z } from "zod";

type Params = { jobId: string };

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<Params>({
  GET: async ({ params }) => {
    const opening = await getOpsOpening(parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound"));
    if (!opening) throw new ApiError("not_found", { key: "jobOpeningNotFound" });
    return Response.json(toOpsPayload(opening));
  },

  PUT: async ({ req, params, operator }) => {
    const jobId = parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound");
    const opening = await updateOpening(operator, jobId, await parseJson(req, z.unknown()));
    return Response.json(toOpsPayload(opening));
  },

  DELETE: async ({ req, params, operator }) => {
    const jobId = parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound");
    const { jobId: deleted } = await deleteOpening(operator, jobId, await parseJson(req, z.unknown()));
    return Response.json({ deleted });
  },
});
