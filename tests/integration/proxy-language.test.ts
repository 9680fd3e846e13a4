// The proxy and the page's language: next-intl is told each page's language from its address, a client
// cannot choose it with the header itself, /en/… goes to the address without the prefix, and the API is
// left alone.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "../../proxy";

const forwarded = (response: Response, header: string) => response.headers.get(`x-middleware-request-${header.toLowerCase()}`);

describe("the proxy and the page's language", () => {
  it.each([
    ["/", "en"],
    ["/ourstory", "en"],
    ["/job-openings/platform-engineer", "en"],
    ["/nl", "nl"],
    ["/nl/ourstory", "nl"],
  ])("tells next-intl that %s is %s", async (path, locale) => {
    const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded(response, "X-NEXT-INTL-LOCALE")).toBe(locale);
  });

  it("sends a signed-out visitor of a Dutch signed-in page to the Dutch home page", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/nl/inputs/criteria/arranging"));
    expect(response.headers.get("location")).toBe("http://localhost:3000/nl");
  });

  it("does not let a client choose the language with the header", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/team", { headers: { "X-NEXT-INTL-LOCALE": "nl" } }));
    expect(forwarded(response, "X-NEXT-INTL-LOCALE")).toBe("en");
  });

  it.each([
    ["/en", "/"],
    ["/en/ourstory", "/ourstory"],
    ["/en/job-openings?department=ops", "/job-openings?department=ops"],
  ])("sends %s to %s", async (from, to) => {
    const response = await proxy(new NextRequest(`http://localhost:3000${from}`));
    expect(response.status).toBe(308);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname + location.search).toBe(to);
  });

  // The API never reaches the proxy (its matcher, tests/unit/proxy-matcher.test.ts).
  it("leaves /english and /nlx alone (English pages that do not exist)", async () => {
    for (const path of ["/english", "/nlx"]) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.status, path).toBe(200);
      expect(forwarded(response, "X-NEXT-INTL-LOCALE"), path).toBe("en");
    }
  });
});
