// Whether this code runs inside `next build`, which reads no database (see docs/operations.md on PGlite): a page
// kept in the cache that the build renders anyway gets no data then, and its copy is never served
// (lib/cache/page-cache-handler.mjs).
import { PHASE_PRODUCTION_BUILD } from "next/constants";

export function duringBuild(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}
