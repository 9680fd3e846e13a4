// The known-device cookie: only a token this site signed, for this account, within its lifetime, counts.
import { describe, expect, it } from "vitest";
import {
  DEVICE_COOKIE_MAX_AGE,
  deviceCookieHeader,
  deviceCookieName,
  deviceTokenFromCookieHeader,
  issueDeviceToken,
  verifyDeviceToken,
} from "../../lib/auth/cookies";

const SECRET = "s".repeat(40);
const NOW = Date.UTC(2026, 10, 22, 12);

describe("the device token", () => {
  it("is accepted for the account it was issued to, whatever case the email is typed in", () => {
    const token = issueDeviceToken("jane@example.test", SECRET, NOW);
    expect(verifyDeviceToken(token, "jane@example.test", SECRET, NOW)).toMatch(/^[\w-]{16}$/);
    expect(verifyDeviceToken(token, " JANE@example.test", SECRET, NOW)).not.toBeNull();
  });

  it.each([
    ["another account", (t: string) => t, "john@example.test", SECRET, NOW],
    ["another secret", (t: string) => t, "jane@example.test", "t".repeat(40), NOW],
    ["a changed signature", (t: string) => `${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`, "jane@example.test", SECRET, NOW],
    ["a truncated token", (t: string) => t.slice(0, 30), "jane@example.test", SECRET, NOW],
    ["an empty token", () => "", "jane@example.test", SECRET, NOW],
    ["an expired token", (t: string) => t, "jane@example.test", SECRET, NOW + (DEVICE_COOKIE_MAX_AGE + 60) * 1000],
    ["a huge token", (t: string) => t + "x".repeat(10_000), "jane@example.test", SECRET, NOW],
  ])("is refused for %s", (_, mangle, email, secret, now) => {
    const token = mangle(issueDeviceToken("jane@example.test", SECRET, NOW));
    expect(verifyDeviceToken(token, email, secret, now)).toBeNull();
  });

  it("is stored HttpOnly and SameSite=Lax, under the __Host- prefix with Secure over https", () => {
    const plain = deviceCookieHeader("jane@example.test", SECRET, false);
    expect(plain).toMatch(/^fixwell\.device=[^;]+; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Lax$/);
    const secure = deviceCookieHeader("jane@example.test", SECRET, true);
    expect(secure).toMatch(/^__Host-fixwell\.device=[^;]+; Path=\/; .*; Secure$/);
    expect(secure).not.toMatch(/Domain=/);
  });

  it("is read back from a Cookie header by its exact name", () => {
    const token = issueDeviceToken("jane@example.test", SECRET, NOW);
    const header = `other=1; ${deviceCookieName(false)}=${token}; x${deviceCookieName(false)}=nope`;
    expect(deviceTokenFromCookieHeader(header, false)).toBe(token);
    expect(deviceTokenFromCookieHeader(header, true)).toBeNull();
    expect(deviceTokenFromCookieHeader(undefined, false)).toBeNull();
  });
});
