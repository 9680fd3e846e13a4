// GET /api/account/export – the signed-in user's data (account and every request) as a JSON file to
// download, streamed as it is read (lib/account/export.ts, lib/api/json-stream.ts)
import { withUser } from "@/lib/api/handler";
import { jsonStream } from "@/lib/api/json-stream";
import { describeDatabaseError } from "@/lib/db/errors";
import { exportAccountData } from "@/lib/account/export";

export const GET = withUser(async ({ user }) => {
  const data = await exportAccountData(user);
  const day = data.exportedAt.slice(0, 10);
  // Once the first bytes are sent the status is 200; a failure after that cuts the download short (the
  // file is then not valid JSON, so it cannot be mistaken for a whole export) and is logged.
  const body = jsonStream(data, (error) => console.error(`[api] GET /api/account/export: the export stopped: ${describeDatabaseError(error)}`));
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="fixwell-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
});
