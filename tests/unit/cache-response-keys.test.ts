// The Redis cache handler serves a page from the build only when the build prerendered that path as a
// static page; it reads the path out of Next.js's response cache key.
import { describe, expect, it } from "vitest";
import { pathOfResponseKey } from "../../lib/cache/redis-cache-handler.mjs";

const hash = "c6377dd9ce6a1c2cd100eb4344e843eb4639b9ed26f84643f77680e9eb454c4b";

describe("pathOfResponseKey", () => {
  it.each([
    [`/route-cache/APP_PAGE/${hash}/$/index`, "/"],
    [`/route-cache/APP_PAGE/${hash}/$/ourstory`, "/ourstory"],
    [`/route-cache/APP_PAGE/${hash}/$/dev/mail`, "/dev/mail"],
    [`/route-cache/APP_PAGE/${hash}/$/index/index`, "/index"],
    [`/route-cache/APP_ROUTE/${hash}/$/robots.txt`, "/robots.txt"],
  ])("reads %s as %s", (key, path) => {
    expect(pathOfResponseKey(key)).toBe(path);
  });

  it.each([["/index"], ["37f54a5abab9f477c724574c4e814d08e5861cc64d6f9777d7b6b0b3058ae737"], [`/route-cache/APP_PAGE/${hash}`]])(
    "has no path for %s (not a response key)",
    (key) => {
      expect(pathOfResponseKey(key)).toBeUndefined();
    },
  );
});
