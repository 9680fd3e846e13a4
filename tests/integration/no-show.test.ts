// On the day of a paid job (issue #34, "On the day"), through the real @mollie/api-client against the
// stand-in: "On my way" (the homeowner notified) and "I'm at the door", only on the agreed day; the
// homeowner's no-show reported 20 minutes after "at the door" with a door photo (re-encoded, metadata gone),
// settled when the 2-hour window ends unchallenged as a late cancellation (an hour to the handyman less
// commission, the rest refunded, as the ledger shows), or objected to (a dispute an operator decides); the
// handyman's no-show after the agreed window: a full refund and a reliability mark. The clock of every timed
// rule is the test's: each step takes `now`. Bad input: before 20 minutes, without a photo, on another day,
// someone else's job, twice — a clear refusal and nothing moved.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createUserWithPassword, type TestUser } from "../helpers/session";
import { paidJob as paidJobOf, startTestPayments, type TestPayments } from "../helpers/payments";
import { phoneJpeg } from "../helpers/photos";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { routeContext } from "../helpers/session";
import * as doorPhotoRoute from "../../app/api/requests/[requestId]/door-photo/route";

// Commission as in production, from a day long past, so the late fee carries some.
process.env.COMMISSION_PERCENT = "10";
process.env.COMMISSION_FROM = "2000-01-01";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { getPaymentBalance } = await import("@/lib/payments");
const { acceptOffer } = await import("@/lib/requests/workflow");
const { lookUpProfile } = await import("@/lib/handymen/profile");
const { agreedDayStart } = await import("@/lib/payments/cancellation");
const noShows = await import("@/lib/requests/no-show");
const { decideDispute, getDisputeOrThrow } = await import("@/lib/ops/disputes");
const { ApiError } = await import("@/lib/api/errors");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const PASSWORD = "Quiet-harbour-lantern-42";
const NINA = 18;
const MINUTE = 60_000;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });
const operatorOf = (user: TestUser) => ({ ...sessionOf(user), role: "operator" }) as never;

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;

beforeAll(async () => {
  payments = await startTestPayments();
});

afterAll(async () => {
  await payments.close();
});

beforeEach(async () => {
  payments.reset();
  await resetDatabase();
  owner = await createUserWithPassword(`owner-${Date.now()}@example.test`, PASSWORD);
  nina = await createSignedInHandyman(NINA, `nina-${Date.now()}@example.test`);
});

/** A job of the owner's on `date`, accepted by Nina, quoted at €242 (labour €200 + 21%) and paid. */
async function paidJob(date = amsterdamDay(3)) {
  const { requestId, offerId, paymentId } = await paidJobOf(owner, nina, { ...LEAK, date }, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" } }, payments);
  return { requestId, offerId, paymentId, date };
}

/** `hours` after 00:00 of `date` in the Netherlands. */
const at = (date: string, hours: number) => new Date(agreedDayStart(date).getTime() + hours * 3_600_000);

async function refusal(promise: Promise<unknown>): Promise<{ code: string; key: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, key: error.text?.key };
    throw error;
  }
  throw new Error("not refused");
}

async function ninasHourCents() {
  return (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: NINA }, select: { hourlyPriceCents: true } })).hourlyPriceCents;
}

async function ninasReliability() {
  const slug = (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: NINA }, select: { slug: true } })).slug;
  const found = await lookUpProfile(slug);
  if (found.kind !== "listed") throw new Error(`Nina's profile is ${found.kind}`);
  return found.profile.reliability;
}

/** On my way at 9:00, at the door at 9:30 of the job's day. */
async function arrive(offerId: string, date: string) {
  await noShows.sayOnMyWay(sessionOf(nina), offerId, at(date, 9));
  await noShows.sayAtTheDoor(sessionOf(nina), offerId, at(date, 9.5));
}

