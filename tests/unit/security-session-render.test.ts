// Visitors with a session get pages rendered on demand (so the header shows them signed in), everyone
// else the prerendered page: the proxy adds the build's draft-mode cookie to the forwarded request only
// when a session cookie is present, never trusts one the client sent, and the page policy switches
// from the build's script hashes to a fresh nonce for such a render.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
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

describe("rendering on demand for visitors with a session", () => {
  it("leaves a request without a session cookie to the prerendered page", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers({ cookie: "theme=dark" });
    expect(markForSessionRender(pageRequest("theme=dark"), forwarded, false)).toBe(false);
    expect(forwarded.get("cookie")).toBe("theme=dark");
  });

  it("adds the build's draft-mode cookie to the forwarded request of a visitor with a session", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers();
    expect(markForSessionRender(pageRequest("next-auth.session-token=abc.def; theme=dark"), forwarded, false)).toBe(true);
    expect(forwarded.get("cookie")).toBe(`next-auth.session-token=abc.def; theme=dark; __prerender_bypass=${DRAFT_ID}`);
  });

  it("replaces a draft-mode cookie the client sent itself", async () => {
    const { markForSessionRender } = await modules();
    const forwarded = new Headers();
    markForSessionRender(pageRequest("__prerender_bypass=guess; next-auth.session-token.0=abc"), forwarded, false);
    expect(forwarded.get("cookie")).toBe(`next-auth.session-token.0=abc; __prerender_bypass=${DRAFT_ID}`);
  });

  it("does nothing in development, where every page is rendered on demand", async () => {
    const { markForSessionRender } = await modules();
    expect(markForSessionRender(pageRequest("next-auth.session-token=abc"), new Headers(), true)).toBe(false);
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
