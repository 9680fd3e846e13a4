// Data the app keeps in Next.js's cache, and the one way to expire it. The cache is on the local disk of
// one server, or in Redis shared by every instance when REDIS_URL is set (./redis-cache-handler.mjs),
// so an expiry here reaches every instance at once.
import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";

/** The tags cached data is filed under. */
export const CACHE_TAGS = {
  /** Every job opening read (list, detail, API, sitemap). */
  jobOpenings: "job-openings",
  /** Which handymen's profiles are public (the sitemap's lists of profiles, lib/site/sitemap.ts). */
  listedProfiles: "listed-profiles",
  /** A page rendered with it is answered but not kept (lib/cache/page-cache-handler.mjs). */
  notKept: "fixwell-not-kept",
} as const;

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/** Whether this code runs inside a Next.js server, which is what gives it a cache to read through. */
function insideNextServer(): boolean {
  return "__incrementalCache" in globalThis;
}

/**
 * `read` through Next.js's data cache, filed under `tags` and read again after `revalidateSeconds` at
 * the latest (for changes made outside the app, e.g. in SQL). The result must survive JSON, as it is
 * stored that way. Scripts and tests, which run without a Next.js server, read directly.
 */
export function cachedRead<A extends unknown[], R>(
  read: (...args: A) => Promise<R>,
  keyParts: string[],
  { tags, revalidateSeconds }: { tags: CacheTag[]; revalidateSeconds: number },
): (...args: A) => Promise<R> {
  const cached = unstable_cache(read, keyParts, { tags, revalidate: revalidateSeconds });
  return (...args: A) => (insideNextServer() ? cached(...args) : read(...args));
}

const notKept = unstable_cache(async () => true, ["fixwell-not-kept"], { tags: [CACHE_TAGS.notKept] });

/**
 * Keeps the page being rendered out of Next.js's cache: it is answered, and rendered again on the next
 * request. For what many addresses would otherwise fill the cache with, such as the page of an unknown
 * job opening. The tag it reads under reaches the page's tags, which the cache handler checks.
 */
export async function doNotKeepThisPage(): Promise<void> {
  if (insideNextServer()) await notKept();
}

/**
 * Expires the cached job openings on every instance: the next request reads the database again. Call it
 * from the server action or route handler that changed an opening (the operator console), after the
 * change is committed.
 */
export function revalidateJobOpenings(): void {
  revalidateTag(CACHE_TAGS.jobOpenings, { expire: 0 });
}

type ServerCache = { revalidateTag(tags: string[], durations: { expire?: number }): Promise<void> };

/**
 * Expires the cached lists of public profiles (the sitemap's) on every instance. Call it after the
 * change that listed or unlisted a profile is committed (approval, suspension and its end, erasure).
 * It goes to the server's cache itself rather than through revalidateTag, which would also have the
 * console's page that posted the change rendered again under the form's feet (the page shows nothing
 * of the sitemap). Scripts and tests, which run without a Next.js server, have no cache to expire. A
 * cache that cannot be reached is logged, not the change's failure: the lists expire within the hour.
 */
export async function revalidateListedProfiles(): Promise<void> {
  if (!insideNextServer()) return;
  try {
    await (globalThis as unknown as { __incrementalCache: ServerCache }).__incrementalCache.revalidateTag([CACHE_TAGS.listedProfiles], { expire: 0 });
  } catch (error) {
    console.error(`[cache] expiring ${CACHE_TAGS.listedProfiles} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
