// GET /api/ops/handymen – the roster: every handyman with city, trade, hourly price, rating, availability and account state (operators only)
import { withOperator } from "@/lib/ops/access";
import { listRoster } from "@/lib/ops/handymen";

export const GET = withOperator(async () => Response.json({ handymen: await listRoster() }));
