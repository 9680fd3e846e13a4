// @ts-check
// Next.js's incremental cache in Redis, shared by every instance of the app: rendered pages and route
// responses, and data read through unstable_cache (lib/cache/index.ts). next.config.ts names this file
// as `cacheHandler` when REDIS_URL is set; without it, Next.js keeps its cache on the local disk.
//
// Next.js imports this module itself, outside the app's bundles, so it is plain JavaScript.
//
// - Entries live under the build's id (fixwell:cache:<build id>:entry:<key>), so a new build never
//   reads what an older one rendered, and expire after at most 14 days (their own lifetime if shorter).
// - Invalidation is a time per tag in one hash shared by every build (fixwell:cache:tags): revalidateTag
//   and revalidatePath (whose path tags Next.js passes as "soft tags") record Redis's clock, and an
//   entry stored before its tags' time is a miss, on every instance at once. Every revalidation expires
//   at once; none serves stale content while it renders again.
// - Times come from Redis's clock, so instances whose clocks differ still agree on what is older.
// - Pages `next build` prerendered as static are served as built: on a miss, the build's own file is
//   read through Next.js's file-system cache (an internal module). Rendered again at run time, such a
//   page would differ in its inline scripts from the hashes the build recorded for its
//   Content-Security-Policy.
// - Redis down or slow is a cache miss, never an error: the page is rendered as if nothing were cached,
//   except a page prerendered as static, which is then served as built.
import { readFileSync } from "node:fs";
import path from "node:path";
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { connectRedis } from "../redis-connection.mjs";

/** @type {new (ctx: any) => { get(key: string, ctx: any): Promise<any> }} */
const FileSystemCache = /** @type {any} */ (fileSystemCacheModule).default ?? fileSystemCacheModule;

const PREFIX = "fixwell:cache:";
const TAGS_KEY = `${PREFIX}tags`;
const MAX_TTL_SECONDS = 14 * 24 * 60 * 60;
const MIN_TTL_SECONDS = 60;
const TAGS_HEADER = "x-next-cache-tags";

// SET the entry prefixed with Redis's time in milliseconds, so the write and its timestamp are one step.
const SET_WITH_TIME = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('SET', KEYS[1], ms .. '|' .. ARGV[1], 'EX', ARGV[2])
return ms`;

// Records Redis's time for every tag given. The hash does not expire: a prerendered page revalidated
// once must never be served from the build again; it holds one field per tag ever revalidated.
const REVALIDATE_TAGS = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
for i = 1, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], ms) end
return ms`;

/** @type {{ __fixwellCacheRedis?: import("ioredis").Redis, __fixwellCacheRedisOpened?: Promise<boolean> }} */
const holder = /** @type {any} */ (globalThis);

/** One connection per process; Next.js makes a handler for every request. */
function connection() {
  if (!holder.__fixwellCacheRedis) {
    const url = process.env.REDIS_URL;
    if (!url) throw new Error("The Redis cache handler needs REDIS_URL");
    const client = connectRedis(url, "fixwell-cache");
    holder.__fixwellCacheRedis = client;
    // The first requests wait for the first connection (or its failure, five seconds at most); later
    // outages do not make anyone wait.
    holder.__fixwellCacheRedisOpened = new Promise((resolve) => {
      const settle = (/** @type {boolean} */ opened) => {
        clearTimeout(timer);
        client.off("ready", onReady);
        client.off("error", onError);
        resolve(opened);
      };
      const onReady = () => settle(true);
      const onError = () => settle(false);
      const timer = setTimeout(onError, 5_000);
      client.once("ready", onReady);
      client.once("error", onError);
    });
  }
  return holder.__fixwellCacheRedis;
}

/** Whether commands can be sent now, after waiting for the first connection if it is still being made. */
async function ready(/** @type {import("ioredis").Redis} */ client) {
  if (client.status === "ready") return true;
  await holder.__fixwellCacheRedisOpened;
  return client.status === "ready";
}

/** Closes this process's connection (tests and scripts; a server keeps it until it exits). */
export async function closeCacheConnection() {
  const client = holder.__fixwellCacheRedis;
  holder.__fixwellCacheRedis = undefined;
  holder.__fixwellCacheRedisOpened = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}

/** @type {Map<string, { id: string, staticPaths: Set<string> }>} */
const builds = new Map();

/** The build's id (BUILD_ID beside the server folder) and the paths it prerendered as static pages. */
export function buildOf(/** @type {string | undefined} */ serverDistDir) {
  const dir = serverDistDir ?? "";
  let build = builds.get(dir);
  if (!build) {
    try {
      const id = readFileSync(path.join(dir, "..", "BUILD_ID"), "utf8").trim();
      /** @type {{ routes?: Record<string, { initialRevalidateSeconds?: number | false }> }} */
      const manifest = JSON.parse(readFileSync(path.join(dir, "..", "prerender-manifest.json"), "utf8"));
      const staticPaths = Object.entries(manifest.routes ?? {}).filter(([, route]) => route.initialRevalidateSeconds === false);
      build = { id, staticPaths: new Set(staticPaths.map(([pathname]) => pathname)) };
    } catch {
      build = { id: "unbuilt", staticPaths: new Set() };
    }
    builds.set(dir, build);
  }
  return build;
}

/**
 * The page path of a response's cache key, `/route-cache/<kind>/<route hash>/$<page path>` with `/` as
 * `/index` (Next.js's normalizePagePath); undefined for other keys.
 */
export function pathOfResponseKey(/** @type {string} */ key) {
  const marker = key.indexOf("/$/");
  if (!key.startsWith("/route-cache/") || marker === -1) return undefined;
  const page = key.slice(marker + 2);
  if (page === "/index") return "/";
  return page.startsWith("/index/") ? page.slice("/index".length) : page;
}

