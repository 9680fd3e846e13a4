// Remember-me: a token issued without it leaves as a browser-session cookie (no Expires, no Max-Age);
// with it, the cookie expires with its token. Removal cookies (sign-out) are never touched.
import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { applyRememberChoice } from "../../lib/auth/cookies";

const secret = "r".repeat(40);
const cookieName = "next-auth.session-token";
const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toUTCString();

async function responseSetting(cookies: string[]): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify({ url: "http://localhost/inputs" }), { status: 200, headers });
}

async function tokenWith(remember: boolean | undefined) {
  return encode({ token: { sub: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", email: "jane@example.com", remember }, secret });
}

describe("applyRememberChoice", () => {
  it("strips Expires and Max-Age from the session cookie when remember-me was not ticked", async () => {
    const token = await tokenWith(false);
    const response = await responseSetting([
      `${cookieName}=${token}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`,
      "next-auth.callback-url=http%3A%2F%2Flocalhost; Path=/; HttpOnly; SameSite=Lax",
    ]);
    const out = await applyRememberChoice(response, { cookieName, secret });
    const [session, callback] = out.headers.getSetCookie();
    expect(session.startsWith(`${cookieName}=${token}`)).toBe(true);
    expect(session).not.toMatch(/expires|max-age/i);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(callback).toBe("next-auth.callback-url=http%3A%2F%2Flocalhost; Path=/; HttpOnly; SameSite=Lax");
    expect(await out.json()).toEqual({ url: "http://localhost/inputs" });
    expect(out.status).toBe(200);
  });

  it("has a remembered cookie expire with its token (7 days unused), not at next-auth's 30 days", async () => {
    const token = await encode({ token: { sub: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", remember: true }, secret, maxAge: 7 * 24 * 3600 });
    const cookie = `${cookieName}=${token}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`;
    const out = await applyRememberChoice(await responseSetting([cookie]), { cookieName, secret });
    const [session] = out.headers.getSetCookie();
    expect(session.startsWith(`${cookieName}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=`)).toBe(true);
    const days = (Date.parse(/Expires=([^;]+)/.exec(session)![1]) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("treats a token without the flag as remembered (tokens from before the flag existed)", async () => {
    const token = await tokenWith(undefined);
    const cookie = `${cookieName}=${token}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`;
    const out = await applyRememberChoice(await responseSetting([cookie]), { cookieName, secret });
    expect(out.headers.getSetCookie()).toEqual([cookie]);
  });

  it("leaves a sign-out's removal cookie as it is", async () => {
    const removal = `${cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax`;
    const out = await applyRememberChoice(await responseSetting([removal]), { cookieName, secret });
    expect(out.headers.getSetCookie()).toEqual([removal]);
  });

  it("handles a token split into numbered chunks", async () => {
    const token = await tokenWith(false);
    const half = Math.ceil(token.length / 2);
    const out = await applyRememberChoice(
      await responseSetting([
        `${cookieName}.0=${token.slice(0, half)}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`,
        `${cookieName}.1=${token.slice(half)}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`,
      ]),
      { cookieName, secret },
    );
    const cookies = out.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).not.toMatch(/expires|max-age/i);
  });

  it("leaves cookies alone when the token cannot be read with the secret", async () => {
    const token = await encode({ token: { sub: "x", remember: false }, secret: "another-secret-of-enough-length-000" });
    const cookie = `${cookieName}=${token}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`;
    const out = await applyRememberChoice(await responseSetting([cookie]), { cookieName, secret });
    expect(out.headers.getSetCookie()).toEqual([cookie]);
  });
});
