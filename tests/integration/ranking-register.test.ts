// The rule ranks in SQL and the offer, the pass-on and the confirmation read only the top of it
// (lib/handymen/ranking.ts): with a register of a few hundred candidates in one city and trade (many ties
// in price and rating, handymen without a rating, paused ones, weekend-only ones, days off), the top, the
// count and the holder's place must be what the spec's rule gives over the pair's full list, which the
// test reads with listCandidates (the GIN-indexed arrays, not the ranking's side table) and ranks in memory.
import { beforeEach, describe, expect, it } from "vitest";
import { CRITERIA } from "@/lib/requests/catalogue";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, storedLife, submitRequest } from "../helpers/marketplace";
import { createSignedInUser } from "../helpers/session";
import { rankHandymen } from "@/lib/matching";

const { listCandidates } = await import("@/lib/handymen/queries");
const { rankCandidates, rankHolder } = await import("@/lib/handymen/ranking");
const { declineOffer } = await import("@/lib/requests/workflow");
const { findConfirmationView } = await import("@/lib/requests/details");

const MONDAY = "2027-03-01";
const PAIR = { city: "Rotterdam", taskType: "Painting" } as const;
const REGISTER = 300;

/**
 * REGISTER handymen painting in Rotterdam (every 10th also in Amsterdam, every 15th also plumbing), and 60
 * elsewhere: 11 prices (so many ties), ratings from 3.0 to 4.9 with every 7th new, every 5th paused, every
 * 9th working weekends only, every 13th off on MONDAY.
 */
async function growRegister() {
  const db = await getDb();
  await db.$executeRawUnsafe(`
    INSERT INTO "handymen" ("name", "cities", "task_types", "slug", "hourly_price_cents", "rating", "base_rating", "available", "daily_capacity")
    SELECT 'Register ' || g,
           CASE WHEN g % 10 = 0 THEN ARRAY['Rotterdam', 'Amsterdam'] ELSE ARRAY['Rotterdam'] END::"city"[],
           CASE WHEN g % 15 = 0 THEN ARRAY['Pipe-leakage', 'Painting'] ELSE ARRAY['Painting'] END::"task_type"[],
           'register-' || g, 3000 + ((g * 37) % 11) * 500, CASE WHEN g % 7 = 0 THEN NULL ELSE 3 + (g % 20) / 10.0 END, NULL, g % 5 <> 0, 2
      FROM generate_series(1, ${REGISTER}) AS g`);
  await db.$executeRawUnsafe(`
    INSERT INTO "handymen" ("name", "cities", "task_types", "slug", "hourly_price_cents", "rating", "base_rating", "available", "daily_capacity")
    SELECT 'Elsewhere ' || g, ARRAY['The Hague']::"city"[], ARRAY['Painting']::"task_type"[], 'elsewhere-' || g, 1000 + g, 5, NULL, true, 2
      FROM generate_series(1, 60) AS g`);
  await db.$executeRawUnsafe(`
    INSERT INTO "handyman_work_days" ("handyman_id", "weekday")
    SELECT h."id", d FROM "handymen" h CROSS JOIN generate_series(1, 7) AS d
     WHERE (h."slug" LIKE 'register-%' OR h."slug" LIKE 'elsewhere-%')
       AND (d >= 6 OR substring(h."slug" FROM '[0-9]+$')::int % 9 <> 0)`);
  await db.$executeRawUnsafe(`
    INSERT INTO "handyman_days_off" ("id", "handyman_id", "starts_on", "ends_on")
    SELECT gen_random_uuid(), h."id", DATE '${MONDAY}', DATE '${MONDAY}' FROM "handymen" h
     WHERE h."slug" LIKE 'register-%' AND substring(h."slug" FROM '[0-9]+$')::int % 13 = 0`);
}

