// POST /api/ops/handymen/{handymanId}/invite – {"email"}: the handyman's account and a mailed set-password link; audited (409 when they have an account)
import { z } from "zod";
import { parseJson, parseParam } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { getRosterEntry, handymanIdSchema, inviteFromConsole } from "@/lib/ops/handymen";

const inviteBody = z.object({ email: z.string({ error: "Enter the handyman's email address." }).max(320, "That email address is too long.") });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ handymanId: string }>({
  POST: async ({ req, params, operator }) => {
    const id = parseParam(params.handymanId, handymanIdSchema, "handymanNotFound");
    const { email } = await parseJson(req, inviteBody);
    await inviteFromConsole(operator, id, email);
    return Response.json({ handyman: await getRosterEntry(id) }, { status: 201 });
  },
});
