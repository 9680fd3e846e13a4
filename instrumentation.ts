// Runs once when a Next.js server process starts (`next start`, `next dev`, the standalone server): starts
// the payments stand-in when payments are test payments and no provider is named (lib/payments/stand-in/beside.ts), hands
// the database the sample rows it fills an empty embedded database with on first open (lib/sample-data.ts),
// starts the background worker (lib/worker.ts) in that process, which also serves the pages, so on the
// embedded database the two share the one PGlite instance, and, except under `next dev`, warms the server (lib/warm-up.ts):
// /api/health/ready answers 503 "warming" until its own hot routes have been asked once. Never in the
// edge runtime, and never during `next build` (which does not call this today; the guard keeps the build
// away from the database should that change).
// WORKER=off leaves the work to `npm run worker` (PostgreSQL only).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // First, before anything reads the environment: test payments without a provider get the stand-in.
  const { startStandInBeside } = await import("./lib/payments/stand-in/beside");
  await startStandInBeside();
  const { seedOnFirstOpen } = await import("./lib/sample-data");
  seedOnFirstOpen();
  const { startWorkerInProcess } = await import("./lib/worker");
  startWorkerInProcess();
  // `next dev` compiles each route when it is first asked: warming would compile them all at start.
  if (process.env.NODE_ENV === "development") return;
  const { startWarmUp } = await import("./lib/warm-up");
  const { getDb } = await import("./lib/db");
  startWarmUp(async () => (await getDb()).$queryRaw`SELECT 1`);
}
