// Pages whose rendering writes something (an operator's audited view, a thread marked read) ask here whether
// the visitor came from another site; see comesFromAnotherSite in ./same-origin.ts.
import "server-only";
import { headers } from "next/headers";
import { comesFromAnotherSite } from "./same-origin";

/** Whether this page was opened from another site (Sec-Fetch-Site cross-site or same-site). */
export async function pageOpenedFromAnotherSite(): Promise<boolean> {
  return comesFromAnotherSite(await headers());
}
