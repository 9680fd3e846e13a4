// Runs once when a Next.js server process starts (`next start`, `next dev`): hands the database the
// sample rows it fills an empty embedded database with on first open (lib/sample-data.ts), and starts the
// background worker (lib/worker.ts) in that process, which also serves the pages, so on the embedded database the two
// share the one PGlite instance. Never in the edge runtime, and never during `next build` (which does
// not call this today; the guard keeps the build away from the database should that change).
// WORKER=off leaves the work to `npm run worker` (PostgreSQL only).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { seedOnFirstOpen } = await import("./lib/sample-data");
  seedOnFirstOpen();
  const { startWorkerInProcess } = await import("./lib/worker");
  startWorkerInProcess();
}
