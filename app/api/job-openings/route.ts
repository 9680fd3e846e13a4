// GET /api/job-openings – every job opening, as an array
import { withErrors } from "@/lib/api/handler";
import { PUBLIC_CACHE_CONTROL, toJobOpeningPayload } from "@/lib/careers/payload";
import { listJobOpenings } from "@/lib/careers/queries";

export const GET = withErrors(async () => {
  const openings = await listJobOpenings();
  return Response.json(openings.map(toJobOpeningPayload), {
    headers: { "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
});
