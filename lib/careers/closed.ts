// What an opening's public page answers, for the proxy's 410 and 404 (see ./closed-path.ts): read
// through the same cached lookup as the public pages, so it changes the moment an operator closes or
// republishes the opening. Should the cache not be reachable from the proxy, the status is read from
// the database directly.
import "server-only";
import { getDb } from "../db";
import { lookUpJobOpening, type PublicOpeningLookup } from "./queries";

export type OpeningPageStatus = PublicOpeningLookup["kind"];

/** published, gone (closed) or missing (unknown or a draft). */
export async function openingPageStatus(jobId: string): Promise<OpeningPageStatus> {
  try {
    return (await lookUpJobOpening(jobId)).kind;
  } catch {
    const row = await (await getDb()).jobOpening.findUnique({ where: { jobId }, select: { status: true } });
    if (row?.status === "closed") return "gone";
    return row?.status === "published" ? "published" : "missing";
  }
}

export async function isClosedOpening(jobId: string): Promise<boolean> {
  return (await openingPageStatus(jobId)) === "gone";
}
