// The cache handler every server uses (lib/cache/page-cache-handler.mjs): a page regenerated at run time
// gets the Content-Security-Policy of its own inline scripts, on the very object its first answer is sent
// from and on every answer served from the cache; only the scripts Next.js and React write are allowed;
// the page of an unknown opening is answered but not kept; a page stored without a policy (as `next
// build` writes the careers pages) is not served; a static page is served as built. Over Next.js's own
// file cache (a server without Redis) and, when there is one, over Redis.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import PageCacheHandler, { cachedPagePolicy } from "../../lib/cache/page-cache-handler.mjs";
import { closeCacheConnection } from "../../lib/cache/redis-cache-handler.mjs";
import { hashSource } from "../../lib/security/policy.mjs";
import { redisSuiteTitle, testRedisUrl } from "../helpers/redis";

const TURBOPACK = `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["/_next/static/chunks/a.js"]});`;
const FIRST_PUSH = `(self.__next_f=self.__next_f||[]).push([0])`;
const PAYLOAD = `self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])`;
const JSON_LD = `{"@context":"https://schema.org","@type":"JobPosting","title":"Plumber"}`;
const FOREIGN = `alert(document.cookie)`;

function pageHtml(role: string): string {
  return [
    `<!DOCTYPE html><html lang="en"><head><script src="/_next/static/chunks/a.js" async=""></script>`,
    `<script id="_R_">${TURBOPACK}</script></head><body><h1>${role}</h1>`,
    `<script type="application/ld+json">${JSON_LD}</script>`,
    `<script>${FIRST_PUSH}</script><script>${PAYLOAD}</script><script>self.__next_f.push([1,"${role}"])</script>`,
    `</body></html>`,
  ].join("");
}

/** An App Router page as Next.js hands it to the cache, with the tags of its render. */
function pageEntry(role: string, tags: string[] = ["job-openings"]) {
  return {
    kind: "APP_PAGE",
    html: pageHtml(role),
    rscData: Buffer.from(`0:{"role":"${role}"}`),
    headers: { "x-next-cache-tags": tags.join(","), "x-nextjs-stale-time": "300" } as Record<string, string>,
    postponed: undefined,
    status: undefined,
    segmentData: undefined,
  };
}

const REGENERATED = { kind: "APP_PAGE", cacheControl: { revalidate: 300, expire: 31536000 } };
const pageKey = (pathname: string) => `/route-cache/APP_PAGE/${randomUUID().replaceAll("-", "")}/$${pathname}`;

/** A build folder with its id and the routes it prerendered, as `next build` leaves it. */
function fakeBuild(routes: Record<string, { initialRevalidateSeconds: number | false }>): string {
  const distDir = mkdtempSync(path.join(tmpdir(), "fixwell-page-cache-"));
  writeFileSync(path.join(distDir, "BUILD_ID"), `build-${randomUUID()}`);
  writeFileSync(path.join(distDir, "prerender-manifest.json"), JSON.stringify({ routes }));
  return distDir;
}

function scriptSources(policy: string): string[] {
  const directive = policy.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src "));
  return directive?.split(" ").slice(1) ?? [];
}

