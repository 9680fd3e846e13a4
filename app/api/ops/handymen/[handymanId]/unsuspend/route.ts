// POST /api/ops/handymen/{handymanId}/unsuspend – lifts a suspension (409 when not suspended); audited
import { parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { handymanIdSchema, unsuspendHandyman } from "@/lib/ops/handymen";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ handymanId: string }>({
  POST: async ({ params, operator }) => {
    const id = parseParam(params.handymanId, handymanIdSchema, "handymanNotFound");
    return Response.json({ handyman: await unsuspendHandyman(operator, id) });
  },
});
