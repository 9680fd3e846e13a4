// GET /api/health – liveness plus a database round trip, answered within about two seconds either way.
import { getDb } from "@/lib/db";
import { describeDatabaseError } from "@/lib/db/errors";

export const dynamic = "force-dynamic";

const DATABASE_CHECK_TIMEOUT_MS = 1_500;

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    const db = await Promise.race([getDb(), timeout]);
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
    return true;
  } catch (error) {
    console.error(`[health] database unreachable: ${describeDatabaseError(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function GET(): Promise<Response> {
  const ok = await databaseAnswers();
  return Response.json(
    { status: ok ? "ok" : "degraded", database: ok ? "ok" : "unreachable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
