import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import { decodeSessionToken, sessionTokenFrom } from "../../lib/auth/cookies";

const SECRET = "a-test-secret-that-is-long-enough-for-next-auth-0123456789";

describe("decoding session tokens once", () => {
  it("gives the claims of a valid token, the same on a second read, and copies callers cannot spoil", async () => {
    const token = await encode({ token: { sub: "u1", sid: "s1" }, secret: SECRET, maxAge: 600 });
    const first = await decodeSessionToken(token, SECRET);
    expect(first).toMatchObject({ sub: "u1", sid: "s1" });
    first!.sub = "someone-else";
    expect(await decodeSessionToken(token, SECRET)).toMatchObject({ sub: "u1", sid: "s1" });
  });

  it("refuses a token made with another secret, a tampered token and garbage", async () => {
    const token = await encode({ token: { sub: "u1" }, secret: SECRET, maxAge: 600 });
    expect(await decodeSessionToken(token, `${SECRET}-other`)).toBeNull();
    expect(await decodeSessionToken(`${token.slice(0, -4)}AAAA`, SECRET)).toBeNull();
    expect(await decodeSessionToken("not-a-token", SECRET)).toBeNull();
  });

  it("refuses an expired token, and a kept one once it has expired", async () => {
    const expired = await encode({ token: { sub: "u1" }, secret: SECRET, maxAge: -60 });
    expect(await decodeSessionToken(expired, SECRET)).toBeNull();
    const short = await encode({ token: { sub: "u2" }, secret: SECRET, maxAge: 1 });
    expect(await decodeSessionToken(short, SECRET)).toMatchObject({ sub: "u2" });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await decodeSessionToken(short, SECRET)).toBeNull();
  });
});

describe("decoding a kept token again", () => {
  it("still signs in a token read again more than five minutes after its first read", async () => {
    const token = await encode({ token: { sub: "u3" }, secret: SECRET, maxAge: 3600 });
    expect(await decodeSessionToken(token, SECRET)).toMatchObject({ sub: "u3" });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(await decodeSessionToken(token, SECRET)).toMatchObject({ sub: "u3" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("finding the session token among cookies", () => {
  it("takes the cookie itself, else its chunks in order", () => {
    expect(sessionTokenFrom([{ name: "s", value: "abc" }], "s")).toBe("abc");
    expect(sessionTokenFrom([{ name: "s.1", value: "def" }, { name: "s.0", value: "abc" }], "s")).toBe("abcdef");
    expect(sessionTokenFrom([{ name: "other", value: "x" }], "s")).toBeNull();
    expect(sessionTokenFrom([{ name: "s.x", value: "x" }], "s")).toBeNull();
    expect(sessionTokenFrom([{ name: "s", value: "" }], "s")).toBeNull();
  });
});
