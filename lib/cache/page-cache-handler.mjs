// @ts-check
// Next.js's incremental cache, as every server of the app uses it: in Redis shared by every instance
// when REDIS_URL is set (./redis-cache-handler.mjs), otherwise on this server's disk (Next.js's own
// file-system cache). next.config.ts names this file as `cacheHandler` for `next build` and `next start`.
//
// On top of the store it gives every page regenerated at run time (the careers pages, kept by
// incremental static regeneration) its own Content-Security-Policy. Such a page is served from the cache
// to many visitors, so its scripts cannot carry a per-request nonce, and its inline scripts (React's
// payload for the router) change with its content, so no hash recorded at build time fits them. When
// Next.js hands a freshly rendered page to `set`, the handler hashes the inline scripts Next.js and React
// wrote into it (lib/security/policy.mjs, frameworkScriptHashes) and writes the policy into the page's
// own headers, which Next.js sends with every answer served from that entry. The page's first answer is
// sent from the very object Next.js hands to `set` (Next.js 16's response cache stores the entry and then
// answers from it), so it carries the policy too; `get` refuses a page without one (one prerendered at
// build time, or stored by an older build), which is then rendered again.
//
// - Only pages Next.js may regenerate (a number of seconds to revalidate after) get a policy; a page
//   prerendered as static keeps the header rules of its build (lib/security/static-page-headers.ts).
// - A page rendered under the tag "fixwell-not-kept" (lib/cache/index.ts, doNotKeepThisPage: the page of
//   an unknown opening) gets its policy and is not kept: unknown addresses would otherwise fill the cache.
// - `next build` writes its pages without a policy: a careers page rendered then holds no openings
//   (the build reads no database) and is rendered again on its first request.
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { buildCsp, frameworkScriptHashes } from "../security/policy.mjs";
import RedisCacheHandler, { buildOf, pathOfResponseKey } from "./redis-cache-handler.mjs";

/** @type {new (ctx: any) => any} */
const FileSystemCache = /** @type {any} */ (fileSystemCacheModule).default ?? fileSystemCacheModule;

const POLICY_HEADER = "content-security-policy";
const TAGS_HEADER = "x-next-cache-tags";
const NOT_KEPT_TAG = "fixwell-not-kept";

/** Whether this process is `next build`. */
function building() {
  return process.env.NEXT_PHASE === "phase-production-build";
}

/** The policy of a page rendered at run time, from its HTML. */
export function cachedPagePolicy(/** @type {string} */ html) {
  return buildCsp({ scriptSources: frameworkScriptHashes(html), development: false, https: false });
}

/** Whether `value` is a rendered App Router page that may be regenerated (not one prerendered as static). */
function regeneratedPage(/** @type {any} */ value, /** @type {any} */ ctx) {
  const revalidate = ctx?.cacheControl?.revalidate;
  return value?.kind === "APP_PAGE" && typeof value.html === "string" && typeof revalidate === "number" && revalidate > 0;
}

/** Whether the page was rendered under NOT_KEPT_TAG (its tags are a header of the rendered page). */
function notKept(/** @type {any} */ value) {
  const tags = value?.headers?.[TAGS_HEADER];
  const list = typeof tags === "string" ? tags.split(",") : Array.isArray(tags) ? tags : [];
  return list.includes(NOT_KEPT_TAG);
}

function hasPolicy(/** @type {any} */ value) {
  const policy = value?.headers?.[POLICY_HEADER];
  return typeof policy === "string" && policy.length > 0;
}

/** Next.js's default limit of its in-memory cache (`cacheMaxMemorySize`), in bytes. */
const DEFAULT_MEMORY_CACHE_BYTES = 50 * 1024 * 1024;

/**
 * The file cache's settings. The proxy's cache (Next.js makes one for it, with no folder and no memory
 * limit) would otherwise keep nothing, and the proxy's lookups through it (is this opening closed?)
 * would read the database on every request. Given a memory limit it shares the process's in-memory
 * store with the pages (Next.js keeps one per process), and its entries expire with the same tags.
 */
function fileCacheContext(/** @type {any} */ ctx) {
  if (ctx?.maxMemoryCacheSize) return ctx;
  return { ...ctx, maxMemoryCacheSize: DEFAULT_MEMORY_CACHE_BYTES, flushToDisk: false };
}

export default class PageCacheHandler {
  /** @param {any} ctx */
  constructor(ctx) {
    this.store = process.env.REDIS_URL ? new RedisCacheHandler(ctx) : new FileSystemCache(fileCacheContext(ctx));
    this.staticPaths = buildOf(ctx?.serverDistDir).staticPaths;
  }

  /**
   * @param {string} key
   * @param {any} [ctx]
   */
  async get(key, ctx) {
    const entry = await this.store.get(key, ctx);
    if (building() || entry?.value?.kind !== "APP_PAGE") return entry;
    // A page that is not static and has no policy was not stored by this handler at run time.
    const pathname = pathOfResponseKey(key);
    if (pathname !== undefined && this.staticPaths.has(pathname)) return entry;
    return hasPolicy(entry.value) ? entry : null;
  }

  /**
   * @param {string} key
   * @param {any} data
   * @param {any} [ctx]
   */
  async set(key, data, ctx) {
    if (!building() && regeneratedPage(data, ctx)) {
      // The same object answers the request that rendered it: the policy goes on it before anything else.
      data.headers = { ...(data.headers ?? {}), [POLICY_HEADER]: cachedPagePolicy(data.html) };
      if (notKept(data)) return;
    }
    await this.store.set(key, data, ctx);
  }

  /** @param {string | string[]} tags @param {any} [durations] */
  async revalidateTag(tags, durations) {
    await this.store.revalidateTag(tags, durations);
  }

  resetRequestCache() {
    this.store.resetRequestCache?.();
  }
}
