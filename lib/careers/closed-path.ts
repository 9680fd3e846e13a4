// The address of an opening's public page, as the proxy sees it. A closed opening's page answers 410
// Gone: the proxy (proxy.ts) sees a request for /job-openings/{job_id}, asks whether that opening has
// closed (./closed.ts), and if so lets the request through with status 410; the page, rendered on
// request, keeps that status and shows that the opening has closed. (Next.js has no gone() for pages;
// a rewrite to another page would do too, but the rewrite's absolute address breaks on a server bound
// to 127.0.0.1.) This module holds no database code, so the proxy loads it on every request at no cost.

import { splitLocale } from "../i18n/paths";

const OPENING_PAGE = /^\/job-openings\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** The job id of an opening's public page in either language (/job-openings/…, /nl/job-openings/…), else null. */
export function openingIdOfPath(pathname: string): string | null {
  const match = OPENING_PAGE.exec(splitLocale(pathname).path);
  return match && match[1].length <= 64 ? match[1] : null;
}
