// Matching that knows where and when, against a real database: the server ranks the request's city and
// trade in SQL (lib/handymen/ranking.ts), computing "available" for the request's day
// (lib/handymen/availability.ts). The 39 sample handymen (one city, one trade, every weekday, capacity 10)
// match exactly as the spec's rule over lib/data/handymen.json on any day; a joined handyman is matched
// only when the schedule says so, in every pair of their sets, and without reviews ranks last under "rated".
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import handymenData from "@/lib/data/handymen.json";
import type { Handyman } from "@/lib/matching";
import { CITIES, CRITERIA, TASK_TYPES, toDbCity, toDbTaskType, type City, type Criterion, type TaskType } from "@/lib/requests/catalogue";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, openOfferOf, submitRequest } from "../helpers/marketplace";
import { createSignedInUser } from "../helpers/session";

const { listCandidates } = await import("@/lib/handymen/queries");
const { rankCandidates } = await import("@/lib/handymen/ranking");
const { isAvailableOn } = await import("@/lib/handymen/availability");
const { findConfirmationView } = await import("@/lib/requests/details");

const MONDAY = "2027-03-01";
const TUESDAY = "2027-03-02";
const SATURDAY = "2027-03-06";
const SUNDAY = "2027-03-07";

/** The spec's rule as it was before profiles, over the sample list: the reference the server must match. */
function specRanking(criteria: Criterion, city: City, taskType: TaskType): Handyman[] {
  const list = handymenData as Handyman[];
  const ranked =
    criteria === "price"
      ? [...list].sort((a, b) => a.price_per_hour - b.price_per_hour)
      : criteria === "rated"
        ? [...list].sort((a, b) => (b.rating as number) - (a.rating as number))
        : list.filter((h) => h.available === "yes").sort((a, b) => b.price_per_hour - a.price_per_hour);
  return ranked.filter((h) => h.city === city && h.task_type === taskType);
}

async function serverRanking(criteria: Criterion, city: City, taskType: TaskType, date: string): Promise<Handyman[]> {
  return (await rankCandidates(await getDb(), { city, taskType, date, criterion: criteria })).top;
}

type Joined = { cities?: City[]; taskTypes?: TaskType[]; price?: number; rating?: number | null; weekdays?: number[]; capacity?: number; insuredUntil?: string | null; available?: boolean };

/** A handyman who joined: by default Rotterdam painting at €500 (the dearest, so first under "available"), Monday to Friday, two jobs a day. */
async function joinedHandyman(fields: Joined = {}): Promise<number> {
  const db = await getDb();
  const slug = `joined-${randomUUID().slice(0, 8)}`;
  const row = await db.handyman.create({
    data: {
      name: "Zeger",
      slug,
      cities: (fields.cities ?? ["Rotterdam"]).map(toDbCity),
      taskTypes: (fields.taskTypes ?? ["Painting"]).map(toDbTaskType),
      hourlyPriceCents: Math.round((fields.price ?? 500) * 100),
      rating: fields.rating === undefined ? null : fields.rating,
      baseRating: null,
      available: fields.available ?? true,
      dailyCapacity: fields.capacity ?? 2,
      insuredUntil: fields.insuredUntil ? new Date(`${fields.insuredUntil}T00:00:00.000Z`) : null,
      workDays: { create: (fields.weekdays ?? [1, 2, 3, 4, 5]).map((weekday) => ({ weekday })) },
    },
    select: { id: true },
  });
  return row.id;
}

/** A request in Rotterdam for painting on `date` whose offer to `handymanId` is in `status`. */
async function jobFor(handymanId: number, date: string, status: "accepted" | "declined" | "withdrawn" | "expired" | "open") {
  const db = await getDb();
  const owner = await createSignedInUser();
  const id = randomUUID();
  await db.repairRequest.create({
    data: { id, userId: owner.id, taskType: "Painting", city: "Rotterdam", details: "", date: new Date(`${date}T00:00:00.000Z`), state: status === "accepted" ? "accepted" : "offered" },
  });
  await db.offer.create({ data: { requestId: id, handymanId, status, expiresAt: new Date(Date.now() + 3_600_000) } });
}

const available = async (id: number, date: string) => isAvailableOn(await getDb(), id, date);

beforeEach(async () => {
  await resetDatabase();
});

describe("the 39 sample handymen", () => {
  it.each([MONDAY, SATURDAY, SUNDAY])("rank exactly as the spec's rule over the sample list for every criterion × city × trade on %s", async (date) => {
    for (const criteria of CRITERIA) {
      for (const city of CITIES) {
        for (const taskType of TASK_TYPES) {
          expect(await serverRanking(criteria, city, taskType, date), `${criteria} ${city} ${taskType} ${date}`).toEqual(specRanking(criteria, city, taskType));
        }
      }
    }
  });
});

