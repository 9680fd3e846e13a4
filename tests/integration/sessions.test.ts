// Sessions the server can end: a cookie copied before signing out, before "sign out everywhere" or
// before a password reset stops working at the API (401) and for pages (no user, so the layout sends
// the visitor away); lifetimes count from the sign-in; sessions slide only while in use, a remembered one
// ending after 7 days unused and 30 days after signing in at the latest.
// The server-action helper mocks next/headers and next/navigation: it must load before the app modules.
import { actionRequest, redirectOf, sendCookie, SESSION_COOKIE } from "../helpers/server-action";
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest, NextResponse } from "next/server";
import { decode, encode } from "next-auth/jwt";
import { GET as listRequests } from "@/app/api/inputs/[key]/route";
import { hashPassword } from "@/lib/auth/passwords";
import { issueAccountToken } from "@/lib/auth/account-tokens";
import { resetPasswordWithLink } from "@/lib/auth/passwords";
import { openSession } from "@/lib/auth/sessions";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { renewIdleSession } from "@/lib/auth/cookies";
import { BROWSER_SESSION_IDLE, REMEMBERED_SESSION_IDLE, REMEMBERED_SESSION_MAX_AGE, RENEW_AFTER } from "@/lib/auth/lifetimes";
import { env } from "@/lib/env";
import { getDb, resetDatabase } from "../helpers/db";
import { apiRequest, routeContext } from "../helpers/session";

const { signOutAction, signOutEverywhereAction } = await import("@/lib/auth/actions");

const PASSWORD = "Quiet-harbour-lantern-42";
const HOUR = 3600;

async function createOwner() {
  const db = await getDb();
  return db.user.create({
    data: { email: `owner-${randomUUID()}@example.test`, passwordHash: await hashPassword(PASSWORD) },
    select: { id: true, email: true },
  });
}

/** A browser's session cookie, as signing in sets it. */
async function signedInCookie(user: { id: string; email: string }, remember = true): Promise<string> {
  const token = await encode({ token: await openSession(user, remember), secret: env().NEXTAUTH_SECRET });
  return `${SESSION_COOKIE}=${token}`;
}

async function apiStatus(user: { email: string }, cookie: string): Promise<number> {
  const response = await listRequests(apiRequest("GET", `/api/inputs/${user.email}`, { cookie }), routeContext({ key: user.email }));
  return response.status;
}

/** A token issued `secondsAgo` (next-auth stamps the issue time itself, so the clock is moved). */
async function encodeIssuedAgo(claims: Record<string, unknown>, secondsAgo: number, maxAge?: number): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - secondsAgo * 1000);
  try {
    return await encode({ token: claims, secret: env().NEXTAUTH_SECRET, maxAge });
  } finally {
    vi.useRealTimers();
  }
}

const pageUser = (cookie: string) => getUserFromRequest(apiRequest("GET", "/dashboard", { cookie }));

beforeEach(async () => {
  await resetDatabase();
  actionRequest.jar.clear();
  actionRequest.headers = new Headers();
});

describe("ending sessions", () => {
  it("signing out ends this browser's session on the server: a copy of its cookie gets 401", async () => {
    const owner = await createOwner();
    const cookie = await signedInCookie(owner);
    const otherDevice = await signedInCookie(owner);
    expect(await apiStatus(owner, cookie)).toBe(200);

    actionRequest.jar.set(SESSION_COOKIE, { value: cookie.split("=")[1] });
    sendCookie(cookie);
    expect(await redirectOf(signOutAction())).toBe("/");

    expect(await apiStatus(owner, cookie)).toBe(401);
    expect(await pageUser(cookie)).toBeNull();
    // Signing out on one device leaves the others signed in.
    expect(await apiStatus(owner, otherDevice)).toBe(200);
  });

  it("sign out everywhere ends every session of the account, cookies saved before it included", async () => {
    const owner = await createOwner();
    const bystander = await createOwner();
    const laptop = await signedInCookie(owner);
    const phone = await signedInCookie(owner, false);
    const bystanderCookie = await signedInCookie(bystander);

    actionRequest.jar.set(SESSION_COOKIE, { value: laptop.split("=")[1] });
    sendCookie(laptop);
    expect(await redirectOf(signOutEverywhereAction())).toBe("/login?notice=signed-out-everywhere");
    expect(actionRequest.jar.has(SESSION_COOKIE)).toBe(false);

    for (const cookie of [laptop, phone]) {
      expect(await apiStatus(owner, cookie)).toBe(401);
      expect(await pageUser(cookie)).toBeNull();
    }
    expect(await apiStatus(bystander, bystanderCookie)).toBe(200);
    // Signing in again afterwards works as usual.
    expect(await apiStatus(owner, await signedInCookie(owner))).toBe(200);
  });

  it("sign out everywhere without a session changes nothing and sends the visitor home", async () => {
    const owner = await createOwner();
    const cookie = await signedInCookie(owner);
    expect(await redirectOf(signOutEverywhereAction())).toBe("/");
    expect(await apiStatus(owner, cookie)).toBe(200);
  });

  it("a password reset ends every session that was open before it", async () => {
    const owner = await createOwner();
    const before = await signedInCookie(owner);
    const db = await getDb();
    const token = await db.$transaction((tx) => issueAccountToken(tx, { userId: owner.id, email: owner.email, purpose: "reset_password" }));
    expect(await resetPasswordWithLink(token, "Brand-new-lantern-77")).toMatchObject({ kind: "reset" });
    expect(await apiStatus(owner, before)).toBe(401);
    expect(await pageUser(before)).toBeNull();
  });

  it("a token naming a session of another account, or no session at all, signs nobody in", async () => {
    const owner = await createOwner();
    const intruder = await createOwner();
    const intruderClaims = await openSession(intruder, true);
    const forged = await encode({ token: { ...intruderClaims, sub: owner.id, email: owner.email }, secret: env().NEXTAUTH_SECRET });
    expect(await apiStatus(owner, `${SESSION_COOKIE}=${forged}`)).toBe(401);
    const sessionless = await encode({ token: { sub: owner.id, email: owner.email }, secret: env().NEXTAUTH_SECRET });
    expect(await apiStatus(owner, `${SESSION_COOKIE}=${sessionless}`)).toBe(401);
  });
});

