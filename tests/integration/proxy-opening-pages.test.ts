// The proxy and an opening's page: a closed opening's page goes on with 410; an unknown one's (or a
// draft's, or an id no opening could have) with 404 and the header that lets the page draw the
// not-found content on the server; a published one's as it is, whatever header a client sends.
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { proxy } from "../../proxy";
import { MISSING_OPENING_HEADER } from "../../lib/careers/closed-path";
import { getDb, resetDatabase } from "../helpers/db";

const forwarded = (response: Response) => response.headers.get(`x-middleware-request-${MISSING_OPENING_HEADER}`);
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
  ])("lets the page of %s through with 404 and the not-found mark", async (_case, path) => {
    const response = await visit(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded(response)).toBe("1");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("answers a draft's page 404 like an unknown one", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "platform-engineer" }, data: { status: "draft" } });
    const response = await visit("/job-openings/platform-engineer");
    expect(response.status).toBe(404);
    expect(forwarded(response)).toBe("1");
  });

  it("lets a published opening's page through as it is, and drops the mark a client sends", async () => {
    const response = await visit("/job-openings/platform-engineer", { headers: { [MISSING_OPENING_HEADER]: "1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded(response)).toBeNull();
  });

  it("answers a closed opening's page 410, without the not-found mark", async () => {
    await (await getDb()).jobOpening.update({ where: { jobId: "platform-engineer" }, data: { status: "closed", closedAt: new Date() } });
    const response = await visit("/nl/job-openings/platform-engineer");
    expect(response.status).toBe(410);
    expect(forwarded(response)).toBeNull();
  });

  it("leaves the list, other pages and other methods alone", async () => {
    for (const [path, method] of [
      ["/job-openings", "GET"],
      ["/job-openings/astronaut/more", "GET"],
      ["/job-openings/astronaut", "POST"],
    ] as const) {
      const response = await visit(path, { method });
      expect(response.status, `${method} ${path}`).not.toBe(404);
      expect(forwarded(response), `${method} ${path}`).toBeNull();
    }
  });
});
