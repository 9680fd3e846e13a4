// GET /api/job-openings/{job_id} – an array holding the one opening; 404 for an unknown or malformed id
import { ApiError } from "@/lib/api/errors";
import { parseParam, withErrors } from "@/lib/api/handler";
import { PUBLIC_CACHE_CONTROL, toJobOpeningPayload } from "@/lib/careers/payload";
import { getJobOpening } from "@/lib/careers/queries";
import { jobIdSchema } from "@/lib/validations/job-openings";

const NOT_FOUND = "That job opening";

export const GET = withErrors<{ jobId: string }>(async ({ params }) => {
  const jobId = parseParam(params.jobId, jobIdSchema, NOT_FOUND);
  const opening = await getJobOpening(jobId);
  if (!opening) throw new ApiError("not_found", `${NOT_FOUND} was not found.`);
  return Response.json([toJobOpeningPayload(opening)], {
    headers: { "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
});
