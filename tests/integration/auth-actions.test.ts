// The sign-up, sign-in and request forms' server actions against a real database: a post made without
// JavaScript is answered with a redirect and the session cookie next-auth would have set, the in-page
// form gets state instead; bad values give the same messages as the browser-side checks with nothing
// stored; the sign-in limits apply; no state handed back ever holds the password.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";
import { EMPTY_AUTH_FORM } from "@/lib/forms/state";
import { env } from "@/lib/env";
import { emptyRequestForm } from "@/lib/requests/form";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { actionRequest as request, form, redirectOf, sendCookie } from "../helpers/server-action";

const { signInAction, signUpAction } = await import("@/lib/auth/actions");
const { createRequestAction } = await import("@/lib/requests/actions");

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";
const PASSWORD = "Quiet-harbour-lantern-42";

async function sessionToken() {
  const cookie = request.jar.get("next-auth.session-token");
  return cookie ? { ...(await decode({ token: cookie.value, secret: env().NEXTAUTH_SECRET })), maxAge: cookie.maxAge } : null;
}

beforeEach(async () => {
  await resetDatabase();
  request.jar.clear();
  request.headers = new Headers({ "x-forwarded-for": `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
});

describe("sign-up action", () => {
  it("without JavaScript: creates the account, sets next-auth's session cookie and redirects to /inputs", async () => {
    const email = `new-${randomUUID()}@example.test`;
    const to = await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email: email.toUpperCase(), password: PASSWORD })));
    expect(to).toBe("/inputs");
    const user = await (await getDb()).user.findUnique({ where: { email }, select: { id: true } });
    const token = await sessionToken();
    expect(token?.sub).toBe(user?.id);
    expect(token?.email).toBe(email);
    expect(token?.remember).toBe(false);
    expect(token?.maxAge, "a browser-session cookie without remember-me").toBeUndefined();
  });

  it("in the page: answers with where to go next instead of a redirect; remember-me keeps the cookie 7 days (while unused)", async () => {
    const email = `new-${randomUUID()}@example.test`;
    const state = await signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD, remember: "on", in_page: "1" }));
    expect(state.next).toBe("/inputs");
    expect((await sessionToken())?.maxAge).toBe(7 * 24 * 60 * 60);
  });

  it.each([
    ["not-an-email", PASSWORD, "email", "An email address needs an @"],
    ["someone@example.test", "short", "password", "Use at least 8 characters"],
    ["someone@example.test", "Password1", "password", "one of the most common"],
  ])("refuses %s / %s with the form's message, keeps the email, never the password, stores nothing", async (email, password, field, message) => {
    const before = await snapshotTables();
    const state = await signUpAction(EMPTY_AUTH_FORM, form({ email, password }));
    expect(state.fieldErrors[field]).toContain(message);
    expect(state.email).toBe(email);
    expect(JSON.stringify(state)).not.toContain(password);
    expect(await snapshotTables()).toBe(before);
    expect(request.jar.size).toBe(0);
  });

  it("an address already registered gets the message and the way to sign in", async () => {
    const email = `taken-${randomUUID()}@example.test`;
    await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD })));
    request.jar.clear();
    const state = await signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD }));
    expect(state.message).toContain("already exists");
    expect(state.signInLink).toBe(true);
    expect(request.jar.size).toBe(0);
  });
});

describe("sign-in action", () => {
  async function registered(): Promise<string> {
    const email = `owner-${randomUUID()}@example.test`;
    await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD })));
    request.jar.clear();
    return email;
  }

  it("the right password signs in with a redirect to /inputs and a known-device cookie", async () => {
    const email = await registered();
    expect(await redirectOf(signInAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD })))).toBe("/inputs");
    expect((await sessionToken())?.email).toBe(email);
    expect(request.jar.has("fixwell.device")).toBe(true);
  });

  it("a wrong password gets the one message for any mismatch, the email kept, no cookie", async () => {
    const email = await registered();
    const state = await signInAction(EMPTY_AUTH_FORM, form({ email, password: "Not-the-right-one-9" }));
    expect(state.message).toBe("That email and password do not match an account. Check them and try again.");
    expect(state.email).toBe(email);
    expect(JSON.stringify(state)).not.toContain("Not-the-right-one-9");
    expect(request.jar.has("next-auth.session-token")).toBe(false);
  });

  it("the sign-in limits apply: after ten failures from one address even the right password is refused", async () => {
    const email = await registered();
    for (let i = 0; i < 10; i += 1) {
      vi.setSystemTime(Date.now() + 61_000); // past the growing wait between an account's failures
      await signInAction(EMPTY_AUTH_FORM, form({ email, password: `Wrong-guess-${i}-x` }));
    }
    const state = await signInAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD }));
    vi.useRealTimers();
    expect(state.message).toMatch(/Too many failed sign-in attempts/);
    expect(request.jar.has("next-auth.session-token")).toBe(false);
  });
});

describe("request action", () => {
  async function signedIn(): Promise<string> {
    const email = `homeowner-${randomUUID()}@example.test`;
    await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD })));
    sendCookie();
    return email;
  }

  const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  it("stores the request under the form's id once, however often it is posted, and redirects to the criterion choice", async () => {
    await signedIn();
    const id = randomUUID();
    const fields = { request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "Hallway walls." };
    expect(await redirectOf(createRequestAction(emptyRequestForm(id), form(fields)))).toBe(`/inputs/criteria/${id}`);
    const again = await createRequestAction(emptyRequestForm(id), form({ ...fields, in_page: "1" }));
    expect(again.saved?.id).toBe(id);
    expect(await (await getDb()).repairRequest.count()).toBe(1);
  });

  it("bad values get the form's messages and store nothing", async () => {
    await signedIn();
    const before = await snapshotTables();
    const id = randomUUID();
    const state = await createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Roofing", city: "", date: "2020-01-01", details: "" }));
    expect(state.message).toBe("Please fix the 4 fields marked below.");
    expect(state.fieldErrors).toMatchObject({ task_type: "Choose a task type.", city: "Choose a city.", date: "Choose today or a later date." });
    expect(state.values.task_type).toBe("Roofing");
    expect(await snapshotTables()).toBe(before);
  });

  it("a signed-out post is sent to the home page and stores nothing", async () => {
    const before = await snapshotTables();
    const id = randomUUID();
    const post = createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow() }));
    expect(await redirectOf(post)).toBe("/");
    expect(await snapshotTables()).toBe(before);
  });
});
