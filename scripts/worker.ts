// npm run worker — the background worker (lib/worker.ts: mail delivery, offer expiry) as its own process, beside web
// servers started with WORKER=off. PostgreSQL only: the embedded database belongs to one process, so
// there the worker runs inside `next start`/`next dev`. Stops cleanly on SIGTERM and SIGINT.
import { getConnection } from "../lib/db";
import { describeDatabaseError } from "../lib/db/errors";
import { parseEnv } from "../lib/env";
import { startWorker, stopWorker } from "../lib/worker";

async function main() {
  const env = parseEnv(process.env, { requireSecret: process.env.NODE_ENV === "production", generateSecret: false });
  if (!env.DATABASE_URL) {
    console.error("worker: DATABASE_URL is not set. On the embedded database the worker runs inside the web server (npm run dev / npm start).");
    process.exit(1);
  }
  await startWorker({ startAttempts: 6 });
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  console.info("[queue] stopping");
  await stopWorker();
  await (await getConnection()).close();
}

main().catch((error: unknown) => {
  console.error(`worker: ${describeDatabaseError(error)}`);
  process.exit(1);
});
