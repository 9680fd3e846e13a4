// Types of ./redis-cache-handler.mjs, for the tests that import it (Next.js loads it by path).
export function encodeValue(value: unknown): string;
export function decodeValue(text: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The page path of a response's cache key (`/route-cache/<kind>/<hash>/$/index` is `/`), or undefined. */
export function pathOfResponseKey(key: string): string | undefined;

/** The build's id and the paths it prerendered as static pages (read once per folder). */
export function buildOf(serverDistDir: string | undefined): { id: string; staticPaths: Set<string> };

export type CacheContext = { kind?: string; tags?: string[]; softTags?: string[]; cacheControl?: { revalidate?: number | false; expire?: number } };
export type CachedEntry = { lastModified: number; value: unknown; cacheControl?: { revalidate?: number | false; expire?: number } };

export default class RedisCacheHandler {
  constructor(ctx: { serverDistDir?: string; fs?: unknown; [key: string]: unknown });
  get(key: string, ctx?: CacheContext): Promise<CachedEntry | null>;
  set(key: string, data: unknown, ctx?: CacheContext): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

/** Closes this process's cache connection (tests and scripts). */
export function closeCacheConnection(): Promise<void>;
