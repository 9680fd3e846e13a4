// A suspended handyman keeps no access to what a homeowner shared and changes nothing (#37, item 5),
// against a real database: before, suspension only stopped new offers, so on a job already accepted the
// handyman kept messaging, seeing the photos and the homeowner's address, and editing the profile. Now
// suspension closes their threads (readable, nothing new from either side), hides the photos (the API's
// 404) and the address, and refuses every change to the profile with 403.
import { beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../helpers/refusal";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { getPhoto, phoneJpeg, uploadedPhotoId } from "../helpers/photos";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";

const { acceptOffer } = await import("@/lib/requests/workflow");
const { postMessage, readThread } = await import("@/lib/messages/threads");
const { getProViewOrThrow } = await import("@/lib/handymen/offers");
const { suspendHandyman } = await import("@/lib/ops/handymen");
const { addOwnDayOff, getOwnProfile, saveOwnProfile } = await import("@/lib/handymen/profile-edit");
const { setAvailability } = await import("@/lib/handymen/queries");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;

let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let threadId: string;
let photoId: string;

beforeEach(async () => {
  await resetDatabase();
  (globalThis as { __fixwellMessageLimiter?: unknown }).__fixwellMessageLimiter = undefined;
  owner = await createSignedInUser();
  const db = await getDb();
  await db.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } });
  nina = await createSignedInHandyman(NINA);
  requestId = await submitRequest(owner, LEAK);
  photoId = await uploadedPhotoId(owner, requestId, await phoneJpeg());
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  const offer = await openOfferOf(requestId);
  expect(offer.handymanId).toBe(NINA);
  await acceptOffer(nina, offer.id);
  threadId = (await db.messageThread.findFirstOrThrow({ where: { requestId }, select: { id: true } })).id;
  await postMessage(owner, threadId, "The tap is in the cellar.");
});

async function suspendNina() {
  const operator = await createSignedInOperator();
  await suspendHandyman({ id: operator.id, email: operator.email, role: "operator" }, NINA, OPERATOR_PASSWORD);
}

describe("a suspended handyman on a job they accepted", () => {
  it("no longer sees the homeowner's address or photos on /pro, and the photo route answers 404", async () => {
    const [before] = (await getProViewOrThrow(nina)).offers;
    expect(before.homeowner?.email).toBe(owner.email);
    expect(before.photos).toHaveLength(1);
    expect((await getPhoto(nina, requestId, photoId)).status).toBe(200);
    await suspendNina();
    const [after] = (await getProViewOrThrow(nina)).offers;
    expect(after.homeowner).toBeNull();
    expect(after.photos).toEqual([]);
    expect((await getPhoto(nina, requestId, photoId)).status).toBe(404);
    expect((await getPhoto(owner, requestId, photoId)).status).toBe(200);
  });

  it("finds the thread closed: both sides can read it, neither can write", async () => {
    expect((await postMessage(nina, threadId, "I will come at nine.")).id).toBeTruthy();
    await suspendNina();
    expect(await refusal(postMessage(nina, threadId, "Call me on my own number."))).toEqual({ code: "conflict", key: "thread.closed" });
    expect(await refusal(postMessage(owner, threadId, "Are you still coming?"))).toEqual({ code: "conflict", key: "thread.closed" });
    for (const reader of [nina, owner]) {
      const view = await readThread(reader, threadId, { locale: "en" });
      expect(view).toMatchObject({ open: false, closed: true });
      expect(view.messages).toHaveLength(2);
    }
  });

  it("cannot change the profile, days off or the pause switch (403), and nothing changes", async () => {
    const profile = await getOwnProfile(nina);
    await suspendNina();
    const db = await getDb();
    const stored = await db.handyman.findUniqueOrThrow({ where: { id: NINA }, select: { intro: true, hourlyPriceCents: true, available: true } });
    const values = { taskTypes: ["Pipe-leakage"], cities: ["Rotterdam"], hourlyPrice: "99", intro: "Ring me: 0612345678", weekdays: ["1"], dailyCapacity: "3" };
    expect(await refusal(saveOwnProfile(nina, values))).toEqual({ code: "forbidden", key: "profile.suspended" });
    expect(await refusal(addOwnDayOff(nina, { startsOn: amsterdamDay(2), endsOn: amsterdamDay(3) }))).toEqual({ code: "forbidden", key: "profile.suspended" });
    expect(await refusal(setAvailability(nina, !stored.available))).toEqual({ code: "forbidden", key: "profile.suspended" });
    expect(await db.handyman.findUniqueOrThrow({ where: { id: NINA }, select: { intro: true, hourlyPriceCents: true, available: true } })).toEqual(stored);
    expect(await db.handymanDayOff.count({ where: { handymanId: NINA } })).toBe(profile.daysOff.length);
  });
});