describe("the page policy written for a page kept in the cache", () => {
  it("allows exactly the scripts Next.js, Turbopack and React write, and no other", () => {
    const html = pageHtml("Plumber") + `<script>${FOREIGN}</script><script>self.alert(1);self.__next_f.push([1,""])</script>`;
    const sources = scriptSources(cachedPagePolicy(html));
    expect(sources).toEqual(
      expect.arrayContaining(["'self'", hashSource(TURBOPACK), hashSource(FIRST_PUSH), hashSource(PAYLOAD), hashSource(`self.__next_f.push([1,"Plumber"])`)]),
    );
    expect(sources).toHaveLength(5);
    expect(sources).not.toContain(hashSource(FOREIGN));
    expect(sources).not.toContain(hashSource(JSON_LD));
    expect(sources.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
  });

  it("keeps the rest of the site's policy", () => {
    const policy = cachedPagePolicy(pageHtml("Plumber"));
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});

function handlerSuite(title: string, redis: boolean) {
  describe(title, () => {
    const saved = process.env.REDIS_URL;
    const folders: string[] = [];
    let build: string;

    // As Next.js makes one for every request: the server's folder, its file system, written to disk.
    const handler = () => new PageCacheHandler({ serverDistDir: path.join(build, "server"), fs: nodeFs, flushToDisk: true, revalidatedTags: [] });

    beforeAll(() => {
      if (redis) process.env.REDIS_URL = testRedisUrl();
      else delete process.env.REDIS_URL;
      build = fakeBuild({ "/en/ourstory": { initialRevalidateSeconds: false }, "/en/job-openings": { initialRevalidateSeconds: 300 } });
      folders.push(build);
    });

    afterEach(() => {
      delete process.env.NEXT_PHASE;
    });

    afterAll(async () => {
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
      if (redis) await closeCacheConnection();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });

    it("puts the policy on the object the first answer is sent from, and on every answer from the cache", async () => {
      const key = pageKey("/en/job-openings");
      const entry = pageEntry("Plumber");
      await handler().set(key, entry, REGENERATED);
      const policy = entry.headers["content-security-policy"];
      expect(scriptSources(policy)).toContain(hashSource(`self.__next_f.push([1,"Plumber"])`));
      expect(entry.headers["x-next-cache-tags"]).toBe("job-openings");

      const served = (await handler().get(key, { kind: "APP_PAGE", tags: [], softTags: [] })) as { value: ReturnType<typeof pageEntry> } | null;
      expect(served?.value.headers["content-security-policy"]).toBe(policy);
      expect(served?.value.html).toBe(entry.html);
    });

    it("gives a page regenerated with other content the hashes of its new scripts", async () => {
      const key = pageKey("/en/job-openings");
      await handler().set(key, pageEntry("Plumber"), REGENERATED);
      const changed = pageEntry("Electrician");
      await handler().set(key, changed, REGENERATED);
      const served = (await handler().get(key, { kind: "APP_PAGE" })) as { value: ReturnType<typeof pageEntry> } | null;
      const sources = scriptSources(served!.value.headers["content-security-policy"]);
      expect(sources).toContain(hashSource(`self.__next_f.push([1,"Electrician"])`));
      expect(sources).not.toContain(hashSource(`self.__next_f.push([1,"Plumber"])`));
    });

    it("answers a page rendered as not to be kept with its policy, and keeps nothing of it", async () => {
      const key = pageKey("/en/job-openings/astronaut");
      const entry = pageEntry("Page not found", ["job-openings", "fixwell-not-kept"]);
      await handler().set(key, entry, REGENERATED);
      expect(entry.headers["content-security-policy"]).toContain("'sha256-");
      expect(await handler().get(key, { kind: "APP_PAGE" })).toBeNull();
    });

    it("does not serve a page kept without a policy, as `next build` writes the careers pages", async () => {
      const key = pageKey("/en/job-openings");
      process.env.NEXT_PHASE = "phase-production-build";
      const built = pageEntry("No openings yet");
      await handler().set(key, built, REGENERATED);
      expect(built.headers["content-security-policy"]).toBeUndefined();
      // At build time the build's own copy is what the build reads.
      expect(await handler().get(key, { kind: "APP_PAGE" })).not.toBeNull();
      delete process.env.NEXT_PHASE;
      expect(await handler().get(key, { kind: "APP_PAGE" })).toBeNull();
    });

    it("serves a page prerendered as static as it is, its policy coming from the build's header rules", async () => {
      const key = pageKey("/en/ourstory");
      const staticPage = pageEntry("Our story");
      await handler().set(key, staticPage, { kind: "APP_PAGE", cacheControl: { revalidate: false } });
      expect(staticPage.headers["content-security-policy"]).toBeUndefined();
      const served = (await handler().get(key, { kind: "APP_PAGE" })) as { value: ReturnType<typeof pageEntry> } | null;
      expect(served?.value.html).toContain("Our story");
    });

    it("keeps what the proxy reads through the handler Next.js makes for it (no folder, no memory limit) until its tag expires", async () => {
      // The proxy's own cache: Next.js gives its handler nothing but the request's headers. Without a
      // store it kept nothing, and the proxy read each opening's status from the database every time.
      const proxyHandler = () => new PageCacheHandler({ revalidatedTags: [], _requestHeaders: {} });
      const tag = `opening-${randomUUID()}`;
      const key = `proxy-data-${randomUUID()}`;
      const data = { kind: "FETCH", data: { headers: {}, body: '{"kind":"gone"}', status: 200, url: "" }, revalidate: 300 };
      const context = { kind: "FETCH", fetchCache: true, tags: [tag], softTags: [] };
      await proxyHandler().set(key, data, { ...context, cacheControl: { revalidate: 300 } } as never);
      const served = (await proxyHandler().get(key, context as never)) as { value: typeof data } | null;
      expect(served?.value.data.body).toBe('{"kind":"gone"}');

      // An edit expires the tag (lib/cache/index.ts) a moment after the value was kept.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await proxyHandler().revalidateTag([tag], { expire: 0 });
      expect(await proxyHandler().get(key, context as never)).toBeNull();
    });

    it("leaves data and route answers as they are", async () => {
      const key = `data-${randomUUID()}`;
      const data = { kind: "FETCH", data: { headers: {}, body: "[1,2]", status: 200, url: "" }, revalidate: 300 };
      await handler().set(key, data, { kind: "FETCH", fetchCache: true, tags: ["job-openings"], cacheControl: { revalidate: 300 } } as never);
      expect(data.data.headers).toEqual({});
      const served = (await handler().get(key, { kind: "FETCH", fetchCache: true, tags: ["job-openings"], softTags: [] } as never)) as { value: typeof data } | null;
      expect(served?.value.data.body).toBe("[1,2]");
    });
  });
}

handlerSuite("the page cache handler over Next.js's file cache (no Redis)", false);
describe.runIf(testRedisUrl())(redisSuiteTitle("the page cache handler over Redis"), () => {
  handlerSuite("shared by every instance", true);
});
