// The criteria page's shortlist against a real database: the spec's rule (lib/matching.ts), which the
// page's client component runs over the shortlist the server hands it (findCriteriaView), picks under
// every criterion the handyman the server then offers the request to, through POST
// /api/inputs/{id}/criteria and through the form's server action alike: on the 39 sample handymen for
// every criterion × city × trade, and on a pair of 300 candidates built so that the first in price or
// rating order is often not the pick (exact ties, "new" handymen, a full day, lapsed insurance, a day off,
// a pause, a suspension, the requester's own profile, a handyman who declined).
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { actionRequest, form, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, storedLife, submitRequest } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { handymen as sampleHandymen } from "@/lib/data/sample-handymen";
import { matchHandyman, picksFor, type Handyman } from "@/lib/matching";
import { CITIES, CRITERIA, TASK_TYPES, type City, type Criterion, type TaskType } from "@/lib/requests/catalogue";

const { findCriteriaView, SHORTLIST_TOP } = await import("@/lib/requests/details");
const { listCandidates } = await import("@/lib/handymen/queries");
const { declineOffer } = await import("@/lib/requests/workflow");
const { chooseCriterionAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email }) as Parameters<typeof findCriteriaView>[0];

/** What the criteria page of request `id` gets, and whom the page's rule picks from it. */
async function pageOf(owner: TestUser, id: string) {
  const view = await findCriteriaView(sessionOf(owner), id);
  expect(view, "the owner's criteria page").not.toBeNull();
  const { request, shortlist } = view!;
  expect(shortlist.length, "a bounded shortlist").toBeLessThanOrEqual(CRITERIA.length * SHORTLIST_TOP);
  expect(shortlist.map((h) => h.id), "in register order").toEqual([...shortlist.map((h) => h.id)].sort((a, b) => a - b));
  return { shortlist, picks: picksFor({ city: request.city, task_type: request.taskType }, shortlist) };
}

/** Whom the request is offered to now (null when nobody could take it). */
async function offeredTo(id: string): Promise<number | null> {
  const life = await storedLife(id);
  if (life.state === "unmatched") return null;
  expect(life.state).toBe("offered");
  return (await openOfferOf(id)).handymanId;
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the 39 sample handymen", () => {
  it("for every criterion × city × trade, the pick the page computes from its shortlist is the handyman the request is offered to", async () => {
    let nobody = 0;
    const owner = await createSignedInUser();
    for (const city of CITIES) {
      for (const taskType of TASK_TYPES) {
        const where = { city, taskType };
        const id = await submitRequest(owner, where);
        for (const criterion of CRITERIA) {
          const { picks } = await pageOf(owner, id);
          const pick = picks[criterion];
          // The spec's rule over the whole sample list picks the same one (every sample handyman works every day).
          expect(pick?.id ?? null, `${criterion} / ${city} / ${taskType}: the spec's pick`).toBe(matchHandyman({ criteria: criterion, city, task_type: taskType }, sampleHandymen)?.id ?? null);
          expect((await chooseCriterion(owner, id, criterion, where)).status).toBe(200);
          expect(await offeredTo(id), `${criterion} / ${city} / ${taskType}: the offer`).toBe(pick?.id ?? null);
          if (!pick) nobody += 1;
        }
      }
    }
    // Rotterdam's painters are all paused: "available" picks nobody there, and the page says so.
    expect(nobody).toBe(1);
  });

  it("is only the owner's: another user's request, an unknown id and a malformed one give no page", async () => {
    const owner = await createSignedInUser();
    const id = await submitRequest(owner, { city: "Amsterdam", taskType: "Painting" });
    expect(await findCriteriaView(sessionOf(await createSignedInUser()), id)).toBeNull();
    expect(await findCriteriaView(sessionOf(owner), randomUUID())).toBeNull();
    expect(await findCriteriaView(sessionOf(owner), "42")).toBeNull();
  });
});

