// GET /api/account/export – the signed-in user's data (account and every request) as a JSON file to download
import { withUser } from "@/lib/api/handler";
import { exportAccountData } from "@/lib/account/export";

export const GET = withUser(async ({ user }) => {
  const data = await exportAccountData(user);
  const day = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="fixwell-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
});
