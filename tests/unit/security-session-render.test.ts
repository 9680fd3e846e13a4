// Visitors with a session get pages rendered on demand (so the header shows them signed in), everyone
// else the prerendered page: the proxy adds the build's draft-mode cookie to the forwarded request only
// when a session token this site issued is present (a cookie that only bears the name is not enough),
// never trusts a draft-mode cookie the client sent, and the page policy switches
// from the build's script hashes to a fresh nonce for such a render.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";

const DRAFT_ID = "0123456789abcdef0123456789abcdef";

beforeAll(() => {
  const dist = mkdtempSync(path.join(tmpdir(), "fixwell-dist-"));
  writeFileSync(path.join(dist, "prerender-manifest.json"), JSON.stringify({ preview: { previewModeId: DRAFT_ID } }));
  writeFileSync(path.join(dist, "csp-static-hashes.json"), JSON.stringify({ "/": ["'sha256-abc='"] }));
  process.env.NEXT_DIST_DIR = dist;
});

async function modules() {
  return { ...(await import("@/lib/security/session-render")), ...(await import("@/lib/security/csp")) };
}

function pageRequest(cookie?: string) {
  return new NextRequest("http://fixwell.test/", { headers: cookie ? { cookie } : {} });
}

/** A session token as signing in issues it (a sign-in time, a user), `secondsAgo` at that. */
async function sessionToken(secondsAgo = 0): Promise<string> {
  const authTime = Date.now() / 1000 - secondsAgo;
  return encode({ token: { sub: "user-1", sid: "00000000-0000-4000-8000-000000000001", remember: false, authTime }, secret: process.env.NEXTAUTH_SECRET!, maxAge: 1800 });
}

describe("rendering on demand for visitors with a session", () => {
  it("leaves a request without a session cookie to the prerendered page", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers({ cookie: "theme=dark" });
    expect(await markForSessionRender(pageRequest("theme=dark"), forwarded, false)).toBe(false);
    expect(forwarded.get("cookie")).toBe("theme=dark");
  });

  it("adds the build's draft-mode cookie to the forwarded request of a visitor with a session", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers();
    const token = await sessionToken();
    expect(await markForSessionRender(pageRequest(`next-auth.session-token=${token}; theme=dark`), forwarded, false)).toBe(true);
    expect(forwarded.get("cookie")).toBe(`next-auth.session-token=${token}; theme=dark; __prerender_bypass=${DRAFT_ID}`);
  });

  it("replaces a draft-mode cookie the client sent itself", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers();
    const token = await sessionToken();
    await markForSessionRender(pageRequest(`__prerender_bypass=guess; next-auth.session-token.0=${token}`), forwarded, false);
    expect(forwarded.get("cookie")).toBe(`next-auth.session-token.0=${token}; __prerender_bypass=${DRAFT_ID}`);
  });

  it.each([
    ["garbage", async () => "not.a.jwt"],
    ["a five-part token that does not decrypt", async () => "a.b.c.d.e"],
    ["a token of another secret", async () => encode({ token: { sub: "user-1", authTime: Date.now() / 1000 }, secret: "another-secret-long-enough-for-next-auth-0123456789" })],
    ["a token past its session's lifetime", async () => sessionToken(13 * 3600)],
  ])("leaves a cookie named like the session's but holding %s to the prerendered page", async (_label, make) => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers({ cookie: "kept=as-is" });
    expect(await markForSessionRender(pageRequest(`next-auth.session-token=${await make()}`), forwarded, false)).toBe(false);
    expect(forwarded.get("cookie")).toBe("kept=as-is");
  });

  it("does nothing in development, where every page is rendered on demand", async () => {
    const { markForSessionRender } = await modules();
    expect(await markForSessionRender(pageRequest(`next-auth.session-token=${await sessionToken()}`), new Headers(), true)).toBe(false);
  });

  it("gives a prerendered page its hashes, and the same page rendered on demand a nonce", async () => {
    const { pagePolicy } = await modules();
    const prerendered = pagePolicy("/", { development: false, https: false });
    expect(prerendered.nonce).toBeUndefined();
    expect(prerendered.csp).toContain("script-src 'self' 'sha256-abc='");
    const onDemand = pagePolicy("/", { development: false, https: false, renderedOnRequest: true });
    expect(onDemand.nonce).toBeTruthy();
    expect(onDemand.csp).toContain(`'nonce-${onDemand.nonce}'`);
    expect(onDemand.csp).not.toContain("sha256-abc=");
  });
});
