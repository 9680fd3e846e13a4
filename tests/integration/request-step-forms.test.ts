// The forms of a request's life and of an invitation, through their server actions against a real
// database: the same rules and refusals as the API (fields posted as text), the signed-in user from the
// session cookie, the page's own state carried along, and a set-password link that works once and
// signs nobody in.
import { beforeEach, describe, expect, it } from "vitest";
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";

const actions = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { setPasswordAction } = await import("@/lib/auth/actions");
const { EMPTY_SET_PASSWORD_FORM } = await import("@/lib/forms/state");
const { inviteHandyman } = await import("@/lib/handymen/invite");
const { verifyPassword } = await import("@/lib/auth/passwords");
const { signInAction } = await import("@/lib/auth/actions");
const { EMPTY_AUTH_FORM } = await import("@/lib/forms/state");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;

/** A form as the page's script posts it (in place); `{ script: false }` for a plain browser post. */
function form(fields: Record<string, string>, { script = true } = {}): FormData {
  return postedForm(script ? { ...fields, in_page: "1" } : fields);
}

const wentThrough = (next: string) => ({ message: null, next });

const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};

let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let offerId: string;

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  offerId = (await openOfferOf(requestId)).id;
});

describe("the homeowner's forms", () => {
  it("cancel: cancels the request as the page showed it, and explains when it moved on meanwhile", async () => {
    as(nina);
    expect(await actions.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject(wentThrough("/pro?notice=accepted"));
    as(owner);
    const stale = await actions.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "offered" }));
    expect(stale).toMatchObject({ message: expect.stringMatching(/already accepted/) });
    expect(stale.next).toBeUndefined();
    expect((await storedLife(requestId)).state).toBe("accepted");
    const plainPost = actions.cancelRequestAction(IDLE_STEP, form({ request_id: requestId, state: "accepted" }, { script: false }));
    expect(await redirectOf(plainPost)).toBe(`/dashboard/orders/${requestId}?notice=cancelled`);
    expect((await storedLife(requestId)).state).toBe("cancelled");
  });

  it("new date: refuses a day in the past beside the field, and saves a later one", async () => {
    as(owner);
    const refused = await actions.changeDateAction(IDLE_STEP, form({ request_id: requestId, state: "offered", date: amsterdamDay(-1) }));
    expect(refused).toMatchObject({ fieldErrors: { date: "Choose today or a later date." } });
    expect(await actions.changeDateAction(IDLE_STEP, form({ request_id: requestId, state: "offered", date: amsterdamDay(8) }))).toMatchObject(
      wentThrough(`/dashboard/orders/${requestId}?notice=date-changed`),
    );
    expect((await storedLife(requestId)).date.toISOString().slice(0, 10)).toBe(amsterdamDay(8));
  });

  it("review: takes the stars as posted text once the job is done, and refuses 6 stars beside the field", async () => {
    as(nina);
    await actions.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }));
    await actions.markDoneAction(IDLE_STEP, form({ offer_id: offerId }));
    as(owner);
    const before = await snapshotTables();
    expect(await actions.reviewAction(IDLE_STEP, form({ request_id: requestId, stars: "6", text: "" }))).toMatchObject({ fieldErrors: { stars: "Give at most 5 stars." } });
    expect(await snapshotTables()).toBe(before);
    expect(await actions.reviewAction(IDLE_STEP, form({ request_id: requestId, stars: "5", text: "Quick and tidy.\r\nThanks!" }))).toMatchObject(
      wentThrough(`/dashboard/orders/${requestId}?notice=reviewed`),
    );
    expect(await (await getDb()).review.findUniqueOrThrow({ where: { requestId }, select: { stars: true, text: true } })).toEqual({ stars: 5, text: "Quick and tidy.\nThanks!" });
  });

  it("pick instead: gives the request to one of the next two, never to anyone else", async () => {
    as(owner);
    expect(await actions.pickHandymanAction(IDLE_STEP, form({ request_id: requestId, handyman_id: "26" }))).toMatchObject({ message: expect.stringMatching(/not one of the two/) });
    expect(await actions.pickHandymanAction(IDLE_STEP, form({ request_id: requestId, handyman_id: "10" }))).toMatchObject(
      wentThrough(`/inputs/criteria/arranging?input=${requestId}&notice=picked`),
    );
    expect((await openOfferOf(requestId)).handymanId).toBe(10);
  });

  it("treats another homeowner's request, and a forged id, as not found, and changes nothing", async () => {
    as(await createSignedInUser("stranger@example.test"));
    const before = await snapshotTables();
    for (const id of [requestId, "not-an-id"]) {
      expect(await actions.cancelRequestAction(IDLE_STEP, form({ request_id: id }))).toMatchObject({ message: "That request was not found." });
    }
    expect(await snapshotTables()).toBe(before);
  });
});

