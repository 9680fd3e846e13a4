// A handyman who deletes their account leaves the market, against a real database: before, their open
// offers stayed open, their profile stayed matchable (new requests went to nobody who could answer) and
// jobs they had accepted could never be marked done. Now, in the deletion's one transaction, each open
// offer passes to the next handyman (as a suspension does), each accepted job not done yet is cancelled
// with the reason on its timeline and a mail to its homeowner, and the profile is never matched again.
// Leaking pipes in Rotterdam by price go to Nina (18), then Hidde (10), then Jelle (29).
import { beforeEach, describe, expect, it } from "vitest";
import * as acceptRoute from "../../app/api/pro/offers/[offerId]/accept/route";
import * as doneRoute from "../../app/api/pro/offers/[offerId]/done/route";
import * as requestRoute from "../../app/api/requests/[requestId]/route";
import * as reviewRoute from "../../app/api/requests/[requestId]/review/route";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, mailTo, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";

const { deleteAccount } = await import("@/lib/account/delete");
const { listCandidates } = await import("@/lib/handymen/queries");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;
const HIDDE = 10;
const PASSWORD = "Quiet-harbour-lantern-42";

let nina: TestHandyman;
let offeredTo: TestUser;
let acceptedBy: TestUser;
let doneFor: TestUser;
let offered: string;
let accepted: string;
let done: string;

async function handymanWithPassword(handymanId: number, email: string): Promise<TestHandyman> {
  const user = await createUserWithPassword(email, PASSWORD);
  const db = await getDb();
  await db.user.update({ where: { id: user.id }, data: { role: "handyman" } });
  await db.handyman.update({ where: { id: handymanId }, data: { userId: user.id } });
  return { ...user, handymanId };
}

async function offeredToNina(owner: TestUser): Promise<{ id: string; offerId: string }> {
  const id = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
  const offer = await openOfferOf(id);
  expect(offer.handymanId).toBe(NINA);
  return { id, offerId: offer.id };
}

const onOffer = (offerId: string, route: typeof acceptRoute | typeof doneRoute, path: string) =>
  route.POST(apiRequest("POST", `/api/pro/offers/${offerId}/${path}`, { cookie: nina.cookie }), routeContext({ offerId }));

beforeEach(async () => {
  await resetDatabase();
  nina = await handymanWithPassword(NINA, "nina@example.test");
  offeredTo = await createSignedInUser("anna@example.test");
  acceptedBy = await createSignedInUser("bram@example.test");
  doneFor = await createSignedInUser("cees@example.test");
  offered = (await offeredToNina(offeredTo)).id;
  const second = await offeredToNina(acceptedBy);
  accepted = second.id;
  expect((await onOffer(second.offerId, acceptRoute, "accept")).status).toBe(200);
  const third = await offeredToNina(doneFor);
  done = third.id;
  expect((await onOffer(third.offerId, acceptRoute, "accept")).status).toBe(200);
  expect((await onOffer(third.offerId, doneRoute, "done")).status).toBe(200);
});

describe("a handyman deletes their account", () => {
  it("passes each open offer to the next handyman, as a suspension does, and tells the homeowner", async () => {
    expect((await deleteAccount(nina.id, PASSWORD)).kind).toBe("deleted");
    const life = await storedLife(offered);
    expect(life.state).toBe("offered");
    expect(life.offers.map((o) => [o.handymanId, o.status])).toEqual([
      [NINA, "withdrawn"],
      [HIDDE, "open"],
    ]);
    expect(life.events.at(-1)).toMatchObject({ action: "reassign", actorRole: "system", handymanId: HIDDE });
    const passedOn = (await mailTo(offeredTo.email)).find((m) => /went to Hidde/.test(m.subject));
    expect(passedOn?.text).toMatch(/can no longer take your/);
  });

  it("cancels each job they accepted and had not finished, with the reason on its timeline and a mail to its homeowner", async () => {
    expect((await deleteAccount(nina.id, PASSWORD)).kind).toBe("deleted");
    const life = await storedLife(accepted);
    expect(life.state).toBe("cancelled");
    expect(life.events.at(-1)).toMatchObject({ action: "cancel", fromState: "accepted", toState: "cancelled", actorRole: "system", handymanId: NINA });
    expect(life.events.at(-1)?.note).toMatch(/left Fixwell/);
    const details = await requestRoute.GET(apiRequest("GET", `/api/requests/${accepted}`, { cookie: acceptedBy.cookie }), routeContext({ requestId: accepted }));
    const { request } = (await details.json()) as { request: { timeline: { title: string }[] } };
    expect(request.timeline.at(-1)?.title).toBe("The handyman left Fixwell, so the job is cancelled");
    const mails = await mailTo(acceptedBy.email);
    const told = mails.find((m) => /can no longer do your/.test(m.subject));
    expect(told?.text).toMatch(/has left Fixwell, so we cancelled the job/);
    expect(told?.text).toMatch(/Ask for the repair again/);
  });

  it("leaves a finished job as it is, and its homeowner can still review it", async () => {
    expect((await deleteAccount(nina.id, PASSWORD)).kind).toBe("deleted");
    expect((await storedLife(done)).state).toBe("done");
    const review = await reviewRoute.POST(apiRequest("POST", `/api/requests/${done}/review`, { cookie: doneFor.cookie, body: { stars: 4, text: "Fixed it" } }), routeContext({ requestId: done }));
    expect(review.status).toBe(200);
  });

  it("takes the profile out of matching: a new request goes to the next handyman, never to the departed one", async () => {
    expect((await deleteAccount(nina.id, PASSWORD)).kind).toBe("deleted");
    const db = await getDb();
    expect(await db.handyman.findUniqueOrThrow({ where: { id: NINA }, select: { suspended: true, userId: true } })).toEqual({ suspended: true, userId: null });
    expect((await listCandidates(db, { ...LEAK, date: "2027-03-01" })).map((h) => h.id)).not.toContain(NINA);
    const later = await createSignedInUser("dirk@example.test");
    const id = await submitRequest(later, LEAK);
    expect((await chooseCriterion(later, id, "price", LEAK)).status).toBe(200);
    expect((await openOfferOf(id)).handymanId).toBe(HIDDE);
  });

  it("changes nothing of the market on a wrong password", async () => {
    expect((await deleteAccount(nina.id, "wrong-password-entirely")).kind).toBe("wrong_password");
    expect((await openOfferOf(offered)).handymanId).toBe(NINA);
    expect((await storedLife(accepted)).state).toBe("accepted");
    const db = await getDb();
    expect((await db.handyman.findUniqueOrThrow({ where: { id: NINA }, select: { suspended: true } })).suspended).toBe(false);
  });

  it("leaves the market of a homeowner's deletion as it was (no handyman profile to take out)", async () => {
    expect((await deleteAccount(offeredTo.id, PASSWORD)).kind).toBe("wrong_password");
    const owner = await createUserWithPassword("erik@example.test", PASSWORD);
    await submitRequest(owner, LEAK);
    expect((await deleteAccount(owner.id, PASSWORD)).kind).toBe("deleted");
    const db = await getDb();
    expect((await db.handyman.findUniqueOrThrow({ where: { id: NINA }, select: { suspended: true } })).suspended).toBe(false);
    expect((await openOfferOf(offered)).handymanId).toBe(NINA);
  });
});
