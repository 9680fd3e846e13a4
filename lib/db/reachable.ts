// Whether the database answers, asked by proxy.ts before a page that needs it (a signed-in visitor's:
// the session is looked up first) is rendered: when it does not, the visitor gets the 503 page
// (./unavailable-page.ts) at once instead of a render that fails with 500. One `SELECT 1` at a time per
// process, its answer kept for a second, so a busy instance asks about once a second and a visitor
// waits at most DATABASE_PROBE_TIMEOUT_MS during an outage.
import "server-only";
import { databaseAnswers } from "./readiness";

/** How long one answer stands, in ms. */
const ANSWER_KEPT_MS = 1_000;
/** How long the probe may take: a database slower than this for `SELECT 1` cannot render a page either. */
export const DATABASE_PROBE_TIMEOUT_MS = 1_000;

const state = globalThis as unknown as { __fixwellDbProbe?: { at: number; answer: Promise<boolean> } };

export function databaseReachable(now = Date.now()): Promise<boolean> {
  const last = state.__fixwellDbProbe;
  if (last && now - last.at < ANSWER_KEPT_MS) return last.answer;
  const answer = databaseAnswers(DATABASE_PROBE_TIMEOUT_MS, "db");
  state.__fixwellDbProbe = { at: now, answer };
  return answer;
}
