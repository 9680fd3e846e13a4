// GET /api/ops/handymen – the roster: every handyman with cities, trades, hourly price, rating, availability and account state (operators only)
import { operatorRoute } from "@/lib/ops/access";
import { listRoster } from "@/lib/ops/handymen";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute({
  GET: async () => Response.json({ handymen: await listRoster() }),
});