describe("session lifetimes", () => {
  async function cookieSignedInAgo(user: { id: string; email: string }, remember: boolean, secondsAgo: number) {
    const claims = await openSession(user, remember, new Date(Date.now() - secondsAgo * 1000));
    return `${SESSION_COOKIE}=${await encode({ token: claims, secret: env().NEXTAUTH_SECRET })}`;
  }

  it("ends a remembered session 30 days after signing in, however recently its token was issued", async () => {
    const owner = await createOwner();
    expect(await apiStatus(owner, await cookieSignedInAgo(owner, true, 29 * 24 * HOUR))).toBe(200);
    expect(await apiStatus(owner, await cookieSignedInAgo(owner, true, 30 * 24 * HOUR + 60))).toBe(401);
  });

  it("ends an unremembered session 12 hours after signing in", async () => {
    const owner = await createOwner();
    expect(await apiStatus(owner, await cookieSignedInAgo(owner, false, 11 * HOUR))).toBe(200);
    expect(await apiStatus(owner, await cookieSignedInAgo(owner, false, 12 * HOUR + 60))).toBe(401);
  });

  it("re-issues an unremembered token in use once it is five minutes old, without Max-Age, for 30 more minutes", async () => {
    const owner = await createOwner();
    const claims = await openSession(owner, false);
    const request = (token: string) => new NextRequest("http://localhost:3000/dashboard", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

    const fresh = NextResponse.next();
    await renewIdleSession(request(await encodeIssuedAgo(claims, RENEW_AFTER - 30, BROWSER_SESSION_IDLE)), fresh);
    expect(fresh.cookies.get(SESSION_COOKIE), "a token younger than five minutes is left alone").toBeUndefined();

    const aged = await encodeIssuedAgo(claims, RENEW_AFTER + 30, BROWSER_SESSION_IDLE);
    const response = NextResponse.next();
    await renewIdleSession(request(aged), response);
    const renewed = response.cookies.get(SESSION_COOKIE);
    expect(renewed?.maxAge).toBeUndefined();
    expect(renewed?.httpOnly).toBe(true);
    const payload = await decode({ token: renewed!.value, secret: env().NEXTAUTH_SECRET });
    expect(payload?.sid).toBe(claims.sid);
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(BROWSER_SESSION_IDLE);
  });

  it("re-issues an aged unremembered token from an API call, which the proxy does not run for, only while the session is live", async () => {
    const owner = await createOwner();
    const claims = await openSession(owner, false);
    const call = async (token: string) =>
      listRequests(apiRequest("GET", `/api/inputs/${owner.email}`, { cookie: `${SESSION_COOKIE}=${token}` }), routeContext({ key: owner.email }));

    const fresh = await call(await encodeIssuedAgo(claims, RENEW_AFTER - 30, BROWSER_SESSION_IDLE));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie(), "a token younger than five minutes is left alone").toEqual([]);

    const aged = await encodeIssuedAgo(claims, RENEW_AFTER + 30, BROWSER_SESSION_IDLE);
    const answer = await call(aged);
    expect(answer.status).toBe(200);
    const [cookie, ...others] = answer.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.replace(/\./g, "\\.")}=[^;]+; Path=/; HttpOnly; SameSite=lax$`, "i"));
    const payload = await decode({ token: cookie.slice(SESSION_COOKIE.length + 1).split(";")[0], secret: env().NEXTAUTH_SECRET });
    expect(payload?.sid).toBe(claims.sid);
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(BROWSER_SESSION_IDLE);

    // Signed out: the aged token is refused, and nothing is renewed.
    await (await getDb()).userSession.update({ where: { id: claims.sid as string }, data: { revokedAt: new Date() } });
    const refused = await call(aged);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("renews a remembered session's token in use for 7 more days, with the cookie's Max-Age to match", async () => {
    const owner = await createOwner();
    const claims = await openSession(owner, true);
    const token = await encodeIssuedAgo(claims, HOUR);
    const response = NextResponse.next();
    await renewIdleSession(new NextRequest("http://localhost:3000/", { headers: { cookie: `${SESSION_COOKIE}=${token}` } }), response);
    const renewed = response.cookies.get(SESSION_COOKIE);
    expect(renewed?.maxAge).toBe(REMEMBERED_SESSION_IDLE);
    const payload = await decode({ token: renewed!.value, secret: env().NEXTAUTH_SECRET });
    expect(payload?.sid).toBe(claims.sid);
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(REMEMBERED_SESSION_IDLE);
  });
});

describe("a remembered session's idle limit", () => {
  const DAY = 24 * HOUR;

  /** The API call a browser makes at the moment the clock shows, and the session cookie it is sent back, if any. */
  async function callAt(owner: { email: string }, token: string, at: number) {
    vi.setSystemTime(at);
    const response = await listRequests(
      apiRequest("GET", `/api/inputs/${owner.email}`, { cookie: `${SESSION_COOKIE}=${token}` }),
      routeContext({ key: owner.email }),
    );
    const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    return { status: response.status, renewed: set ? set.slice(SESSION_COOKIE.length + 1).split(";")[0] : null, cookie: set ?? null };
  }

  it("ends a remembered session after 7 days unused, even with a token minted to live longer", async () => {
    const owner = await createOwner();
    const claims = await openSession(owner, true);
    expect(await apiStatus(owner, `${SESSION_COOKIE}=${await encodeIssuedAgo(claims, 6 * DAY)}`)).toBe(200);
    const unused = `${SESSION_COOKIE}=${await encodeIssuedAgo(claims, REMEMBERED_SESSION_IDLE + 60, REMEMBERED_SESSION_MAX_AGE)}`;
    expect(await apiStatus(owner, unused)).toBe(401);
    expect(await pageUser(unused)).toBeNull();
  });

  it("signing in with remember-me sets a cookie and a token that live 7 days", async () => {
    const owner = await createOwner();
    const { startSession } = await import("@/lib/auth/sessions");
    await startSession(owner, true);
    const cookie = actionRequest.jar.get(SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(REMEMBERED_SESSION_IDLE);
    const payload = await decode({ token: cookie.value, secret: env().NEXTAUTH_SECRET });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(REMEMBERED_SESSION_IDLE);
  });

  it("keeps a session in use alive past 7 days by renewing it, up to its 30 days and no further", async () => {
    const DAY_MS = DAY * 1000;
    const owner = await createOwner();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start);
      const signedIn = await encode({ token: await openSession(owner, true), secret: env().NEXTAUTH_SECRET, maxAge: REMEMBERED_SESSION_IDLE });

      // Used on day 6: still live, and re-issued for 7 more days.
      const day6 = await callAt(owner, signedIn, start + 6 * DAY_MS);
      expect(day6.status).toBe(200);
      expect(day6.cookie).toMatch(new RegExp(`Max-Age=${REMEMBERED_SESSION_IDLE}`, "i"));
      // Day 12: the renewed token works; the one from the sign-in, unused for 12 days, does not.
      expect((await callAt(owner, signedIn, start + 12 * DAY_MS)).status).toBe(401);
      let token = day6.renewed!;
      for (let day = 12; day < 30; day += 6) {
        const used = await callAt(owner, token, start + day * DAY_MS);
        expect(used.status, `day ${day}`).toBe(200);
        token = used.renewed!;
      }
      // The last renewal (day 24) lives only to the 30th day after signing in.
      const last = await decode({ token, secret: env().NEXTAUTH_SECRET });
      expect((last!.exp as number) * 1000).toBeLessThanOrEqual(start + REMEMBERED_SESSION_MAX_AGE * 1000 + 1000);
      expect((await callAt(owner, token, start + 29 * DAY_MS)).status).toBe(200);
      expect((await callAt(owner, token, start + 30 * DAY_MS + 60_000)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