describe("the handyman's forms", () => {
  it("decline keeps the reason; another handyman's forms cannot touch the offer", async () => {
    as(await createSignedInHandyman(10, "hidde@example.test"));
    expect(await actions.declineOfferAction(IDLE_STEP, form({ offer_id: offerId, reason: "" }))).toMatchObject({ message: "That request was not found." });
    as(nina);
    expect(await actions.declineOfferAction(IDLE_STEP, form({ offer_id: offerId, reason: "Fully booked" }))).toMatchObject(wentThrough("/pro?notice=declined"));
    expect((await storedLife(requestId)).offers[0]).toMatchObject({ status: "declined", declineReason: "Fully booked" });
  });

  it("answers a new date with the button pressed, and switches 'available now'", async () => {
    as(nina);
    await actions.acceptOfferAction(IDLE_STEP, form({ offer_id: offerId }));
    as(owner);
    await actions.changeDateAction(IDLE_STEP, form({ request_id: requestId, state: "accepted", date: amsterdamDay(12) }));
    as(nina);
    expect(await actions.answerDateAction(IDLE_STEP, form({ offer_id: offerId, confirm: "true" }))).toMatchObject(wentThrough("/pro?notice=date-answered"));
    expect((await storedLife(requestId)).date.toISOString().slice(0, 10)).toBe(amsterdamDay(12));
    expect(await actions.setAvailabilityAction(IDLE_STEP, form({ available: "true" }))).toMatchObject(wentThrough("/pro?notice=availability"));
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 18 } })).available).toBe(true);
    as(owner);
    expect(await actions.setAvailabilityAction(IDLE_STEP, form({ available: "false" }))).toMatchObject({ message: "That page was not found." });
  });
});

describe("signing in", () => {
  it("takes a handyman to /pro and a homeowner to /inputs", async () => {
    const { hashPassword } = await import("@/lib/auth/passwords");
    const db = await getDb();
    const passwordHash = await hashPassword("Tidy-brushes-in-Delfshaven");
    await db.user.updateMany({ where: { email: { in: ["nina@example.test", "owner@example.test"] } }, data: { passwordHash } });
    actionRequest.headers = new Headers();
    for (const [email, landing] of [["nina@example.test", "/pro"], ["owner@example.test", "/inputs"]]) {
      const answer = await signInAction(EMPTY_AUTH_FORM, form({ email, password: "Tidy-brushes-in-Delfshaven" }));
      expect(answer.next, email).toBe(landing);
    }
  });
});

describe("set-password form of an invitation", () => {
  async function invitedToken(): Promise<string> {
    await inviteHandyman(23, "bas@example.test");
    const mail = await (await getDb()).outboxMessage.findFirstOrThrow({ where: { recipient: "bas@example.test" } });
    return /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  }

  it("sets the password, confirms the address, signs nobody in and sends the browser to sign in; the link then works no more", async () => {
    const token = await invitedToken();
    const db = await getDb();
    const before = await db.user.findUniqueOrThrow({ where: { email: "bas@example.test" } });
    const redirectedTo = await redirectOf(setPasswordAction(EMPTY_SET_PASSWORD_FORM, form({ token, password: "Tidy-brushes-in-Delfshaven" }, { script: false })));
    expect(redirectedTo).toBe("/login?notice=password-set");
    const after = await db.user.findUniqueOrThrow({ where: { email: "bas@example.test" } });
    expect(await verifyPassword(after.passwordHash, "Tidy-brushes-in-Delfshaven")).toBe(true);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.emailVerifiedAt).not.toBeNull();
    const again = await setPasswordAction(EMPTY_SET_PASSWORD_FORM, form({ token, password: "Another-long-passphrase" }));
    expect(again.message).toMatch(/expired or has already been used/);
    expect(await verifyPassword((await db.user.findUniqueOrThrow({ where: { email: "bas@example.test" } })).passwordHash, "Tidy-brushes-in-Delfshaven")).toBe(true);
  });

  it.each([
    ["too short", "short", /at least 8/],
    ["a common one", "password123", /most common/],
  ])("refuses a password that is %s beside the field, and leaves the link usable", async (_what, password, message) => {
    const token = await invitedToken();
    const refused = await setPasswordAction(EMPTY_SET_PASSWORD_FORM, form({ token, password }));
    expect(refused.fieldErrors.password).toMatch(message);
    const done = await setPasswordAction(EMPTY_SET_PASSWORD_FORM, form({ token, password: "Tidy-brushes-in-Delfshaven" }));
    expect(done.next).toBe("/login?notice=password-set");
  });

  it("refuses a forged token", async () => {
    const refused = await setPasswordAction(EMPTY_SET_PASSWORD_FORM, form({ token: "x".repeat(43), password: "Tidy-brushes-in-Delfshaven" }));
    expect(refused.message).toMatch(/expired or has already been used/);
  });
});
