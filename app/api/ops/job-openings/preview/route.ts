// POST /api/ops/job-openings/preview – {format, requirements, benefits, nl?: {requirements, benefits}} → for
// each rich field (and the Dutch ones when given) the HTML the public page would show and what sanitising
// removed, in plain words. Writes nothing.
import { parseJson } from "@/lib/api/handler";
import { operatorRoute } from "@/lib/ops/access";
import { previewRichFields } from "@/lib/careers/console";
import { z } from "zod";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  POST: async ({ req }) => Response.json(previewRichFields(await parseJson(req, z.unknown()))),
});
