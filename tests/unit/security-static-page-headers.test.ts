// The header rules the build writes for prerendered pages served without the proxy.
import { describe, expect, it } from "vitest";
import { HSTS, SESSION_COOKIE_NAMES, publicPathOf, staticPageHeaderRules } from "../../lib/security/static-page-headers";

const hashes = { "/en": ["'sha256-home='"], "/en/ourstory": ["'sha256-story='"], "/nl/team": ["'sha256-team='"], "/_not-found": ["'sha256-404='"] };

describe("publicPathOf", () => {
  it.each([
    ["/en", "/"],
    ["/en/ourstory", "/ourstory"],
    ["/nl", "/nl"],
    ["/nl/team", "/nl/team"],
  ])("serves %s at %s", (route, address) => {
    expect(publicPathOf(route)).toBe(address);
  });
});

describe("staticPageHeaderRules", () => {
  const rules = staticPageHeaderRules(hashes);

  it("gives each prerendered page, at its public address, one rule over http and one over https, and none to the not-found or error page", () => {
    expect(rules.map((rule) => rule.source)).toEqual(["/", "/", "/ourstory", "/ourstory", "/nl/team", "/nl/team"]);
  });

  it("allows each page exactly its own scripts' hashes, never inline scripts or eval", () => {
    for (const rule of rules) {
      const csp = rule.headers.find((header) => header.key === "Content-Security-Policy")!.value;
      const own = hashes[rule.source === "/" ? "/en" : rule.source === "/ourstory" ? "/en/ourstory" : "/nl/team"][0];
      expect(csp).toContain(`script-src 'self' ${own}`);
      expect(csp).not.toContain("unsafe-eval");
      expect(csp.split(";").find((part) => part.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    }
  });

  it("applies only while no session cookie is sent, under any of its names", () => {
    for (const rule of rules) {
      const missingCookies = (rule.missing ?? []).filter((condition) => condition.type === "cookie").map((condition) => condition.key);
      expect(missingCookies.sort()).toEqual([...SESSION_COOKIE_NAMES].sort());
    }
  });

  it("adds HSTS and upgrade-insecure-requests only when the proxy in front says the request came over https", () => {
    const [http, https] = rules;
    expect(http.missing).toContainEqual({ type: "header", key: "x-forwarded-proto", value: "https" });
    expect(http.headers.map((header) => header.key)).toEqual(["Content-Security-Policy"]);
    expect(http.headers[0].value).not.toContain("upgrade-insecure-requests");
    expect(https.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
    expect(https.headers).toContainEqual({ key: "Strict-Transport-Security", value: HSTS });
    expect(https.headers[0].value).toContain("upgrade-insecure-requests");
  });
});
