// The Redis cache handler as two instances of the app use it: what one stores the other reads, with its
// lifetime; a tag or path revalidated on one is a miss on the other at once; a build never reads
// another build's entries. Two handler objects stand for the two instances: all they share is Redis.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import RedisCacheHandler, { closeCacheConnection } from "../../lib/cache/redis-cache-handler.mjs";
import { COMMAND_TIMEOUT_MS } from "../../lib/redis-connection.mjs";
import { redisSuiteTitle, testRedisUrl } from "../helpers/redis";

/** A build folder with its id and the routes it prerendered, as `next build` leaves it. */
function fakeBuild(buildId: string, routes: Record<string, { initialRevalidateSeconds: number | false }> = {}): string {
  const distDir = mkdtempSync(path.join(tmpdir(), "fixwell-cache-build-"));
  writeFileSync(path.join(distDir, "BUILD_ID"), buildId);
  writeFileSync(path.join(distDir, "prerender-manifest.json"), JSON.stringify({ routes }));
  return distDir;
}

const fetchEntry = (data: string) => ({ kind: "FETCH", data: { headers: {}, body: data, status: 200, url: "" }, revalidate: 300 });

describe.runIf(testRedisUrl())(redisSuiteTitle("the Redis cache handler shared by two instances"), () => {
  const builds: string[] = [];
  let instanceA: RedisCacheHandler;
  let instanceB: RedisCacheHandler;
  /** Tags of this run only: the tag times live in one hash shared by every build. */
  const tag = `test-${randomUUID()}`;

  function handlerFor(distDir: string) {
    return new RedisCacheHandler({ serverDistDir: path.join(distDir, "server") });
  }

  beforeAll(() => {
    const build = fakeBuild(`test-build-${randomUUID()}`);
    builds.push(build);
    instanceA = handlerFor(build);
    instanceB = handlerFor(build);
  });

  afterAll(async () => {
    await closeCacheConnection();
    for (const dir of builds) rmSync(dir, { recursive: true, force: true });
  });

  it("reads on one instance what the other stored, with the entry's lifetime", async () => {
    const key = `key-${randomUUID()}`;
    await instanceA.set(key, fetchEntry("from A"), { kind: "FETCH", tags: [tag], cacheControl: { revalidate: 300, expire: 3600 } });
    const entry = await instanceB.get(key, { kind: "FETCH", tags: [tag], softTags: [] });
    expect(entry?.value).toMatchObject({ kind: "FETCH", data: { body: "from A" } });
    expect(entry?.cacheControl).toEqual({ revalidate: 300, expire: 3600 });
    expect(entry?.lastModified).toBeGreaterThan(Date.now() - 60_000);
  });

  it("misses on every instance once a tag is revalidated on one, and serves what is stored after", async () => {
    const key = `key-${randomUUID()}`;
    await instanceA.set(key, fetchEntry("old"), { kind: "FETCH", tags: [tag] });
    expect(await instanceB.get(key, { kind: "FETCH", tags: [tag] })).not.toBeNull();

    await instanceA.revalidateTag(tag);
    expect(await instanceB.get(key, { kind: "FETCH", tags: [tag] })).toBeNull();
    expect(await instanceA.get(key, { kind: "FETCH", tags: [tag] })).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 5));
    await instanceB.set(key, fetchEntry("new"), { kind: "FETCH", tags: [tag] });
    expect((await instanceA.get(key, { kind: "FETCH", tags: [tag] }))?.value).toMatchObject({ data: { body: "new" } });
  });

  it("expires data read under a path when that path is revalidated (its soft tag)", async () => {
    const key = `key-${randomUUID()}`;
    const pathTag = `_N_T_/test-${randomUUID()}`;
    await instanceA.set(key, fetchEntry("under the path"), { kind: "FETCH", tags: [] });
    expect(await instanceB.get(key, { kind: "FETCH", tags: [], softTags: [pathTag] })).not.toBeNull();
    await instanceB.revalidateTag([pathTag]);
    expect(await instanceA.get(key, { kind: "FETCH", tags: [], softTags: [pathTag] })).toBeNull();
  });

  it("files a rendered response under the tags of its x-next-cache-tags header", async () => {
    const key = `/route-cache/APP_ROUTE/${randomUUID()}/$/api/thing`;
    const routeTag = `_N_T_/api/thing-${randomUUID()}`;
    const response = { kind: "APP_ROUTE", body: Buffer.from('{"ok":true}'), status: 200, headers: { "x-next-cache-tags": `_N_T_/layout,${routeTag}` } };
    await instanceA.set(key, response, { kind: "APP_ROUTE", cacheControl: { revalidate: false } });
    const stored = await instanceB.get(key, { kind: "APP_ROUTE" });
    expect(Buffer.isBuffer((stored?.value as { body: unknown }).body)).toBe(true);
    await instanceA.revalidateTag(routeTag);
    expect(await instanceB.get(key, { kind: "APP_ROUTE" })).toBeNull();
  });

  it("serves a page prerendered as static as built while Redis does not answer, rather than rendering it again", async () => {
    const build = fakeBuild(`test-build-${randomUUID()}`, { "/": { initialRevalidateSeconds: false } });
    builds.push(build);
    const handler = handlerFor(build);
    // The build's own files stand in for the page on disk; Redis itself is made to stop answering.
    const asBuilt = { lastModified: Date.now() - 60_000, value: { kind: "APP_PAGE", html: Buffer.from("<p>as built</p>") }, cacheControl: { revalidate: false } };
    (handler as unknown as { files: { get: () => Promise<typeof asBuilt> } }).files = { get: async () => asBuilt };
    const key = `/route-cache/APP_PAGE/${randomUUID()}/$/index`;
    expect((await handler.get(key, { kind: "APP_PAGE", tags: [], softTags: ["_N_T_/"] }))?.value).toMatchObject({ kind: "APP_PAGE" });

    const pauser = new Redis(testRedisUrl()!);
    try {
      // Every client's commands wait 2.5 s: longer than the handler's command timeout.
      await pauser.call("CLIENT", "PAUSE", "2500", "ALL");
      const started = Date.now();
      const entry = await handler.get(key, { kind: "APP_PAGE", tags: [], softTags: ["_N_T_/"] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS * 0.9);
      expect((entry?.value as { html: Buffer }).html.toString()).toBe("<p>as built</p>");
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 2_600));
      pauser.disconnect();
    }
  }, 15_000);

  it("never serves one build's entries to another", async () => {
    const key = `key-${randomUUID()}`;
    await instanceA.set(key, fetchEntry("old build"), { kind: "FETCH", tags: [] });
    const nextBuild = fakeBuild(`test-build-${randomUUID()}`);
    builds.push(nextBuild);
    expect(await handlerFor(nextBuild).get(key, { kind: "FETCH", tags: [] })).toBeNull();
  });
});
