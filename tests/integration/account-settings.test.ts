// What a signed-in person can do with their account on /account, against a real database and a real
// SMTP server: change the password (current one required; other sessions end, this one stays), download
// their data, and delete the account (password required; requests removed, or anonymised where a
// handyman accepted the job; a goodbye mail). Every refusal changes nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";
import { actionRequest, form, redirectOf, sendCookie, SESSION_COOKIE } from "../helpers/server-action";
import { getDb, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { apiRequest, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";
import { withMailWorker, waitForMailTo } from "../helpers/smtp";

const { changePasswordAction, deleteAccountAction } = await import("@/lib/account/actions");
const { signInAction } = await import("@/lib/auth/actions");
const { EMPTY_ACCOUNT_FORM, EMPTY_AUTH_FORM } = await import("@/lib/forms/state");
const { getUserFromRequest } = await import("@/lib/auth/current-user");
const { acceptOffer, markDone } = await import("@/lib/requests/workflow");
const { getProViewOrThrow } = await import("@/lib/handymen/offers");
const exportRoute = await import("@/app/api/account/export/route");
const { env } = await import("@/lib/env");

const PASSWORD = "Quiet-harbour-lantern-42";
const NEW_PASSWORD = "Copper-kettle-morning-77";
const LEAK_ROTTERDAM = { taskType: "Pipe-leakage", city: "Rotterdam" };
const LEAK_AMSTERDAM = { taskType: "Pipe-leakage", city: "Amsterdam" };

const mail = withMailWorker();
let owner: TestUser;

beforeEach(async () => {
  actionRequest.jar.clear();
  owner = await createUserWithPassword("owner@example.test", PASSWORD);
  actionRequest.headers = new Headers();
  sendCookie(owner.cookie);
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

async function signsIn(email: string, password: string): Promise<boolean> {
  const saved = new Map(actionRequest.jar);
  const to = await redirectOf(signInAction(EMPTY_AUTH_FORM, form({ email, password })));
  actionRequest.jar.clear();
  for (const [name, value] of saved) actionRequest.jar.set(name, value);
  return to === "/inputs";
}

const storedOwner = async () => (await getDb()).user.findUnique({ where: { id: owner.id } });

describe("change password", () => {
  const change = (currentPassword: string, newPassword: string) => changePasswordAction(EMPTY_ACCOUNT_FORM, form({ currentPassword, newPassword }));

  it("with the current password: the new one works, the old one not, other sessions end, this browser stays signed in, a notice is mailed", async () => {
    const state = await change(PASSWORD, NEW_PASSWORD);
    expect(state.notice).toMatch(/Your password was changed/);
    expect(JSON.stringify(state)).not.toContain(NEW_PASSWORD);
    const renewed = actionRequest.jar.get(SESSION_COOKIE);
    expect((await decode({ token: renewed!.value, secret: env().NEXTAUTH_SECRET }))?.sub).toBe(owner.id);
    const asBefore = apiRequest("GET", "/api/account/export", { cookie: owner.cookie });
    expect(await getUserFromRequest(asBefore), "a cookie issued before the change signs nobody in").toBeNull();
    const asNow = apiRequest("GET", "/api/account/export", { cookie: `${SESSION_COOKIE}=${renewed!.value}` });
    expect((await getUserFromRequest(asNow))?.id, "this browser stays signed in").toBe(owner.id);
    expect(await signsIn(owner.email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(owner.email, PASSWORD)).toBe(false);
    await waitForMailTo(mail.smtp, owner.email, /password was changed/);
  });

  it("keeps this browser's remember-me choice on the renewed session", async () => {
    actionRequest.jar.clear();
    expect(await redirectOf(signInAction(EMPTY_AUTH_FORM, form({ email: owner.email, password: PASSWORD, remember: "on" })))).toBe("/inputs");
    sendCookie();
    await change(PASSWORD, NEW_PASSWORD);
    expect(actionRequest.jar.get(SESSION_COOKIE)?.maxAge).toBe(7 * 24 * 60 * 60);
  });

  it.each([
    ["a wrong current password", "Not-my-password-1", NEW_PASSWORD, "currentPassword", /not your current password/],
    ["no current password", "", NEW_PASSWORD, "currentPassword", /Enter your current password/],
    ["a new password that is too short", PASSWORD, "short", "newPassword", /at least 8 characters/],
    ["a new password among the most common", PASSWORD, "Password1", "newPassword", /one of the most common/],
    ["the same password again", PASSWORD, PASSWORD, "newPassword", /the one you have now/],
  ])("%s is named by its field and nothing changes, nothing is mailed", async (_what, current, next, field, message) => {
    const before = await snapshotTables();
    const state = await change(current, next);
    expect(state.fieldErrors[field]).toMatch(message);
    expect(state.notice).toBeUndefined();
    expect(await snapshotTables()).toBe(before);
    expect(await signsIn(owner.email, PASSWORD)).toBe(true);
  });

  it("after 10 wrong current passwords in 15 minutes even the right one is refused for a while, and nothing changes", async () => {
    for (let i = 0; i < 10; i += 1) await change(`Wrong-guess-${i}-x`, NEW_PASSWORD);
    const before = await snapshotTables();
    const state = await change(PASSWORD, NEW_PASSWORD);
    expect(state.message).toMatch(/Too many wrong passwords/);
    expect(await snapshotTables()).toBe(before);
  });

  it("ten wrong passwords typed into 'delete my account' (a stolen session guessing) do not stop the owner changing the password", async () => {
    for (let i = 0; i < 10; i += 1) {
      const state = await deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password: `Wrong-guess-${i}-x` }));
      expect(state.fieldErrors.password).toBeDefined();
    }
    expect((await deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password: PASSWORD }))).message, "the guessed-at form is held").toMatch(/Too many wrong passwords/);
    const state = await change(PASSWORD, NEW_PASSWORD);
    expect(state.notice).toMatch(/Your password was changed/);
    expect(await signsIn(owner.email, NEW_PASSWORD)).toBe(true);
  });

  it("counts wrong current passwords per form: change, delete and an operator's confirmation each have their own ten", async () => {
    const { checkCurrentPassword } = await import("@/lib/auth/passwords");
    const { createAuthLimiters } = await import("@/lib/auth/limits");
    const limiters = createAuthLimiters("memory");
    for (let i = 0; i < 10; i += 1) expect(await checkCurrentPassword(owner.id, `Wrong-${i}-x`, "operator_confirmation", limiters)).toEqual({ kind: "wrong" });
    expect(await checkCurrentPassword(owner.id, PASSWORD, "operator_confirmation", limiters)).toMatchObject({ kind: "rate_limited" });
    expect(await checkCurrentPassword(owner.id, PASSWORD, "change_password", limiters)).toEqual({ kind: "ok" });
    expect(await checkCurrentPassword(owner.id, PASSWORD, "delete_account", limiters)).toEqual({ kind: "ok" });
  });

  it("a signed-out post is sent to the home page and changes nothing", async () => {
    sendCookie(null);
    const before = await snapshotTables();
    expect(await redirectOf(change(PASSWORD, NEW_PASSWORD))).toBe("/");
    expect(await snapshotTables()).toBe(before);
  });
});

