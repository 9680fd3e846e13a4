// Whether an opening has closed, for the proxy's 410 (see ./closed-path.ts): read through the same cached
// lookup as the public pages, so it changes the moment an operator closes or republishes the opening.
// Should the cache not be reachable from the proxy, the status is read from the database directly.
import "server-only";
import { getDb } from "../db";
import { lookUpJobOpening } from "./queries";

export async function isClosedOpening(jobId: string): Promise<boolean> {
  try {
    return (await lookUpJobOpening(jobId)).kind === "gone";
  } catch {
    const row = await (await getDb()).jobOpening.findUnique({ where: { jobId }, select: { status: true } });
    return row?.status === "closed";
  }
}
