// POST /api/ops/handymen/{handymanId}/suspend – {"password"}: never matched or offered again until unsuspended; their unanswered offers go to the next handyman; audited
import { z } from "zod";
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { handymanIdSchema, suspendHandyman } from "@/lib/ops/handymen";

const suspendBody = z.object({ password: z.unknown().optional() });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ handymanId: string }>({
  POST: async ({ req, params, operator }) => {
    const id = parseParam(params.handymanId, handymanIdSchema, "handymanNotFound");
    const { password } = await parseJson(req, suspendBody);
    const { handyman, movedRequests } = await suspendHandyman(operator, id, password);
    return Response.json({ handyman, movedRequests });
  },
});
