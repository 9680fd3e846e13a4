// Strangers cannot fill the data cache: a thousand made-up opening ids, asked for through the API
// (/api/job-openings/{id}) and through the page's path (the proxy's lookup, the page and its metadata,
// in both languages), leave Next.js's data cache exactly as large as before, over the file cache of a
// server without Redis and, when there is one, over Redis. A miss is never kept; an opening that exists
// still is, and a closed one still answers 410 from the cache.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import type { ReactElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// What a Next.js server sets up before any of its code runs (next/dist/server/node-environment).
vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = AsyncLocalStorage;
});
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "careers.fixwell.test" }) }));
vi.mock("next/server", () => ({ connection: async () => undefined }));

import JobOpeningPage, { generateMetadata } from "../../app/[locale]/(marketing)/job-openings/[jobId]/page";
import { GET as getOpening } from "../../app/api/job-openings/[jobId]/route";
import PageCacheHandler from "../../lib/cache/page-cache-handler.mjs";
import { closeCacheConnection } from "../../lib/cache/redis-cache-handler.mjs";
import { openingPageStatus } from "../../lib/careers/closed";
import { getDb, resetDatabase } from "../helpers/db";
import { redisSuiteTitle, testRedisUrl } from "../helpers/redis";

const RANDOM_IDS = 1_000;
const KNOWN = "platform-engineer";

/** A made-up id the job id schema accepts (lower-case words joined by hyphens), never a real one. */
const madeUpId = () => `no-${randomBytes(6).toString("hex")}`;

function askApi(jobId: string): Promise<Response> {
  return getOpening(new Request(`http://localhost:3000/api/job-openings/${jobId}`), { params: Promise.resolve({ jobId }) });
}

/** What a visit to /job-openings/{id} (or /nl/…) reads: the proxy's lookup, the page's metadata and the page. */
async function visitPage(jobId: string, locale: "en" | "nl"): Promise<{ status: string; element: ReactElement }> {
  const status = await openingPageStatus(jobId);
  await generateMetadata({ params: Promise.resolve({ jobId, locale }) });
  const element = (await JobOpeningPage({ params: Promise.resolve({ jobId, locale }) })) as ReactElement;
  return { status, element };
}

type Store = { title: string; redis: boolean };

const stores: Store[] = [
  { title: "on the file cache (a server without Redis)", redis: false },
  { title: redisSuiteTitle("on Redis (REDIS_URL)"), redis: true },
];

const holder = globalThis as unknown as { __incrementalCache?: unknown };

describe.each(stores)("a flood of made-up opening ids $title", ({ redis }) => {
  // Without a Redis to test on, the Redis case is listed (its title says why) and skipped.
  if (redis && !testRedisUrl()) {
    it.skip("keeps the cache as large as it was after 1,000 unknown ids through the API and the page, in both languages", () => {});
    return;
  }
  const savedRedisUrl = process.env.REDIS_URL;
  let build: string;
  let buildId: string;
  let redisClient: Redis | undefined;

  /** Entries of this build's data cache: files of the fetch cache, or keys in Redis. */
  async function cacheSize(): Promise<number> {
    if (redisClient) return (await redisClient.keys(`fixwell:cache:${buildId}:entry:*`)).length;
    const folder = path.join(build, "cache", "fetch-cache");
    return existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith(".")).length : 0;
  }

  beforeAll(() => {
    if (redis) process.env.REDIS_URL = testRedisUrl();
    else delete process.env.REDIS_URL;
    build = mkdtempSync(path.join(tmpdir(), "fixwell-cache-flood-"));
    buildId = `flood-${randomUUID()}`;
    writeFileSync(path.join(build, "BUILD_ID"), buildId);
    writeFileSync(path.join(build, "prerender-manifest.json"), JSON.stringify({ routes: {} }));
    if (redis) redisClient = new Redis(testRedisUrl()!, { lazyConnect: false });
    // The cache a Next.js server gives unstable_cache, with the app's own handler behind it.
    holder.__incrementalCache = new IncrementalCache({
      fs: nodeFs,
      dev: false,
      flushToDisk: true,
      minimalMode: false,
      serverDistDir: path.join(build, "server"),
      requestHeaders: {},
      maxMemoryCacheSize: 50 * 1024 * 1024,
      previewProps: { previewModeId: "flood-test", previewModeSigningKey: "", previewModeEncryptionKey: "" },
      prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [] },
      CurCacheHandler: PageCacheHandler,
      allowedRevalidateHeaderKeys: [],
    } as unknown as ConstructorParameters<typeof IncrementalCache>[0]);
  });

  afterAll(async () => {
    delete holder.__incrementalCache;
    if (redisClient) {
      const keys = await redisClient.keys(`fixwell:cache:${buildId}:*`);
      if (keys.length > 0) await redisClient.del(...keys);
      redisClient.disconnect();
      await closeCacheConnection();
    }
    if (savedRedisUrl === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = savedRedisUrl;
    rmSync(build, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await resetDatabase();
  });

  it("keeps the cache as large as it was after 1,000 unknown ids through the API and the page, in both languages", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "growth-marketer" }, data: { status: "closed", closedAt: new Date() } });
    // What real visitors leave behind: the index of ids, the openings that exist, a closed one's answer,
    expect((await askApi(KNOWN)).status).toBe(200);
    expect((await visitPage(KNOWN, "nl")).status).toBe("published");
    expect((await askApi("growth-marketer")).status).toBe(410);
    expect((await visitPage("growth-marketer", "en")).status).toBe("gone");
    // and one old link's 404 page, whose marker "answer, do not keep" every such page shares.
    expect((await visitPage(madeUpId(), "en")).status).toBe("missing");
    const before = await cacheSize();
    expect(before).toBeGreaterThan(0);

    for (let i = 0; i < RANDOM_IDS; i++) {
      const jobId = madeUpId();
      if (i % 2 === 0) {
        expect((await askApi(jobId)).status).toBe(404);
      } else {
        const { status } = await visitPage(jobId, i % 4 === 1 ? "en" : "nl");
        expect(status).toBe("missing");
      }
    }

    expect(await cacheSize()).toBe(before);
    // The openings that exist are still answered, from what is kept.
    expect((await askApi(KNOWN)).status).toBe(200);
    expect((await askApi("growth-marketer")).status).toBe(410);
    expect(await cacheSize()).toBe(before);
  });
});