describe("download my data", () => {
  it("is a JSON attachment, never cached, with the account and every request and its history, and no secrets", async () => {
    const painting = await submitRequest(owner, { taskType: "Painting", city: "Amsterdam", details: "Two walls in the hall." });
    const leak = await submitRequest(owner, LEAK_ROTTERDAM);
    expect((await chooseCriterion(owner, leak, "price", LEAK_ROTTERDAM)).status).toBe(200);

    const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: owner.cookie }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="fixwell-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: owner.id, email: owner.email, role: "homeowner", emailVerifiedAt: null });
    expect(data.requests.map((r: { id: string }) => r.id).sort()).toEqual([painting, leak].sort());
    const offered = data.requests.find((r: { id: string }) => r.id === leak);
    expect(offered).toMatchObject({ taskType: "Pipe-leakage", city: "Rotterdam", state: "offered", criterion: "price" });
    expect(offered.timeline).toEqual([expect.objectContaining({ step: "offer", by: "homeowner", from: "submitted", to: "offered" })]);
    expect(offered.offers).toEqual([expect.objectContaining({ status: "open" })]);
    expect(data.requests.find((r: { id: string }) => r.id === painting).details).toBe("Two walls in the hall.");
    const db = await getDb();
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(text).not.toContain(passwordHash);
    expect(text).not.toMatch(/password|tokenHash|sessionVersion/i);
  });

  it("answers 401 without a session", async () => {
    const response = await exportRoute.GET(apiRequest("GET", "/api/account/export"), routeContext());
    expect(response.status).toBe(401);
  });
});