describe("on my way and at the door", () => {
  it("records both times on the agreed day, tells the homeowner the handyman is on the way, and puts both on the timeline", async () => {
    const { requestId, offerId, date } = await paidJob();
    await arrive(offerId, date);
    const db = await getDb();
    expect(await db.jobArrival.findUniqueOrThrow({ where: { offerId } })).toMatchObject({ requestId, handymanId: NINA, onMyWayAt: at(date, 9), atDoorAt: at(date, 9.5) });
    const mail = (await mailTo(owner.email)).at(-1);
    expect(mail?.subject).toMatch(/is on the way/);
    const events = await db.requestEvent.findMany({ where: { requestId }, orderBy: { id: "asc" }, select: { action: true, actorRole: true } });
    expect(events.slice(-2)).toEqual([
      { action: "on_my_way", actorRole: "handyman" },
      { action: "at_the_door", actorRole: "handyman" },
    ]);
    expect(await noShows.onTheDayOf({ id: requestId, date })).toMatchObject({ onMyWayAt: at(date, 9).toISOString(), atDoorAt: at(date, 9.5).toISOString(), noShow: null });
  });

  it("refuses both on another day (the day before, in the Netherlands), and the second press of each: nothing recorded twice", async () => {
    const { offerId, date } = await paidJob();
    // 23:30 the evening before, in Amsterdam: still another day.
    expect(await refusal(noShows.sayAtTheDoor(sessionOf(nina), offerId, at(date, -0.5)))).toEqual({ code: "conflict", key: "noShow.notTheDay" });
    expect(await refusal(noShows.sayOnMyWay(sessionOf(nina), offerId, at(date, 24.5)))).toEqual({ code: "conflict", key: "noShow.notTheDay" });
    expect(await (await getDb()).jobArrival.count()).toBe(0);
    await arrive(offerId, date);
    expect(await refusal(noShows.sayOnMyWay(sessionOf(nina), offerId, at(date, 10)))).toEqual({ code: "conflict", key: "noShow.alreadyOnTheWay" });
    expect(await refusal(noShows.sayAtTheDoor(sessionOf(nina), offerId, at(date, 10)))).toEqual({ code: "conflict", key: "noShow.alreadyAtTheDoor" });
    expect((await (await getDb()).jobArrival.findUniqueOrThrow({ where: { offerId } })).atDoorAt).toEqual(at(date, 9.5));
    expect(await (await getDb()).requestEvent.count({ where: { action: "on_my_way" } })).toBe(1);
  });

  it("the /pro form on a job dated another day answers with a clear message and records nothing", async () => {
    const { offerId } = await paidJob(amsterdamDay(2));
    as(nina);
    const answer = await steps.atTheDoorAction(IDLE_STEP, form({ offer_id: offerId }));
    expect("next" in answer ? answer.next : undefined).toBeUndefined();
    expect(answer.message).toMatch(/can only be said on that day/);
    expect(await (await getDb()).jobArrival.count()).toBe(0);
  });

  it("someone else's job is not found, and an unpaid job is refused", async () => {
    const { offerId, date } = await paidJob();
    const other = await createSignedInHandyman(10);
    expect(await refusal(noShows.sayOnMyWay(sessionOf(other), offerId, at(date, 9)))).toEqual({ code: "not_found", key: "requestNotFound" });
    // The homeowner is no handyman at all.
    expect((await refusal(noShows.sayOnMyWay(sessionOf(owner), offerId, at(date, 9)))).code).toBe("not_found");
    const where = { ...LEAK, date: amsterdamDay(4) };
    const unpaid = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, unpaid, "price", where)).status).toBe(200);
    const offer = await openOfferOf(unpaid);
    await acceptOffer(sessionOf(nina), offer.id);
    expect(await refusal(noShows.sayOnMyWay(sessionOf(nina), offer.id, at(where.date, 9)))).toEqual({ code: "conflict", key: "noShow.notPaid" });
    expect(await (await getDb()).jobArrival.count()).toBe(0);
  });
});

