// The proxy and the careers pages: a closed opening's page goes on with 410; an unknown one's (or a
// draft's, or an id no opening could have) with 404, and the page draws the not-found content itself;
// a published one's as it is. Served from Next.js's cache, a careers page brings its own policy: the
// proxy adds none and hands Next.js no nonce, unless the visitor has a session (rendered on request).
import { NextRequest } from "next/server";
import { rmSync } from "node:fs";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// A build's folder holding only its draft-mode id, which the proxy needs to have a visitor with a
// session rendered on request (lib/security/session-render.ts); the tests run before any build.
const build = await vi.hoisted(async () => {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const distDir = mkdtempSync(path.join(tmpdir(), "fixwell-proxy-build-"));
  writeFileSync(path.join(distDir, "prerender-manifest.json"), JSON.stringify({ preview: { previewModeId: "test-draft-mode-id" } }));
  const before = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = distDir;
  return { distDir, before };
});

afterAll(() => {
  if (build.before === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = build.before;
  rmSync(build.distDir, { recursive: true, force: true });
});
import { proxy } from "../../proxy";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInUser } from "../helpers/session";

/** The policy the proxy hands Next.js on the request (where Next.js reads the nonce from). */
const forwardedPolicy = (response: Response) => response.headers.get("x-middleware-request-content-security-policy");
const visit = (path: string, init?: ConstructorParameters<typeof NextRequest>[1]) => proxy(new NextRequest(`http://localhost:3000${path}`, init));

describe("the proxy and an opening's page", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it.each([
    ["an unknown id", "/job-openings/astronaut"],
    ["an unknown id, in Dutch", "/nl/job-openings/astronaut"],
    ["an id with upper case", "/job-openings/Platform-Engineer"],
    ["an id with encoded path characters", "/job-openings/..%2F..%2Fetc%2Fpasswd"],
    ["an id with SQL", `/job-openings/${encodeURIComponent("' OR '1'='1")}`],
    ["a 10,000-character id", `/job-openings/${"a".repeat(10_000)}`],
  ])("lets the page of %s through with 404 and no policy of its own", async (_case, path) => {
    const response = await visit(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(forwardedPolicy(response)).toBeNull();
  });

  it("answers a draft's page 404 like an unknown one", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "platform-engineer" }, data: { status: "draft" } });
    const response = await visit("/job-openings/platform-engineer");
    expect(response.status).toBe(404);
  });

  it("lets a published opening's page through as it is, and drops a policy a client sends for Next.js", async () => {
    const response = await visit("/job-openings/platform-engineer", { headers: { "content-security-policy": "script-src 'nonce-chosen-by-client'" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(forwardedPolicy(response)).toBeNull();
    expect(response.headers.get("x-middleware-override-headers")?.split(",")).not.toContain("content-security-policy");
  });

  it("gives a careers page a nonce policy when the visitor has a session (rendered on request)", async () => {
    const { cookie } = await createSignedInUser();
    const response = await visit("/nl/job-openings", { headers: { cookie } });
    const policy = response.headers.get("content-security-policy");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(forwardedPolicy(response)).toBe(policy);
  });

  it("serves a careers page from the cache to a cookie that only bears the session's name", async () => {
    const response = await visit("/nl/job-openings", { headers: { cookie: "next-auth.session-token=anything" } });
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(forwardedPolicy(response)).toBeNull();
  });

  it("answers a closed opening's page 410", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "platform-engineer" }, data: { status: "closed", closedAt: new Date() } });
    const response = await visit("/nl/job-openings/platform-engineer");
    expect(response.status).toBe(410);
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("leaves the list, other pages and other methods alone", async () => {
    for (const [path, method] of [
      ["/job-openings", "GET"],
      ["/job-openings/astronaut/more", "GET"],
      ["/job-openings/astronaut", "POST"],
    ] as const) {
      const response = await visit(path, { method });
      expect(response.status, `${method} ${path}`).not.toBe(404);
      expect(response.status, `${method} ${path}`).not.toBe(410);
    }
  });
});
