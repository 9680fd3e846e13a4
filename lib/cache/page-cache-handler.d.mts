// Types of ./page-cache-handler.mjs, for the tests that import it (Next.js loads it by path).
import type { CacheContext, CachedEntry } from "./redis-cache-handler.mjs";

export function cachedPagePolicy(html: string): string;

export default class PageCacheHandler {
  constructor(ctx: { serverDistDir?: string; fs?: unknown; [key: string]: unknown });
  get(key: string, ctx?: CacheContext): Promise<CachedEntry | null>;
  set(key: string, data: unknown, ctx?: CacheContext): Promise<void>;
  revalidateTag(tags: string | string[], durations?: unknown): Promise<void>;
  resetRequestCache(): void;
}