const PAIR = { city: "The Hague", taskType: "Pipe-leakage" } as const satisfies { city: City; taskType: TaskType };
const MONDAY = "2027-03-01";
const SUNDAY_BEFORE = "2027-02-28";
const CANDIDATES = 300;
const slugOf = (g: number) => `shortlist-${g}`;

/**
 * CANDIDATES plumbers in The Hague besides the 5 samples, "Shortlist 1" … "Shortlist 300": 11 prices from
 * €20 to €70 (27 tie at €20, the cheapest, the first of them g = 11 being "new"), ratings 3.0 to 4.9 (the
 * sample Anna's 4.9 ties with every g ≡ 19 mod 20) with every 7th "new", and three at 5.0 (g = 100, the
 * requester's own profile, then g = 150 and g = 200, an exact tie). The dearest, €70, are g ≡ 8 mod 11: g = 8
 * has a full day (capacity 1, a job accepted on MONDAY), g = 19 insurance that ran out the day before, g = 30
 * a day off, g = 41 is suspended, g = 52 paused, g = 63 works weekends only, so "available" picks g = 74.
 * Every 5th (g ≡ 1 mod 5) is paused too.
 */
async function buildPair(owner: TestUser) {
  const db = await getDb();
  await db.$executeRawUnsafe(`
    INSERT INTO "handymen" ("name", "cities", "task_types", "slug", "hourly_price_cents", "rating", "base_rating", "available", "daily_capacity", "suspended", "insured_until")
    SELECT 'Shortlist ' || g, ARRAY['The Hague']::"city"[], ARRAY['Pipe-leakage']::"task_type"[], 'shortlist-' || g,
           2000 + ((g * 37) % 11) * 500,
           CASE WHEN g IN (100, 150, 200) THEN 5 WHEN g % 7 = 0 OR g = 11 THEN NULL ELSE 3 + (g % 20) / 10.0 END,
           NULL, g % 5 <> 1 AND g <> 52, CASE WHEN g = 8 THEN 1 ELSE 2 END, g = 41,
           CASE WHEN g = 19 THEN DATE '${SUNDAY_BEFORE}' ELSE NULL END
      FROM generate_series(1, ${CANDIDATES}) AS g`);
  await db.$executeRawUnsafe(`
    INSERT INTO "handyman_work_days" ("handyman_id", "weekday")
    SELECT h."id", d FROM "handymen" h CROSS JOIN generate_series(1, 7) AS d
     WHERE h."slug" LIKE 'shortlist-%' AND (d >= 6 OR substring(h."slug" FROM '[0-9]+$')::int % 9 <> 0)`);
  const id = async (g: number) => (await db.handyman.findUniqueOrThrow({ where: { slug: slugOf(g) }, select: { id: true } })).id;
  await db.handymanDayOff.create({ data: { handymanId: await id(30), startsOn: new Date(`${MONDAY}T00:00:00Z`), endsOn: new Date(`${MONDAY}T00:00:00Z`) } });
  // g = 8's one job that Monday, accepted: their day is full.
  const neighbour = await createSignedInUser();
  const job = await submitRequest(neighbour, { ...PAIR, date: MONDAY });
  await db.repairRequest.update({ where: { id: job }, data: { state: "accepted" } });
  await db.offer.create({ data: { requestId: job, handymanId: await id(8), status: "accepted", expiresAt: new Date() } });
  // The requester is a handyman too: their own profile (g = 100) is never offered their request.
  await db.handyman.update({ where: { id: await id(100) }, data: { userId: owner.id } });
  return { id };
}