describe("the homeowner does not open", () => {
  it("a no-show reported after 20 minutes with a door photo is stored re-encoded, the homeowner mailed at once, and settled unchallenged after 2 hours as a late cancellation", async () => {
    const { requestId, offerId, paymentId, date } = await paidJob();
    await arrive(offerId, date);
    const reportedAt = at(date, 9.5 + 20 / 60);
    const { id, objectUntil } = await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], reportedAt);
    expect(objectUntil).toEqual(new Date(reportedAt.getTime() + 2 * 3_600_000));
    const db = await getDb();
    const row = await db.noShow.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ absent: "homeowner", state: "open", doorPhotoType: "image/jpeg" });
    const stored = await sharp(Buffer.from(row.doorPhoto!)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(Buffer.from(row.doorPhoto!).includes(Buffer.from("PhoneMaker"))).toBe(false);
    const mail = (await mailTo(owner.email)).at(-1);
    expect(mail?.subject).toMatch(/No-show reported/);
    expect(mail?.text).toMatch(/object on your request's page before/);

    // Not due a minute before the window ends; nothing moves.
    expect(await noShows.settleNoShow(id, new Date(objectUntil.getTime() - MINUTE))).toBe(false);
    expect(await noShows.settleDueNoShows(new Date(objectUntil.getTime() - MINUTE))).toBe(0);
    expect((await getPaymentBalance(paymentId)).held).toBe(24_200);

    const hour = await ninasHourCents();
    const fee = Math.min(hour, 24_200);
    expect(await noShows.settleNoShow(id, objectUntil)).toBe("waiting");
    const cancellation = await db.requestCancellation.findUniqueOrThrow({ where: { requestId } });
    expect(cancellation).toMatchObject({ paymentId, byRole: "homeowner", rule: "homeowner-late", refundCents: 24_200 - fee, feeCents: fee });
    const balance = await getPaymentBalance(paymentId);
    expect(balance.refunded).toBe(24_200 - fee);
    expect(balance.held).toBe(fee);
    expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("cancelled");
    expect((await db.noShow.findUniqueOrThrow({ where: { id } })).state).toBe("settled");

    // The task again (a retried job), and the sweep: the money moves once.
    expect(await noShows.settleNoShow(id, new Date(objectUntil.getTime() + 5 * MINUTE))).toBe(false);
    expect(await noShows.settleDueNoShows(new Date(objectUntil.getTime() + 5 * MINUTE))).toBe(0);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
    expect((await getPaymentBalance(paymentId)).refunded).toBe(24_200 - fee);
  });

  it("the fee reaches Nina less commission once she has a payout account, as a late cancellation's", async () => {
    const { requestId, offerId, paymentId, date } = await paidJob();
    const db = await getDb();
    await db.handyman.update({ where: { id: NINA }, data: { payoutOrganizationId: payments.standIn.createOrganization("Nina", nina.email) } });
    await arrive(offerId, date);
    const { id, objectUntil } = await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], at(date, 10));
    await noShows.settleDueNoShows(objectUntil);
    const cancellation = await db.requestCancellation.findUniqueOrThrow({ where: { requestId } });
    expect(cancellation.commissionCents).toBeGreaterThan(0);
    expect(await getPaymentBalance(paymentId)).toEqual({
      paid: 24_200,
      refunded: cancellation.refundCents,
      released: cancellation.feeCents - cancellation.commissionCents,
      commission: cancellation.commissionCents,
      held: 0,
    });
    expect((await db.noShow.findUniqueOrThrow({ where: { id } })).state).toBe("settled");
  });

  it("the door photo is served to the homeowner, Nina and operators (audited), and is not found for anyone else", async () => {
    const { requestId, offerId, date } = await paidJob();
    const get = (cookie: string | null) => doorPhotoRoute.GET(new Request(`http://localhost:3000/api/requests/${requestId}/door-photo`, { headers: cookie ? { cookie } : {} }), routeContext({ requestId }));
    expect((await get(owner.cookie)).status).toBe(404);
    await arrive(offerId, date);
    await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], at(date, 10));
    for (const who of [owner, nina]) {
      const response = await get(who.cookie);
      expect(response.status, who.email).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).exif).toBeUndefined();
    }
    const operator = await createSignedInOperator();
    // A link on another site carries the session cookie: refused, so no forged audit entry.
    const fromElsewhere = await doorPhotoRoute.GET(new Request(`http://localhost:3000/api/requests/${requestId}/door-photo`, { headers: { cookie: operator.cookie, "sec-fetch-site": "cross-site" } }), routeContext({ requestId }));
    expect(fromElsewhere.status).toBe(403);
    expect(await (await getDb()).auditEntry.count({ where: { action: "photo.view", targetId: requestId } })).toBe(0);
    expect((await get(operator.cookie)).status).toBe(200);
    expect(await (await getDb()).auditEntry.count({ where: { action: "photo.view", targetId: requestId } })).toBe(1);
    const stranger = await createUserWithPassword(`stranger-${Date.now()}@example.test`, PASSWORD);
    const hidde = await createSignedInHandyman(10);
    for (const cookie of [stranger.cookie, hidde.cookie, null]) expect((await get(cookie)).status).toBe(404);
  });

  it("refuses a report before 20 minutes at the door, without a photo, without 'at the door', twice, and on someone else's job; nothing is stored", async () => {
    const { offerId, date } = await paidJob();
    const photo = await phoneJpeg();
    expect(await refusal(noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [photo], at(date, 9)))).toEqual({ code: "conflict", key: "noShow.notAtTheDoor" });
    await arrive(offerId, date);
    expect(await refusal(noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [photo], at(date, 9.5 + 19 / 60)))).toEqual({ code: "conflict", key: "noShow.tooSoon" });
    expect(await refusal(noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [], at(date, 10)))).toEqual({ code: "bad_request", key: "noShow.photoNeeded" });
    const other = await createSignedInHandyman(10);
    expect(await refusal(noShows.reportHomeownerNoShow(sessionOf(other), offerId, [photo], at(date, 10)))).toEqual({ code: "not_found", key: "requestNotFound" });
    expect(await (await getDb()).noShow.count()).toBe(0);
    await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [photo], at(date, 10));
    expect(await refusal(noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [photo], at(date, 10.1)))).toEqual({ code: "conflict", key: "noShow.alreadyReported" });
    expect(await (await getDb()).noShow.count()).toBe(1);
  });

  it("the /pro form posts the door photo through the photo pipeline, and without a photo says why", async () => {
    const { offerId } = await paidJob(amsterdamDay(0));
    as(nina);
    expect(await steps.onMyWayAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null, next: "/pro?notice=on-my-way" });
    expect(await steps.atTheDoorAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null, next: "/pro?notice=at-the-door" });
    // The 20 minutes have passed: the recorded time is set back (the form takes the server's clock).
    const db = await getDb();
    await db.jobArrival.update({ where: { offerId }, data: { atDoorAt: new Date(Date.now() - 21 * MINUTE) } });
    const without = await steps.reportNoShowAction(IDLE_STEP, form({ offer_id: offerId }));
    expect(without.message).toMatch(/Add a photo of the door/);
    expect(await db.noShow.count()).toBe(0);
    const posted = form({ offer_id: offerId });
    posted.append("photos", new File([new Uint8Array(await phoneJpeg())], "door.jpg", { type: "image/jpeg" }));
    expect(await steps.reportNoShowAction(IDLE_STEP, posted)).toMatchObject({ message: null, next: "/pro?notice=no-show-reported" });
    expect(await db.noShow.count({ where: { absent: "homeowner", state: "open" } })).toBe(1);
  });

  it("an objection within the window opens a dispute; the window's end then settles nothing, and the operator's decision moves the money once and ends the job", async () => {
    const { requestId, offerId, paymentId, date } = await paidJob();
    await arrive(offerId, date);
    const { id, objectUntil } = await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], at(date, 10));
    expect(await refusal(noShows.objectToNoShow(sessionOf(owner), requestId, { text: "no" }, at(date, 10.5)))).toMatchObject({ code: "validation_failed" });
    const disputeId = await noShows.objectToNoShow(sessionOf(owner), requestId, { text: "I was home all morning; the bell does not work, please knock." }, at(date, 10.5));
    const db = await getDb();
    expect((await db.noShow.findUniqueOrThrow({ where: { id } })).state).toBe("objected");
    expect(await refusal(noShows.objectToNoShow(sessionOf(owner), requestId, { text: "Again, I was home all morning." }, at(date, 10.6)))).toEqual({ code: "conflict", key: "noShow.objectionClosed" });
    expect(await noShows.settleDueNoShows(new Date(objectUntil.getTime() + MINUTE))).toBe(0);
    expect((await getPaymentBalance(paymentId)).held).toBe(24_200);
    expect((await mailTo(nina.email)).at(-1)?.subject).toMatch(/objects to the no-show/);

    const detail = await getDisputeOrThrow(disputeId);
    expect(detail.onTheDay).toMatchObject({ onMyWayAt: at(date, 9).toISOString(), atDoorAt: at(date, 9.5).toISOString(), noShow: { absent: "homeowner", state: "objected", hasPhoto: true } });

    const operator = operatorOf(await createSignedInOperator());
    const decided = await decideDispute(operator, disputeId, { decision: "full_refund", reason: "The bell was broken; the homeowner was home.", password: OPERATOR_PASSWORD });
    expect(decided).toMatchObject({ refundCents: 24_200, releaseCents: 0 });
    expect(await getPaymentBalance(paymentId)).toMatchObject({ refunded: 24_200, held: 0, released: 0 });
    expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("cancelled");
    expect((await db.noShow.findUniqueOrThrow({ where: { id } })).state).toBe("decided");
    expect(await refusal(decideDispute(operator, disputeId, { decision: "release", reason: "Second look.", password: OPERATOR_PASSWORD }))).toEqual({ code: "conflict", key: "dispute.alreadyDecided" });
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
  });

  it("while a no-show waits, the homeowner cannot cancel and Nina cannot finish or give up the job: 409, nothing moves", async () => {
    const { requestId, offerId, paymentId, date } = await paidJob();
    await arrive(offerId, date);
    await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], at(date, 10));
    const { cancelRequest, markDone, withdrawJob } = await import("@/lib/requests/workflow");
    expect(await refusal(cancelRequest(sessionOf(owner), requestId, "accepted", at(date, 10.5)))).toEqual({ code: "conflict", key: "noShow.pending" });
    expect(await refusal(markDone(sessionOf(nina), offerId))).toEqual({ code: "conflict", key: "noShow.pending" });
    expect(await refusal(withdrawJob(sessionOf(nina), offerId, at(date, 10.5)))).toEqual({ code: "conflict", key: "noShow.pending" });
    const db = await getDb();
    expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("accepted");
    expect((await getPaymentBalance(paymentId)).held).toBe(24_200);
    expect(await db.requestCancellation.count()).toBe(0);
  });

  it("an objection after the window is refused, and someone else's request is not found", async () => {
    const { requestId, offerId, date } = await paidJob();
    await arrive(offerId, date);
    const { objectUntil } = await noShows.reportHomeownerNoShow(sessionOf(nina), offerId, [await phoneJpeg()], at(date, 10));
    const stranger = await createUserWithPassword(`stranger-${Date.now()}@example.test`, PASSWORD);
    expect(await refusal(noShows.objectToNoShow(sessionOf(stranger), requestId, { text: "I was home all morning, really." }, at(date, 10.5)))).toEqual({ code: "not_found", key: "requestNotFound" });
    expect(await refusal(noShows.objectToNoShow(sessionOf(owner), requestId, { text: "I was home all morning, really." }, objectUntil))).toEqual({ code: "conflict", key: "noShow.objectionClosed" });
    expect(await (await getDb()).dispute.count()).toBe(0);
  });
});