/** JSON that keeps Buffers (rendered RSC payloads, route bodies, images) and Maps (segment data). */
export function encodeValue(/** @type {unknown} */ value) {
  return JSON.stringify(value, function (key, plain) {
    const original = this[key];
    if (original instanceof Uint8Array) return { $buffer: Buffer.from(original).toString("base64") };
    if (original instanceof Map) return { $map: [...original.entries()] };
    return plain;
  });
}

export function decodeValue(/** @type {string} */ text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
      if (keys.length === 1 && Array.isArray(value.$map)) return new Map(value.$map);
    }
    return value;
  });
}

/** The tags an entry is invalidated by: fetch and unstable_cache tags, and those of a rendered response. */
function tagsOf(/** @type {any} */ data, /** @type {any} */ ctx) {
  const tags = new Set([...(ctx?.tags ?? []), ...(Array.isArray(data?.tags) ? data.tags : [])]);
  const header = data?.headers?.[TAGS_HEADER];
  for (const tag of typeof header === "string" ? header.split(",") : Array.isArray(header) ? header : []) {
    if (tag) tags.add(tag);
  }
  return [...tags];
}

function ttlOf(/** @type {any} */ ctx) {
  const expire = ctx?.cacheControl?.expire;
  if (typeof expire !== "number" || !Number.isFinite(expire)) return MAX_TTL_SECONDS;
  return Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, Math.ceil(expire)));
}

let lastWarned = 0;
function warn(/** @type {string} */ what, /** @type {unknown} */ error) {
  if (Date.now() - lastWarned < 60_000) return;
  lastWarned = Date.now();
  console.warn(`[cache] ${what} failed, serving without the shared cache: ${error instanceof Error ? error.message : String(error)}`);
}

export default class RedisCacheHandler {
  /** @param {{ serverDistDir?: string }} ctx */
  constructor(ctx) {
    this.build = buildOf(ctx?.serverDistDir);
    this.entryPrefix = `${PREFIX}${this.build.id}:entry:`;
    this.redis = connection();
    this.files = new FileSystemCache(ctx);
  }

  /**
   * @param {string} key
   * @param {{ kind?: string, tags?: string[], softTags?: string[] }} [ctx]
   */
  async get(key, ctx) {
    // Redis slow or down is a miss for what Redis holds, never an error. A page prerendered as static is
    // then still served as built: rendered again, its inline scripts would no longer match the hashes
    // the build recorded for its Content-Security-Policy, and the browser would refuse to run them.
    let entry = null;
    let fromRedis = false;
    try {
      entry = await this.stored(key);
      fromRedis = entry !== null;
    } catch (error) {
      warn("reading the cache", error);
    }
    try {
      entry ??= await this.built(key, ctx);
    } catch (error) {
      warn("reading the build's pages", error);
      return null;
    }
    if (!entry) return null;
    const tags = [...new Set([...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
    if (tags.length > 0 && this.redis.status === "ready") {
      try {
        const revalidatedAt = await this.redis.hmget(TAGS_KEY, ...tags);
        if (revalidatedAt.some((time) => time !== null && Number(time) >= entry.lastModified)) return null;
      } catch (error) {
        warn("reading the revalidation times", error);
        // Whether it was revalidated cannot be told: an entry from Redis is rendered afresh, a page as
        // built is served as built (see above).
        if (fromRedis) return null;
      }
    }
    return { lastModified: entry.lastModified, value: entry.value, ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}) };
  }

  /** The entry in Redis, or null. */
  async stored(/** @type {string} */ key) {
    if (!(await ready(this.redis))) return null;
    const stored = await this.redis.get(this.entryPrefix + key);
    if (!stored) return null;
    const bar = stored.indexOf("|");
    const entry = decodeValue(stored.slice(bar + 1));
    return { lastModified: Number(stored.slice(0, bar)), value: entry.value, tags: /** @type {string[]} */ (entry.tags), cacheControl: entry.cacheControl };
  }

  /** The page `next build` prerendered as static for `key`, or null (nothing else is read from disk). */
  async built(/** @type {string} */ key, /** @type {{ kind?: string } | undefined} */ ctx) {
    if (ctx?.kind !== "APP_PAGE" && ctx?.kind !== "APP_ROUTE") return null;
    const pathname = pathOfResponseKey(key);
    if (pathname === undefined || !this.build.staticPaths.has(pathname)) return null;
    const found = await this.files.get(key, ctx);
    if (!found?.value) return null;
    return { lastModified: found.lastModified, value: found.value, tags: tagsOf(found.value, undefined), cacheControl: found.cacheControl };
  }

  /**
   * @param {string} key
   * @param {unknown} data
   * @param {{ tags?: string[], cacheControl?: { revalidate?: number | false, expire?: number } }} [ctx]
   */
  async set(key, data, ctx) {
    if (!(await ready(this.redis))) return;
    try {
      const entry = encodeValue({ value: data, tags: tagsOf(data, ctx), cacheControl: ctx?.cacheControl });
      await this.redis.eval(SET_WITH_TIME, 1, this.entryPrefix + key, entry, ttlOf(ctx));
    } catch (error) {
      warn("writing the cache", error);
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const list = (typeof tags === "string" ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    try {
      await ready(this.redis);
      await this.redis.eval(REVALIDATE_TAGS, 1, TAGS_KEY, ...list);
    } catch (error) {
      // Other instances cannot be told: say so loudly, the edit itself has been saved.
      console.error(`[cache] could not revalidate ${list.join(", ")} on the other instances: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  resetRequestCache() {}
}
