// The next-auth route (app/api/auth/[...nextauth]) driven like a browser: CSRF token, sign-in form
// post, session refresh, sign-out. Checks the session cookie (sub = users.id, email; remember-me
// decides between a 30-day and a browser-session cookie, on sign-in and on every refresh), the
// failure answers the form reads (wrong credentials, the 11th failure, missing CSRF token) and the
// refusals of malformed calls (JSON bodies, oversized forms, GET on the callback).
import { createRequire } from "node:module";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { hashPassword } from "@/lib/auth/passwords";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";

// next-auth's App Router handler reads the request's cookies and headers through next/headers, which
// only works inside a Next.js server; outside one, serve them from the request under test.
const requireFromNextAuth = createRequire(path.join(path.dirname(createRequire(import.meta.url).resolve("next-auth")), "index.js"));
const current = { headers: new Headers() };
const headersModule = requireFromNextAuth.resolve("next/headers");
requireFromNextAuth.cache[headersModule] = {
  id: headersModule,
  filename: headersModule,
  loaded: true,
  exports: {
    headers: async () => current.headers,
    cookies: async () => ({
      getAll: () =>
        (current.headers.get("cookie") ?? "")
          .split(";")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => ({ name: part.slice(0, part.indexOf("=")), value: decodeURIComponent(part.slice(part.indexOf("=") + 1)) })),
    }),
  },
} as unknown as NodeJS.Module;

const ORIGIN = "http://localhost:3000";
const SESSION = "next-auth.session-token";
const PASSWORD = "Quiet-harbour-lantern-42";
let passwordHash: string;

