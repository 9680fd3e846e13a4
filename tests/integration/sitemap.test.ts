// The sitemap against the test database, as search engines read it: /sitemap.xml is a sitemap index naming
// the pages' sitemap and one sitemap per page of listed profiles (the page size passed in, so that 3 makes
// many), every listed profile in exactly one of them and every file within the protocol's limit; an
// address that is no file the index names answers 404, never 500; and with Next.js's data cache in place,
// asking again for the index and every file reads the database no more, until the profiles' tag expires.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// What a Next.js server sets up before any of its code runs (next/dist/server/node-environment).
vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = AsyncLocalStorage;
});

import * as suspendRoute from "../../app/api/ops/handymen/[handymanId]/suspend/route";
import PageCacheHandler from "../../lib/cache/page-cache-handler.mjs";
import type { Connection } from "../../lib/db/connect";
import type { PrismaClient } from "../../lib/generated/prisma/client";
import { MAX_ADDRESSES_PER_SITEMAP, profilesSitemap, sitemapIndex } from "../../lib/site/sitemap";
import { getConnection } from "../../lib/db";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest, routeContext } from "../helpers/session";
import { locsOf, routeHandlerGet, sitemapContents, sitemapFiles } from "../helpers/sitemap";

const ORIGIN = "http://localhost:3000";
const SAMPLE_HANDYMEN = 39;

/** The sitemap as the lib builds it with `size` profiles a file, read through the index like a crawler. */
const withPageSize =
  (size: number) =>
  async (path: string): Promise<{ status: number; text: string }> => {
    if (path === "/sitemap.xml") return { status: 200, text: await sitemapIndex(ORIGIN, size) };
    const file = /^\/sitemaps\/handymen\/(.+)$/.exec(path)?.[1];
    if (file === undefined) return routeHandlerGet(path);
    const xml = await profilesSitemap(ORIGIN, file, size);
    return xml === null ? { status: 404, text: "" } : { status: 200, text: xml };
  };

async function listedSlugs(): Promise<string[]> {
  const rows = await (await getDb()).handyman.findMany({ where: { suspended: false, removedAt: null }, select: { slug: true } });
  return rows.map((row) => row.slug);
}

const profileUrls = (urls: string[]) => urls.filter((url) => url.includes("/pros/"));

beforeEach(async () => {
  await resetDatabase();
});