describe("available on the request's day", () => {
  it("on a working day, and not on a weekday they do not work", async () => {
    const id = await joinedHandyman();
    expect(await available(id, MONDAY)).toBe(true);
    expect(await available(id, SATURDAY)).toBe(false);
    expect(await available(id, SUNDAY)).toBe(false);
    expect((await serverRanking("available", "Rotterdam", "Painting", MONDAY))[0].id).toBe(id);
    expect((await serverRanking("available", "Rotterdam", "Painting", SATURDAY)).map((h) => h.id)).not.toContain(id);
  });

  it("not on a day off, both ends included", async () => {
    const id = await joinedHandyman();
    await (await getDb()).handymanDayOff.create({ data: { id: randomUUID(), handymanId: id, startsOn: new Date(`${MONDAY}T00:00:00.000Z`), endsOn: new Date(`${TUESDAY}T00:00:00.000Z`) } });
    expect(await available(id, "2027-02-26")).toBe(true);
    expect(await available(id, MONDAY)).toBe(false);
    expect(await available(id, TUESDAY)).toBe(false);
    expect(await available(id, "2027-03-03")).toBe(true);
  });

  it("not once the accepted jobs of the day fill the capacity; a cancelled, declined or expired offer does not count", async () => {
    const id = await joinedHandyman({ capacity: 2 });
    await jobFor(id, MONDAY, "accepted");
    expect(await available(id, MONDAY)).toBe(true);
    await jobFor(id, MONDAY, "declined");
    await jobFor(id, MONDAY, "withdrawn");
    await jobFor(id, MONDAY, "expired");
    await jobFor(id, MONDAY, "open");
    await jobFor(id, TUESDAY, "accepted");
    expect(await available(id, MONDAY)).toBe(true);
    await jobFor(id, MONDAY, "accepted");
    expect(await available(id, MONDAY)).toBe(false);
    expect(await available(id, TUESDAY)).toBe(true);
  });

  it("not while paused", async () => {
    const id = await joinedHandyman({ available: false });
    expect(await available(id, MONDAY)).toBe(false);
    expect((await serverRanking("price", "Rotterdam", "Painting", MONDAY)).map((h) => h.id)).toContain(id);
  });

  it("only while insured: until the policy's last day, not after it", async () => {
    const id = await joinedHandyman({ insuredUntil: MONDAY });
    expect(await available(id, MONDAY)).toBe(true);
    expect(await available(id, TUESDAY)).toBe(false);
  });

  it("never when suspended or removed, who are not candidates at all", async () => {
    const suspended = await joinedHandyman();
    const removed = await joinedHandyman();
    const db = await getDb();
    await db.handyman.update({ where: { id: suspended }, data: { suspended: true } });
    await db.handyman.update({ where: { id: removed }, data: { removedAt: new Date() } });
    expect(await available(suspended, MONDAY)).toBe(false);
    expect(await available(removed, MONDAY)).toBe(false);
    const ids = (await listCandidates(db, { city: "Rotterdam", taskType: "Painting", date: MONDAY })).map((h) => h.id);
    expect(ids).not.toContain(suspended);
    expect(ids).not.toContain(removed);
  });

  it("decides the offer: on a working day the request goes to the joined handyman, on their day off to the next", async () => {
    const id = await joinedHandyman({ cities: ["Amsterdam"] });
    const [, next] = await serverRanking("available", "Amsterdam", "Painting", MONDAY);
    expect(next).toEqual(specRanking("available", "Amsterdam", "Painting")[0]);
    const where = { taskType: "Painting", city: "Amsterdam", date: MONDAY } as const;
    const owner = await createSignedInUser();
    const first = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, first, "available", where)).status).toBe(200);
    expect((await openOfferOf(first)).handymanId).toBe(id);

    await (await getDb()).handymanDayOff.create({ data: { id: randomUUID(), handymanId: id, startsOn: new Date(`${MONDAY}T00:00:00.000Z`), endsOn: new Date(`${MONDAY}T00:00:00.000Z`) } });
    const second = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, second, "available", where)).status).toBe(200);
    expect((await openOfferOf(second)).handymanId).toBe(next.id);
  });
});

describe("where a handyman serves", () => {
  it("every (city, trade) pair of their sets, and nowhere else", async () => {
    const id = await joinedHandyman({ cities: ["Amsterdam", "Rotterdam"], taskTypes: ["Painting", "Pipe-leakage"] });
    for (const city of CITIES) {
      for (const taskType of TASK_TYPES) {
        const entry = (await listCandidates(await getDb(), { city, taskType, date: MONDAY })).find((h) => h.id === id);
        const serves = city !== "The Hague" && taskType !== "Outlet-replacement";
        expect(entry, `${city} ${taskType}`).toEqual(serves ? { id, name: "Zeger", city, task_type: taskType, rating: null, available: "yes", price_per_hour: 500 } : undefined);
      }
    }
  });

  it("a handyman without reviews shows no rating and ranks after every rated one under \"rated\", joined ones in register order", async () => {
    const first = await joinedHandyman({ rating: null });
    const second = await joinedHandyman({ rating: null });
    const rated = await joinedHandyman({ rating: 1 });
    const ranking = await serverRanking("rated", "Rotterdam", "Painting", MONDAY);
    expect(ranking.slice(-2).map((h) => h.id)).toEqual([first, second]);
    expect(ranking.at(-3)?.id).toBe(rated);
    expect(ranking.slice(0, -2).every((h) => h.rating !== null)).toBe(true);
  });

  it("the confirmation hands the browser only the top three of the request's ranking and how many it holds", async () => {
    await joinedHandyman({ cities: ["Amsterdam"], taskTypes: ["Painting"] });
    const owner = await createSignedInUser();
    const where = { taskType: "Pipe-leakage", city: "Rotterdam", date: MONDAY } as const;
    const id = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, id, "price", where)).status).toBe(200);
    const view = await findConfirmationView({ id: owner.id, email: owner.email } as Parameters<typeof findConfirmationView>[0], id);
    const expected = specRanking("price", "Rotterdam", "Pipe-leakage");
    expect(expected.length).toBeGreaterThan(3);
    expect(view?.count).toBe(expected.length);
    expect(view?.top).toEqual(expected.slice(0, 3));
    expect(view?.holder).toEqual({ ...expected[0], place: 1 });
  });
});
