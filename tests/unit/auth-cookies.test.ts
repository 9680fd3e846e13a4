// Over https the session cookie takes the __Host- prefix, which browsers accept only with Secure,
// Path=/ and no Domain: no subdomain can plant or read a session.
import { describe, expect, it } from "vitest";
import { sessionCookieAttributes, sessionCookieName } from "../../lib/auth/cookies";

describe("the session cookie", () => {
  it("is __Host- prefixed, Secure, HttpOnly, SameSite=Lax and Path=/ without a Domain over https", () => {
    expect(sessionCookieName(true)).toBe("__Host-next-auth.session-token");
    expect(sessionCookieAttributes(true)).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: true });
  });

  it("keeps next-auth's plain name on http (local runs, where __Host- cookies would be refused)", () => {
    expect(sessionCookieName(false)).toBe("next-auth.session-token");
    expect(sessionCookieAttributes(false).secure).toBe(false);
  });
});
