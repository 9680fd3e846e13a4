// The addresses of the careers pages, as the proxy sees them. Two answers come from the proxy, because
// Next.js cannot give them from a page:
// - A closed opening's page answers 410 Gone: the proxy (proxy.ts) sees a request for
//   /job-openings/{job_id}, asks whether that opening has closed (./closed.ts), and if so lets the
//   request through with status 410; the page keeps that status and shows that the opening has closed.
//   (Next.js has no gone() for pages; a rewrite to another page would do too, but the rewrite's absolute
//   address breaks on a server bound to 127.0.0.1.)
// - An unknown opening's page (an old link, a typing mistake) answers 404 with the not-found page drawn
//   on the server: the proxy lets the request through with status 404, and the page, finding no such
//   opening, shows the not-found content itself. A page calling notFound() would get the same status,
//   but Next.js sends such a page as an empty shell the browser fills in (vercel/next.js#62228).
// The careers pages are kept in Next.js's cache with a policy of their own (isCachedCareersPath).
// This module holds no database code, so the proxy loads it on every request at no cost.

import { splitLocale } from "../i18n/paths";

const OPENING_PAGE = /^\/job-openings\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const ANY_OPENING_PAGE = /^\/job-openings\/[^/]+\/?$/;

/** The job id of an opening's public page in either language (/job-openings/…, /nl/job-openings/…), else null. */
export function openingIdOfPath(pathname: string): string | null {
  const match = OPENING_PAGE.exec(splitLocale(pathname).path);
  return match && match[1].length <= 64 ? match[1] : null;
}

/** Whether `pathname` is an opening's page in either language, whatever the id (a malformed one too). */
export function isOpeningPagePath(pathname: string): boolean {
  return ANY_OPENING_PAGE.test(splitLocale(pathname).path);
}

/**
 * Whether `pathname` is a careers page (the list or an opening's page, in either language): pages kept in
 * Next.js's cache, whose Content-Security-Policy comes with the cached page (lib/cache/page-cache-handler.mjs).
 */
export function isCachedCareersPath(pathname: string): boolean {
  const { path } = splitLocale(pathname);
  return path === "/job-openings" || path === "/job-openings/" || ANY_OPENING_PAGE.test(path);
}
