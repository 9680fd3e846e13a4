// Session lifetimes count from the sign-in, not from the last renewal.
import { describe, expect, it } from "vitest";
import {
  BROWSER_SESSION_IDLE,
  BROWSER_SESSION_MAX_AGE,
  REMEMBERED_SESSION_IDLE,
  REMEMBERED_SESSION_MAX_AGE,
  RENEW_AFTER,
  isWithinLifetime,
  needsRenewal,
  sessionVersionOf,
  tokenMaxAge,
} from "../../lib/auth/lifetimes";

const T0 = 1_800_000_000;
const HOUR = 3600;

describe("session lifetimes", () => {
  it("a remembered session lasts 30 days from sign-in, however often it is renewed", () => {
    const claims = { remember: true, authTime: T0, iat: T0 + 29 * 24 * HOUR };
    expect(isWithinLifetime(claims, T0 + 30 * 24 * HOUR - 1)).toBe(true);
    expect(isWithinLifetime(claims, T0 + 30 * 24 * HOUR)).toBe(false);
    expect(tokenMaxAge(claims, T0 + 29 * 24 * HOUR)).toBe(24 * HOUR);
    expect(REMEMBERED_SESSION_MAX_AGE).toBe(30 * 24 * HOUR);
  });

  it("an unremembered session lasts 12 hours from sign-in, and each token only 30 minutes", () => {
    const claims = { remember: false, authTime: T0 };
    expect(tokenMaxAge(claims, T0)).toBe(BROWSER_SESSION_IDLE);
    expect(BROWSER_SESSION_IDLE).toBe(30 * 60);
    expect(tokenMaxAge(claims, T0 + 12 * HOUR - 600)).toBe(600);
    expect(isWithinLifetime(claims, T0 + BROWSER_SESSION_MAX_AGE - 1)).toBe(true);
    expect(isWithinLifetime(claims, T0 + 12 * HOUR)).toBe(false);
  });

  it("re-issues a token in use once it is five minutes old, remembered or not, never an ended one", () => {
    expect(needsRenewal({ remember: false, authTime: T0, iat: T0 }, T0 + RENEW_AFTER - 1)).toBe(false);
    expect(needsRenewal({ remember: false, authTime: T0, iat: T0 }, T0 + RENEW_AFTER)).toBe(true);
    expect(needsRenewal({ remember: true, authTime: T0, iat: T0 }, T0 + HOUR)).toBe(true);
    expect(needsRenewal({ remember: false, authTime: T0, iat: T0 }, T0 + 13 * HOUR)).toBe(false);
    expect(needsRenewal({ remember: true, authTime: T0, iat: T0 }, T0 + 8 * 24 * HOUR)).toBe(false);
  });

  it("ends a remembered session after 7 days unused, and gives each of its tokens 7 days at most", () => {
    expect(REMEMBERED_SESSION_IDLE).toBe(7 * 24 * HOUR);
    expect(tokenMaxAge({ remember: true, authTime: T0 }, T0)).toBe(REMEMBERED_SESSION_IDLE);
    const renewedOnDay20 = { remember: true, authTime: T0, iat: T0 + 20 * 24 * HOUR };
    expect(isWithinLifetime(renewedOnDay20, T0 + 27 * 24 * HOUR - 1)).toBe(true);
    expect(isWithinLifetime(renewedOnDay20, T0 + 27 * 24 * HOUR)).toBe(false);
    expect(isWithinLifetime({ remember: false, authTime: T0, iat: T0 }, T0 + BROWSER_SESSION_IDLE)).toBe(false);
  });

  it("treats a token without a sign-in time as ended, and one without a version as version 0", () => {
    expect(isWithinLifetime({ remember: true }, T0)).toBe(false);
    expect(isWithinLifetime({ remember: true, iat: T0 }, T0 + 1)).toBe(true);
    expect(sessionVersionOf({})).toBe(0);
    expect(sessionVersionOf({ sv: 3 })).toBe(3);
    expect(sessionVersionOf({ sv: "3" })).toBe(0);
  });
});
