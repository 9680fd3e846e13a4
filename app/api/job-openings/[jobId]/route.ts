// GET /api/job-openings/{job_id} – an array holding the one published opening; 410 for one that has
// closed; 404 for an unknown or malformed id and for a draft
import { ApiError } from "@/lib/api/errors";
import { parseParam, withErrors } from "@/lib/api/handler";
import { PUBLIC_CACHE_CONTROL, toJobOpeningPayload } from "@/lib/careers/payload";
import { lookUpJobOpening } from "@/lib/careers/queries";
import { jobIdSchema } from "@/lib/careers/schemas";

export const GET = withErrors<{ jobId: string }>(async ({ params }) => {
  const jobId = parseParam(params.jobId, jobIdSchema, "jobOpeningNotFound");
  const found = await lookUpJobOpening(jobId);
  if (found.kind === "gone") throw new ApiError("gone", { key: "jobOpeningClosed" });
  if (found.kind !== "published") throw new ApiError("not_found", { key: "jobOpeningNotFound" });
  return Response.json([toJobOpeningPayload(found.opening)], {
    headers: { "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
});