describe("the sitemap index", () => {
  it("splits 37 listed profiles into 13 files of at most 3, each profile in exactly one, in both languages", async () => {
    const db = await getDb();
    await db.handyman.update({ where: { id: 1 }, data: { suspended: true } });
    await db.handyman.update({ where: { id: 2 }, data: { removedAt: new Date() } });
    const get = withPageSize(3);

    const files = await sitemapFiles(get);
    expect(files).toEqual([`${ORIGIN}/sitemaps/pages.xml`, ...Array.from({ length: 13 }, (_, i) => `${ORIGIN}/sitemaps/handymen/${i + 1}.xml`)]);
    const index = await get("/sitemap.xml");
    expect(index.text.match(/<lastmod>[^<]+<\/lastmod>/g)).toHaveLength(files.length);

    const contents = await sitemapContents(get);
    const profileFiles = contents.filter((file) => file.file.startsWith("/sitemaps/handymen/"));
    for (const file of profileFiles) {
      expect(profileUrls(file.urls).length).toBeLessThanOrEqual(2 * 3);
      expect(file.urls.length).toBeLessThanOrEqual(MAX_ADDRESSES_PER_SITEMAP);
    }
    expect(profileUrls(contents[0].urls)).toEqual([]);

    const listed = await listedSlugs();
    expect(listed).toHaveLength(SAMPLE_HANDYMEN - 2);
    const all = profileFiles.flatMap((file) => file.urls);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(listed.flatMap((slug) => [`${ORIGIN}/pros/${slug}`, `${ORIGIN}/nl/pros/${slug}`]).sort());
    expect(all).not.toContain(`${ORIGIN}/pros/daan-1`);
  });

  it("names the pages' sitemap and one file of profiles at the site's own size, through the route handlers", async () => {
    const files = await sitemapFiles(routeHandlerGet);
    expect(files).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/handymen/1.xml`]);
    const contents = await sitemapContents(routeHandlerGet);
    expect(profileUrls(contents[1].urls)).toHaveLength(2 * SAMPLE_HANDYMEN);
    expect(contents[0].urls).toContain(`${ORIGIN}/job-openings/platform-engineer`);
    expect(contents[0].urls).toContain(`${ORIGIN}/nl/how-we-rank`);
  });

  it("gives each profile its other language as an hreflang alternate", async () => {
    const { text } = await routeHandlerGet("/sitemaps/handymen/1.xml");
    const entry = /<url>\n<loc>http:\/\/localhost:3000\/nl\/pros\/nina-18<\/loc>\n([\s\S]*?)<\/url>/.exec(text)?.[1] ?? "";
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="http://localhost:3000/pros/nina-18" />');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="nl" href="http://localhost:3000/nl/pros/nina-18" />');
  });

  it("names no file of profiles when no profile is listed, and the first one is then a 404", async () => {
    await (await getDb()).handyman.updateMany({ data: { suspended: true } });
    expect(await sitemapFiles(routeHandlerGet)).toEqual([`${ORIGIN}/sitemaps/pages.xml`]);
    expect((await routeHandlerGet("/sitemaps/handymen/1.xml")).status).toBe(404);
  });
});

describe("an address that is no file of profiles", () => {
  it.each(["abc.xml", "-1.xml", "0.xml", "2.xml", "01.xml", "1", "1.xml.xml", "1.5.xml", "99999999999999999999.xml", "9007199254740993.xml", "1e3.xml", "%20.xml"])(
    "answers /sitemaps/handymen/%s with 404",
    async (file) => {
      const response = await routeHandlerGet(`/sitemaps/handymen/${file}`);
      expect(response.status).toBe(404);
      expect(response.text).toBe("");
    },
  );

  it("answers the page past the last with 404 and the last with its profiles, at a page size of 3", async () => {
    const get = withPageSize(3);
    expect((await get("/sitemaps/handymen/13.xml")).status).toBe(200);
    expect(locsOf((await get("/sitemaps/handymen/13.xml")).text)).toHaveLength(2 * 3);
    expect((await get("/sitemaps/handymen/14.xml")).status).toBe(404);
  });
});

describe("the sitemap in Next.js's data cache", () => {
  const holder = globalThis as unknown as { __incrementalCache?: IncrementalCache; __fixwellConnection?: Promise<Connection> };
  const savedRedisUrl = process.env.REDIS_URL;
  let build: string;
  let realConnection: Promise<Connection> | undefined;
  let reads = 0;

  beforeAll(async () => {
    delete process.env.REDIS_URL;
    build = mkdtempSync(path.join(tmpdir(), "fixwell-sitemap-cache-"));
    writeFileSync(path.join(build, "BUILD_ID"), `sitemap-${randomUUID()}`);
    writeFileSync(path.join(build, "prerender-manifest.json"), JSON.stringify({ routes: {} }));
    holder.__incrementalCache = new IncrementalCache({
      fs: nodeFs,
      dev: false,
      flushToDisk: true,
      minimalMode: false,
      serverDistDir: path.join(build, "server"),
      requestHeaders: {},
      maxMemoryCacheSize: 50 * 1024 * 1024,
      previewProps: { previewModeId: "sitemap-test", previewModeSigningKey: "", previewModeEncryptionKey: "" },
      prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [] },
      CurCacheHandler: PageCacheHandler,
      allowedRevalidateHeaderKeys: [],
    } as unknown as ConstructorParameters<typeof IncrementalCache>[0]);
    // The app's own client, counting every query it sends (a Prisma query extension, on the real database).
    realConnection = holder.__fixwellConnection;
    const connection = await getConnection();
    const counting = connection.prisma.$extends({
      query: {
        $allModels: {
          async $allOperations({ args, query }) {
            reads += 1;
            return query(args);
          },
        },
      },
    });
    holder.__fixwellConnection = Promise.resolve({ ...connection, prisma: counting as unknown as PrismaClient });
  });

  afterAll(() => {
    holder.__fixwellConnection = realConnection;
    delete holder.__incrementalCache;
    if (savedRedisUrl !== undefined) process.env.REDIS_URL = savedRedisUrl;
    rmSync(build, { recursive: true, force: true });
  });

  /** One crawl: the index and every file it names, at a page size of 3 (14 files). */
  async function crawl(): Promise<string> {
    const contents = await sitemapContents(withPageSize(3));
    expect(contents).toHaveLength(14);
    return JSON.stringify(contents) + (await withPageSize(3)("/sitemap.xml")).text;
  }

  it("reads the database for the first crawl only, five crawls in a row, until a suspension expires the profiles' tag", async () => {
    reads = 0;
    const first = await crawl();
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(existsSync(path.join(build, "cache", "fetch-cache")) && readdirSync(path.join(build, "cache", "fetch-cache")).length).toBeGreaterThan(0);

    for (let i = 0; i < 5; i++) expect(await crawl()).toBe(first);
    expect(reads).toBe(afterFirst);

    // An invalid address reads nothing either (the cached index answers it).
    expect((await withPageSize(3)("/sitemaps/handymen/15.xml")).status).toBe(404);
    expect(reads).toBe(afterFirst);

    // A change made in SQL waits for the cache's hour: the next crawl is still the cached one.
    const db = await getDb();
    const { slug: changedInSql } = await db.handyman.update({ where: { id: 3 }, data: { suspended: true }, select: { slug: true } });
    const operator = await createSignedInOperator();
    const beforeSqlCrawl = reads;
    expect(await crawl()).toBe(first);
    expect(reads).toBe(beforeSqlCrawl);

    // Suspending a handyman in the console expires the profiles' tag (revalidateListedProfiles): the next
    // crawl reads again, and neither handyman is listed any more.
    const suspended = await suspendRoute.POST(
      apiRequest("POST", "/api/ops/handymen/1/suspend", { cookie: operator.cookie, body: { password: OPERATOR_PASSWORD } }),
      routeContext({ handymanId: "1" }),
    );
    expect(suspended.status).toBe(200);
    const beforeExpiredCrawl = reads;
    const urls = (await sitemapContents(withPageSize(3))).flatMap((file) => file.urls);
    expect(reads).toBeGreaterThan(beforeExpiredCrawl);
    expect(urls).not.toContain(`${ORIGIN}/pros/daan-1`);
    expect(urls).not.toContain(`${ORIGIN}/pros/${changedInSql}`);
    expect(profileUrls(urls)).toHaveLength(2 * (SAMPLE_HANDYMEN - 2));
  });
});