describe("a pair of 300 candidates", () => {
  it("each criterion's pick from the shortlist is its true winner and the handyman offered, through the API and the form's server action", async () => {
    const owner = await createSignedInUser();
    const { id: idOf } = await buildPair(owner);
    const where = { ...PAIR, date: MONDAY };
    const full = await listCandidates(await getDb(), { ...PAIR, date: MONDAY, requesterId: owner.id });
    expect(full.length).toBe(CANDIDATES - 3 + 5); // less the suspended, the lapsed insurance (out of the market) and the requester's own, plus the 5 samples
    const expected: Record<Criterion, number> = { price: await idOf(11), rated: await idOf(150), available: await idOf(74) };

    for (const criterion of CRITERIA) {
      // Through the API, as the page does with JavaScript…
      const viaApi = await submitRequest(owner, where);
      const { shortlist, picks } = await pageOf(owner, viaApi);
      expect(shortlist.map((h) => h.id)).not.toContain(await idOf(100));
      expect(shortlist.map((h) => h.id)).not.toContain(await idOf(41));
      expect(picks[criterion]?.id, `${criterion}: the designed winner`).toBe(expected[criterion]);
      expect(picks[criterion], `${criterion}: the spec's rule over all ${full.length} candidates`).toEqual(
        matchHandyman({ criteria: criterion, city: PAIR.city, task_type: PAIR.taskType }, full),
      );
      expect((await chooseCriterion(owner, viaApi, criterion, where)).status).toBe(200);
      expect(await offeredTo(viaApi), `${criterion}: offered through the API`).toBe(picks[criterion]!.id);

      // …and through the form's server action, as without JavaScript.
      const viaForm = await submitRequest(owner, where);
      const page = await pageOf(owner, viaForm);
      actionRequest.headers = new Headers({ cookie: owner.cookie });
      const posted = chooseCriterionAction(IDLE_STEP, form({ request_id: viaForm, city: PAIR.city, task_type: PAIR.taskType, criteria: criterion }));
      expect(await redirectOf(posted)).toBe(`/inputs/criteria/arranging?input=${viaForm}&notice=criterion-chosen`);
      expect(await offeredTo(viaForm), `${criterion}: offered through the form`).toBe(page.picks[criterion]!.id);
    }
  });

  it('holds each criterion\'s first three with what the rule reads: the new as unrated, and under "available" none of those who cannot come that Monday', async () => {
    const owner = await createSignedInUser();
    const { id: idOf } = await buildPair(owner);
    const id = await submitRequest(owner, { ...PAIR, date: MONDAY });
    const { shortlist } = await pageOf(owner, id);
    const byId = new Map<number, Handyman>(shortlist.map((h) => [h.id, h]));
    // The first three under "price" are the €20 ties in register order, the first of them new (and paused:
    // "price" does not ask).
    expect(byId.get(await idOf(11))).toMatchObject({ price_per_hour: 20, rating: null, available: "no" });
    expect(byId.get(await idOf(22))).toMatchObject({ price_per_hour: 20 });
    // Under "rated": the 5.0s after the requester's own, then the 4.9 tie in which the sample Anna (13) comes first.
    expect(byId.get(await idOf(150))).toMatchObject({ rating: 5 });
    expect(byId.get(await idOf(200))).toMatchObject({ rating: 5 });
    expect(byId.get(13)).toMatchObject({ name: "Anna", rating: 4.9 });
    // Under "available": none of the dearer ones who cannot come that Monday is in the shortlist's top for it.
    for (const g of [8, 19, 30, 52, 63]) expect(byId.get(await idOf(g)), `g = ${g}`).toBeUndefined();
    expect(byId.get(await idOf(74))).toMatchObject({ price_per_hour: 70, available: "yes" });
  });

  it("leaves out whoever declined: after the cheapest declines, the page's price pick is the one the request passed on to", async () => {
    const owner = await createSignedInUser();
    const { id: idOf } = await buildPair(owner);
    const where = { ...PAIR, date: MONDAY };
    const id = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, id, "price", where)).status).toBe(200);
    const cheapest = await createSignedInHandyman(await idOf(11));
    await declineOffer(cheapest, (await openOfferOf(id)).id, "Fully booked.");
    const { shortlist, picks } = await pageOf(owner, id);
    expect(shortlist.map((h) => h.id)).not.toContain(await idOf(11));
    expect(picks.price?.id).toBe(await idOf(22));
    expect(await offeredTo(id)).toBe(picks.price!.id);
    expect((await chooseCriterion(owner, id, "price", where)).status).toBe(200);
    expect(await offeredTo(id)).toBe(picks.price!.id);
  });
});