/** A tiny browser: a cookie jar and the client address the trusted proxy would report. */
class Browser {
  jar = new Map<string, string>();
  lastSetCookies: string[] = [];
  constructor(readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {}

  async call(method: "GET" | "POST", pathname: string, init: { body?: string; contentType?: string } = {}): Promise<Response> {
    const headers = new Headers({ host: "localhost:3000", "x-forwarded-for": this.ip });
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.set("cookie", cookie);
    if (init.contentType) headers.set("content-type", init.contentType);
    current.headers = headers;
    const req = new NextRequest(new URL(pathname, ORIGIN), { method, headers, body: init.body });
    const segments = pathname.replace(/^\/api\/auth\//, "").split("?")[0].split("/");
    const context = { params: Promise.resolve({ nextauth: segments }) };
    const response = await (method === "GET" ? GET(req, context) : POST(req, context));
    this.lastSetCookies = response.headers.getSetCookie();
    for (const raw of this.lastSetCookies) {
      const [pair] = raw.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(raw)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.call("GET", "/api/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** What next-auth/react's signIn("credentials", { redirect: false }) sends. */
  async signIn(email: string, password: string, { remember = false, csrf = true } = {}): Promise<Response> {
    const form = new URLSearchParams({ email, password, remember: String(remember), callbackUrl: "/inputs", json: "true" });
    if (csrf) form.set("csrfToken", await this.csrfToken());
    return this.call("POST", "/api/auth/callback/credentials", { body: form.toString(), contentType: "application/x-www-form-urlencoded" });
  }

  sessionCookie(): string | undefined {
    return this.lastSetCookies.find((c) => c.startsWith(`${SESSION}=`));
  }
}

async function createUser(email = `owner-${randomUUID()}@example.test`) {
  return (await getDb()).user.create({ data: { email, passwordHash }, select: { id: true, email: true } });
}

function expiresInDays(cookie: string): number {
  const expires = /expires=([^;]+)/i.exec(cookie)?.[1];
  expect(expires, "cookie has an Expires attribute").toBeDefined();
  return (Date.parse(expires!) - Date.now()) / 86_400_000;
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

beforeEach(async () => {
  await resetDatabase();
});

describe("signing in through the next-auth route", () => {
  it("sets a session cookie whose token carries sub = users.id and the email, and points at /inputs", async () => {
    const user = await createUser();
    const browser = new Browser();
    const response = await browser.signIn(user.email, PASSWORD);
    expect(response.status).toBe(200);
    expect(new URL(((await response.json()) as { url: string }).url).pathname).toBe("/inputs");
    const cookie = browser.sessionCookie()!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = await decode({ token: browser.jar.get(SESSION)!, secret: process.env.NEXTAUTH_SECRET! });
    expect(token).toMatchObject({ sub: user.id, email: user.email, remember: false });
  });

  it("without remember-me, the cookie has no expiry, also when /api/auth/session renews it", async () => {
    const user = await createUser();
    const browser = new Browser();
    await browser.signIn(user.email, PASSWORD, { remember: false });
    expect(browser.sessionCookie()).not.toMatch(/expires|max-age/i);

    const session = await browser.call("GET", "/api/auth/session");
    expect(await session.json()).toMatchObject({ user: { email: user.email } });
    const renewed = browser.sessionCookie();
    expect(renewed, "the session call renews the cookie").toBeDefined();
    expect(renewed).not.toMatch(/expires|max-age/i);
  });

  it("with remember-me, the cookie lasts 7 days (its token's idle limit), also when renewed", async () => {
    const user = await createUser();
    const browser = new Browser();
    await browser.signIn(user.email, PASSWORD, { remember: true });
    expect(expiresInDays(browser.sessionCookie()!)).toBeGreaterThan(6.99);
    expect(expiresInDays(browser.sessionCookie()!)).toBeLessThanOrEqual(7);

    await browser.call("GET", "/api/auth/session");
    expect(expiresInDays(browser.sessionCookie()!)).toBeGreaterThan(6.99);
  });

  it("a wrong password answers 401 pointing at CredentialsSignin, and sets no session", async () => {
    const user = await createUser();
    const browser = new Browser();
    const response = await browser.signIn(user.email, "Wrong-password-1");
    expect(response.status).toBe(401);
    expect(new URL(((await response.json()) as { url: string }).url).searchParams.get("error")).toBe("CredentialsSignin");
    expect(browser.jar.has(SESSION)).toBe(false);
  });

  it("an unknown email gets the very same answer as a wrong password", async () => {
    const browser = new Browser();
    const response = await browser.signIn("nobody@example.test", PASSWORD);
    expect(response.status).toBe(401);
    expect(new URL(((await response.json()) as { url: string }).url).searchParams.get("error")).toBe("CredentialsSignin");
  });

  it("the 11th attempt after 10 failures answers 429 RateLimited with Retry-After, even with the right password", async () => {
    const user = await createUser();
    const browser = new Browser();
    for (let i = 0; i < 10; i++) expect((await browser.signIn(user.email, `Wrong-${i}-password`)).status).toBe(401);
    const response = await browser.signIn(user.email, PASSWORD);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).pathname).toBe("/login");
    expect(new URL(url).searchParams.get("error")).toBe("RateLimited");
    expect(browser.jar.has(SESSION)).toBe(false);
  });
});

describe("cross-site posts to the auth routes", () => {
  it("a sign-in posted from another site's page is refused with 403, and nobody is signed in", async () => {
    const user = await createUser();
    const browser = new Browser();
    const form = new URLSearchParams({ email: user.email, password: PASSWORD, csrfToken: await browser.csrfToken(), json: "true" });
    const headers = new Headers({ host: "localhost:3000", origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" });
    const req = new NextRequest(new URL("/api/auth/callback/credentials", ORIGIN), { method: "POST", headers, body: form.toString() });
    const response = await POST(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false);
  });
});

describe("the known-device cookie", () => {
  it("a successful sign-in marks the browser as known to the account; a failed one does not", async () => {
    const user = await createUser();
    const stranger = new Browser();
    await stranger.signIn(user.email, "Wrong-password-d");
    expect(stranger.jar.has("fixwell.device")).toBe(false);
    const owner = new Browser();
    await owner.signIn(user.email, PASSWORD);
    const cookie = owner.lastSetCookies.find((c) => c.startsWith("fixwell.device="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=15552000/);
  });

  it("strangers' failures from many addresses slow the account down, but not the browser the owner used before", async () => {
    const user = await createUser();
    const owner = new Browser();
    await owner.signIn(user.email, PASSWORD);
    const signOut = new URLSearchParams({ csrfToken: await owner.csrfToken(), callbackUrl: "/", json: "true" });
    await owner.call("POST", "/api/auth/signout", { body: signOut.toString(), contentType: "application/x-www-form-urlencoded" });
    for (let i = 0; i < 11; i++) await new Browser().signIn(user.email, `Wrong-${i}-password`);
    expect((await new Browser().signIn(user.email, PASSWORD)).status).toBe(429);
    const response = await owner.signIn(user.email, PASSWORD);
    expect(response.status).toBe(200);
    expect(owner.jar.has(SESSION)).toBe(true);
  });
});

describe("signing out and stale sessions", () => {
  it("sign-out removes the session cookie and points at /", async () => {
    const user = await createUser();
    const browser = new Browser();
    await browser.signIn(user.email, PASSWORD, { remember: true });
    const form = new URLSearchParams({ csrfToken: await browser.csrfToken(), callbackUrl: "/", json: "true" });
    const response = await browser.call("POST", "/api/auth/signout", { body: form.toString(), contentType: "application/x-www-form-urlencoded" });
    expect(new URL(((await response.json()) as { url: string }).url).pathname).toBe("/");
    expect(browser.sessionCookie()).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
    expect(browser.jar.has(SESSION)).toBe(false);
  });

  it("a session whose account was deleted is ended on the next session call", async () => {
    const user = await createUser();
    const browser = new Browser();
    await browser.signIn(user.email, PASSWORD);
    await (await getDb()).user.delete({ where: { id: user.id } });
    const response = await browser.call("GET", "/api/auth/session");
    expect(await response.json()).toEqual({});
    expect(browser.jar.has(SESSION)).toBe(false);
  });
});

describe("malformed calls get a clear status, never a 500, and change nothing", () => {
  it("a JSON body where the form is expected → 415", async () => {
    const user = await createUser();
    const browser = new Browser();
    const before = await snapshotTables();
    const csrfToken = await browser.csrfToken();
    const response = await browser.call("POST", "/api/auth/callback/credentials", {
      body: JSON.stringify({ email: user.email, password: PASSWORD, csrfToken }),
      contentType: "application/json",
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    expect(browser.jar.has(SESSION)).toBe(false);
    expect(await snapshotTables()).toBe(before);
  });

  it("malformed JSON where the form is expected → 415, not a parse error", async () => {
    const response = await new Browser().call("POST", "/api/auth/callback/credentials", { body: "{not json", contentType: "application/json" });
    expect(response.status).toBe(415);
  });

  it("a missing CSRF token → 403 FormExpired for the sign-in form, and no session even with the right password", async () => {
    const user = await createUser();
    const browser = new Browser();
    const response = await browser.signIn(user.email, PASSWORD, { csrf: false });
    expect(response.status).toBe(403);
    expect(new URL(((await response.json()) as { url: string }).url).searchParams.get("error")).toBe("FormExpired");
    expect(browser.jar.has(SESSION)).toBe(false);
  });

  it("a plain form post without CSRF token → 403 with the error shape", async () => {
    const user = await createUser();
    const form = new URLSearchParams({ email: user.email, password: PASSWORD });
    const response = await new Browser().call("POST", "/api/auth/callback/credentials", {
      body: form.toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "forbidden" });
  });

  it("a form over 16 KiB → 413", async () => {
    const browser = new Browser();
    const form = new URLSearchParams({ csrfToken: await browser.csrfToken(), email: "a@example.test", password: "p".repeat(20_000), json: "true" });
    const response = await browser.call("POST", "/api/auth/callback/credentials", { body: form.toString(), contentType: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(413);
  });

  it("a 10,000-character password, empty fields or a unicode email → the usual 401, nothing stored", async () => {
    const before = await snapshotTables();
    const browser = new Browser();
    for (const [email, password] of [
      ["owner@example.test", "p".repeat(10_000)],
      ["", ""],
      ["jörg@exämple.test", PASSWORD],
      ["no-at-sign.example.test", PASSWORD],
    ]) {
      const response = await browser.signIn(email, password);
      expect(response.status).toBe(401);
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("GET on the credentials callback → 405 (next-auth alone would answer 500)", async () => {
    const response = await new Browser().call("GET", "/api/auth/callback/credentials");
    expect(response.status).toBe(405);
  });

  it("the client log relay is closed → 204 without logging", async () => {
    const response = await new Browser().call("POST", "/api/auth/_log", {
      body: "code=FAKE%0Aline&level=error",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(204);
  });
});