describe("delete my account", () => {
  const remove = (password: string, extra: Record<string, string> = {}) => deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password, ...extra }));

  it("with the password: removes the account and its requests, signs out, goes home with a notice and mails a goodbye", async () => {
    await submitRequest(owner, { taskType: "Painting", city: "Amsterdam" });
    actionRequest.jar.set(SESSION_COOKIE, { value: owner.cookie.split("=")[1] });
    expect(await redirectOf(remove(PASSWORD))).toBe("/?notice=account-deleted");
    expect(actionRequest.jar.has(SESSION_COOKIE)).toBe(false);
    const db = await getDb();
    expect(await storedOwner()).toBeNull();
    expect(await db.repairRequest.count()).toBe(0);
    expect(await db.accountToken.count()).toBe(0);
    expect(await getUserFromRequest(apiRequest("GET", "/api/account/export", { cookie: owner.cookie }))).toBeNull();
    expect(await signsIn(owner.email, PASSWORD)).toBe(false);
    const goodbye = await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
    expect(goodbye.parsed.text).toContain("we deleted your Fixwell account and the repair requests in it");
  });

  it("the in-page form is redirected too: with the session gone, the account page could not show an answer", async () => {
    expect(await redirectOf(remove(PASSWORD, { in_page: "1" }))).toBe("/?notice=account-deleted");
  });

  it.each([
    ["a wrong password", "Not-my-password-1", /not your password/],
    ["no password", "", /Enter your password to confirm/],
  ])("%s deletes nothing, says why by the field, and mails nothing", async (_what, password, message) => {
    await submitRequest(owner, { taskType: "Painting", city: "Amsterdam" });
    const before = await snapshotTables();
    const state = await remove(password);
    expect(state.fieldErrors.password).toMatch(message);
    expect(await snapshotTables()).toBe(before);
  });

  it("keeps the jobs handymen accepted, without the owner's address or details; cancels what was still to be done and tells the handymen", async () => {
    const nina = await createSignedInHandyman(18, "nina@example.test");
    const thijs = await createSignedInHandyman(9, "thijs@example.test");
    const offerTo = async (where: typeof LEAK_ROTTERDAM, details: string) => {
      const id = await submitRequest(owner, { ...where, details });
      expect((await chooseCriterion(owner, id, "price", where)).status).toBe(200);
      return { id, offerId: (await openOfferOf(id)).id };
    };
    const done = await offerTo(LEAK_ROTTERDAM, "Under the sink, flat 3B");
    await acceptOffer(nina, done.offerId);
    await markDone(nina, done.offerId);
    const accepted = await offerTo(LEAK_ROTTERDAM, "Call me on 06-12345678");
    await acceptOffer(nina, accepted.offerId);
    const offered = await offerTo(LEAK_AMSTERDAM, "Behind the boiler");
    const submitted = await submitRequest(owner, { taskType: "Painting", city: "Rotterdam" });
    const db = await getDb();
    await db.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } });
    mail.smtp.received.length = 0;

    expect(await redirectOf(remove(PASSWORD))).toBe("/?notice=account-deleted");

    expect(await storedOwner(), "the account itself is gone").toBeNull();
    const kept = await db.repairRequest.findMany({
      where: { id: { in: [done.id, accepted.id] } },
      orderBy: { createdAt: "asc" },
      select: { id: true, state: true, details: true, user: { select: { email: true, emailVerifiedAt: true, passwordHash: true } } },
    });
    expect(kept.map(({ id, state, details }) => ({ id, state, details }))).toEqual([
      { id: done.id, state: "done", details: "" },
      { id: accepted.id, state: "cancelled", details: "" },
    ]);
    for (const { user } of kept) {
      expect(user.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
      expect(user.emailVerifiedAt).toBeNull();
      expect(await signsIn(user.email, "")).toBe(false);
    }
    expect(kept[0].user.email).toBe(kept[1].user.email);
    expect(await db.repairRequest.findUnique({ where: { id: offered.id } })).toBeNull();
    expect(await db.repairRequest.findUnique({ where: { id: submitted } })).toBeNull();
    expect(await getUserFromRequest(apiRequest("GET", "/api/account/export", { cookie: owner.cookie })), "the old cookie signs nobody in").toBeNull();

    const ninaView = await getProViewOrThrow(nina);
    expect(ninaView.offers.map((offer) => offer.homeowner)).toEqual([null, null]);
    expect(JSON.stringify(ninaView)).not.toMatch(/owner@example\.test|flat 3B|06-12345678/);
    await waitForMailTo(mail.smtp, nina.email, /^Cancelled: /);
    await waitForMailTo(mail.smtp, thijs.email, /^Cancelled: /);
    const goodbye = await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
    expect(goodbye.parsed.text).toContain("2 jobs a handyman had accepted stay in that handyman's records");
    expect(await signsIn(owner.email, PASSWORD)).toBe(false);
  });

  it("while the SMTP server is down the deletion is complete at once and the goodbye arrives when the server is back", async () => {
    await mail.smtp.stop();
    expect(await redirectOf(remove(PASSWORD))).toBe("/?notice=account-deleted");
    expect(await storedOwner()).toBeNull();
    const db = await getDb();
    expect((await db.outboxMessage.findFirstOrThrow({ where: { recipient: owner.email } })).sentAt).toBeNull();
    await mail.smtp.start();
    await waitForMailTo(mail.smtp, owner.email, /account was deleted/);
  });
});