describe("the handyman does not come", () => {
  it("after the agreed window without 'at the door', the homeowner's report refunds everything, cancels the job and marks Nina's reliability", async () => {
    const { requestId, offerId, paymentId, date } = await paidJob();
    await noShows.sayOnMyWay(sessionOf(nina), offerId, at(date, 9));
    const end = noShows.arrivalWindowEnd(date);
    expect(end).toEqual(at(date, noShows.ARRIVAL_WINDOW_END_HOUR));
    expect(await refusal(noShows.reportHandymanNoShow(sessionOf(owner), requestId, new Date(end.getTime() - MINUTE)))).toEqual({ code: "conflict", key: "noShow.windowOpen" });
    const other = await createUserWithPassword(`other-${Date.now()}@example.test`, PASSWORD);
    expect(await refusal(noShows.reportHandymanNoShow(sessionOf(other), requestId, end))).toEqual({ code: "not_found", key: "requestNotFound" });
    expect((await getPaymentBalance(paymentId)).held).toBe(24_200);

    expect(await noShows.reportHandymanNoShow(sessionOf(owner), requestId, end)).toBe("done");
    const db = await getDb();
    expect(await getPaymentBalance(paymentId)).toMatchObject({ paid: 24_200, refunded: 24_200, held: 0, released: 0 });
    expect(await db.requestCancellation.findUniqueOrThrow({ where: { requestId } })).toMatchObject({ byRole: "handyman", rule: "handyman", refundCents: 24_200, feeCents: 0 });
    expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe("cancelled");
    expect(await ninasReliability()).toEqual({ accepted: 1, cancelled: 1 });
    expect((await mailTo(nina.email)).at(-1)?.subject).toMatch(/reported that you did not come/);
    // Twice (another tab): refused, the money moved once.
    expect((await refusal(noShows.reportHandymanNoShow(sessionOf(owner), requestId, end))).code).toBe("conflict");
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(1);
  });

  it("a handyman who said 'at the door' cannot be reported as not coming", async () => {
    const { requestId, offerId, date } = await paidJob();
    await arrive(offerId, date);
    expect(await refusal(noShows.reportHandymanNoShow(sessionOf(owner), requestId, at(date, 20)))).toEqual({ code: "conflict", key: "noShow.handymanCame" });
    expect(await (await getDb()).noShow.count()).toBe(0);
  });
});
