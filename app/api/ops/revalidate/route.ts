// POST /api/ops/revalidate – an operator expires the cached job openings on every instance (for a change
// made in SQL; the console's own saves expire them by themselves). 404 for anyone else.
import { CACHE_TAGS, revalidateJobOpenings } from "@/lib/cache";
import { operatorRoute } from "@/lib/ops/access";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  POST: async ({ operator }) => {
    revalidateJobOpenings();
    console.info(`[operator] job openings revalidated by user=${operator.id}`);
    return Response.json({ revalidated: [CACHE_TAGS.jobOpenings] });
  },
});
