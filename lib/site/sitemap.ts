// The sitemaps search engines read: /sitemap.xml is a sitemap index (sitemaps.org) naming
// /sitemaps/pages.xml (the public pages and every published job opening) and /sitemaps/handymen/{n}.xml
// (the listed handymen's profiles, PROFILES_PER_SITEMAP to a file, n from 1, in register order).
//
// Nothing here is read from the database per request. The job openings come through the careers' cached
// read (lib/careers/queries.ts, expired at once by every change in the console). Where each file of
// profiles starts (the index), and each file's slugs, are kept in Next.js's data cache under the
// listed-profiles tag: approving an application, suspending a handyman or lifting it and erasing an
// account expire it at once (revalidateListedProfiles); a change made in SQL shows within
// SITEMAP_REFRESH_SECONDS. Only files the index names are read and kept: any other address is a 404
// that reads and keeps nothing.
import "server-only";
import { LOCALES } from "../../i18n/locales";
import { CACHE_TAGS, cachedRead } from "../cache";
import { listJobOpeningSummaries } from "../careers/queries";
import { listListedProfileSlugs, listedProfilePageStarts } from "../handymen/profile";
import { buildPagesSitemap, buildProfilesSitemap, sitemapIndexXml, sitemapXml } from "./seo";

/** Profiles per file: each is listed in every language, so a file has LOCALES.length times as many addresses. */
export const PROFILES_PER_SITEMAP = 5_000;

/** The longest a change made outside the app (in SQL) takes to reach the sitemaps. */
export const SITEMAP_REFRESH_SECONDS = 3_600;

/** The protocol's limit of addresses in one file, which no file of profiles passes, whatever happens between two readings of the index. */
export const MAX_ADDRESSES_PER_SITEMAP = 50_000;
const MAX_PROFILES_PER_FILE = Math.floor(MAX_ADDRESSES_PER_SITEMAP / LOCALES.length);

export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const PAGES_SITEMAP_PATH = "/sitemaps/pages.xml";
export const profilesSitemapPath = (page: number) => `/sitemaps/handymen/${page}.xml`;

type SitemapIndex = { builtAt: string; profilePageStarts: number[] };

const cacheOptions = { tags: [CACHE_TAGS.listedProfiles], revalidateSeconds: SITEMAP_REFRESH_SECONDS };

// The index is also filed under the openings' tag, so that its lastmod moves when an opening changes.
const readIndex = cachedRead(
  async (size: number): Promise<SitemapIndex> => ({ builtAt: new Date().toISOString(), profilePageStarts: await listedProfilePageStarts(size) }),
  ["sitemap", "index"],
  { ...cacheOptions, tags: [CACHE_TAGS.listedProfiles, CACHE_TAGS.jobOpenings] },
);

const readProfileSlugs = cachedRead(
  async (fromId: number | null, beforeId: number | null): Promise<string[]> => listListedProfileSlugs(fromId, beforeId, MAX_PROFILES_PER_FILE),
  ["sitemap", "profiles"],
  cacheOptions,
);

/** /sitemap.xml: the sitemap of pages and one of profiles per `size` listed profiles, each with its lastmod. */
export async function sitemapIndex(origin: string, size: number = PROFILES_PER_SITEMAP): Promise<string> {
  const { builtAt, profilePageStarts } = await readIndex(size);
  const profileFiles = profilePageStarts.map((_, i) => ({ url: `${origin}${profilesSitemapPath(i + 1)}`, lastModified: builtAt }));
  return sitemapIndexXml([{ url: `${origin}${PAGES_SITEMAP_PATH}`, lastModified: builtAt }, ...profileFiles]);
}

/** /sitemaps/pages.xml: the public pages and every published job opening, in both languages. */
export async function pagesSitemap(origin: string): Promise<string> {
  return sitemapXml(buildPagesSitemap(origin, await listJobOpeningSummaries()));
}

/** The page number in a file name such as "3.xml" (1 and up, no leading zero); null for anything else. */
export function profilesSitemapPage(fileName: string): number | null {
  const match = /^([1-9][0-9]{0,8})\.xml$/.exec(fileName);
  return match ? Number(match[1]) : null;
}

/**
 * /sitemaps/handymen/{fileName}: the profiles of that page, or null (404) when the name is not a page
 * the index has. The first file starts at the beginning of the register and the last runs to its end,
 * so a profile listed since the index was read is in one file, and no profile is in two.
 */
export async function profilesSitemap(origin: string, fileName: string, size: number = PROFILES_PER_SITEMAP): Promise<string | null> {
  const page = profilesSitemapPage(fileName);
  if (page === null) return null;
  const starts = (await readIndex(size)).profilePageStarts;
  if (page > starts.length) return null;
  const fromId = page === 1 ? null : starts[page - 1];
  const beforeId = page === starts.length ? null : starts[page];
  return sitemapXml(buildProfilesSitemap(origin, await readProfileSlugs(fromId, beforeId)));
}