/** The spec's rule over the pair's whole list of candidates. */
async function fullRanking(criterion: (typeof CRITERIA)[number], exclude: number[] = []) {
  const list = await listCandidates(await getDb(), { ...PAIR, date: MONDAY, exclude });
  return rankHandymen({ criteria: criterion, city: PAIR.city, task_type: PAIR.taskType }, list);
}

beforeEach(async () => {
  await resetDatabase();
  await growRegister();
});

describe("a register of a few hundred candidates", () => {
  it("the ranking's top and count are the full ranking's, for every criterion, with and without a limit", async () => {
    const db = await getDb();
    for (const criterion of CRITERIA) {
      const expected = await fullRanking(criterion);
      expect(expected.length, criterion).toBeGreaterThan(150);
      for (const limit of [1, 3, 50]) {
        expect(await rankCandidates(db, { ...PAIR, date: MONDAY, criterion }, { limit }), `${criterion} top ${limit}`).toEqual({
          top: expected.slice(0, limit),
          count: expected.length,
        });
      }
      expect((await rankCandidates(db, { ...PAIR, date: MONDAY, criterion })).top, `${criterion} whole`).toEqual(expected);
    }
  });

  it("leaves out those who passed on the request, and the top moves up", async () => {
    const db = await getDb();
    for (const criterion of CRITERIA) {
      const all = await fullRanking(criterion);
      const exclude = [all[0].id, all[2].id];
      const expected = await fullRanking(criterion, exclude);
      expect(expected[0]).toEqual(all[1]);
      expect(await rankCandidates(db, { ...PAIR, date: MONDAY, criterion, exclude }, { limit: 3 })).toEqual({ top: expected.slice(0, 3), count: all.length - 2 });
    }
  });

  it("gives any holder's place in the full ranking, 0 under 'available' for one not available that day", async () => {
    const db = await getDb();
    for (const criterion of CRITERIA) {
      const expected = await fullRanking(criterion);
      for (const place of [1, 2, 3, 4, 17, 100, expected.length]) {
        const holder = expected[place - 1];
        expect(await rankHolder(db, { ...PAIR, date: MONDAY, criterion }, holder.id), `${criterion} place ${place}`).toEqual({ handyman: holder, place });
      }
    }
    const paused = (await listCandidates(db, { ...PAIR, date: MONDAY })).find((h) => h.available === "no")!;
    expect(await rankHolder(db, { ...PAIR, date: MONDAY, criterion: "available" }, paused.id)).toEqual({ handyman: paused, place: 0 });
    const elsewhere = await db.handyman.findFirstOrThrow({ where: { slug: "elsewhere-1" }, select: { id: true } });
    expect(await rankHolder(db, { ...PAIR, date: MONDAY, criterion: "price" }, elsewhere.id)).toEqual({ handyman: null, place: 0 });
  });

  it("offers the request to the top, passes it on to the next, and the confirmation shows the top three and the count", async () => {
    const expected = await fullRanking("rated");
    const owner = await createSignedInUser();
    const where = { ...PAIR, date: MONDAY };
    const id = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, id, "rated", where)).status).toBe(200);
    expect((await openOfferOf(id)).handymanId).toBe(expected[0].id);
    expect((await storedLife(id)).events.at(-1)?.note).toBe(`Highest rating among the ${expected.length} painters in Rotterdam.`);

    const first = await createSignedInHandyman(expected[0].id);
    await declineOffer(first, (await openOfferOf(id)).id, "Fully booked.");
    expect((await openOfferOf(id)).handymanId).toBe(expected[1].id);
    expect((await storedLife(id)).events.at(-1)?.note).toBe(`Highest rating among the ${expected.length - 1} painters in Rotterdam.`);

    const view = await findConfirmationView({ id: owner.id, email: owner.email } as Parameters<typeof findConfirmationView>[0], id);
    expect(view).toMatchObject({ criterion: "rated", top: expected.slice(1, 4), count: expected.length - 1, holder: { ...expected[1], place: 1 } });
  });
});
