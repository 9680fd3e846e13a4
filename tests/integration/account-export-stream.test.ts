// The account export is streamed: an account with more requests than one read takes (EXPORT_BATCH) gets
// every one of them exactly once, newest first with ties broken by id; a handyman with more offers and
// reviews than one read gets every one of those exactly once, oldest first with ties broken by id; in a file that is the same JSON
// text JSON.stringify(…, null, 2) gives; the writer itself matches JSON.stringify for any value.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as exportRoute from "../../app/api/account/export/route";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, routeContext } from "../helpers/session";

const { EXPORT_BATCH } = await import("@/lib/account/export");
const { jsonPieces } = await import("@/lib/api/json-stream");

async function textOf(value: unknown): Promise<string> {
  let text = "";
  for await (const piece of jsonPieces(value)) text += piece;
  return text;
}

async function* streamOf<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe("the streamed JSON writer", () => {
  it("writes what JSON.stringify(…, null, 2) writes, with streamed arrays anywhere in the document", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 4 }), async (value, items) => {
        expect(await textOf(value)).toBe(JSON.stringify(value, null, 2));
        const document = { a: value, list: streamOf(items), nested: { empty: streamOf([]), deeper: { list: streamOf(items) } }, after: null, skipped: undefined };
        expect(await textOf(document)).toBe(JSON.stringify({ a: value, list: items, nested: { empty: [], deeper: { list: items } }, after: null }, null, 2));
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });
});

describe("GET /api/account/export for an account with many requests", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("holds every request once, newest first, across several reads, as one valid JSON file", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const db = await getDb();
    const count = EXPORT_BATCH * 2 + 37;
    const base = Date.parse("2026-05-01T08:00:00.000Z");
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      userId: owner.id,
      city: "Rotterdam" as const,
      taskType: "Painting" as const,
      date: new Date("2026-07-01"),
      // Every four share a timestamp; a batch boundary falls inside such a group.
      createdAt: new Date(base + Math.floor(i / 4) * 1000),
    }));
    await db.repairRequest.createMany({ data: rows });
    await db.repairRequest.create({ data: { id: randomUUID(), userId: other.id, city: "Rotterdam", taskType: "Painting", date: new Date("2026-07-01") } });
    const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: owner.cookie }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="fixwell-data-\d{4}-\d{2}-\d{2}\.json"/);
    const text = await response.text();
    const data = JSON.parse(text) as { requests: { id: string }[] };
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
    expect(data.requests.map((request) => request.id)).toEqual(expected);
    expect(text).toBe(JSON.stringify(data, null, 2));
  });
});

describe("GET /api/account/export for a handyman with many offers and reviews", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("holds every offer and every review once, oldest first, across several reads, as one valid JSON file", async () => {
    const pro = await createSignedInHandyman(10);
    const owner = await createSignedInUser();
    const db = await getDb();
    const base = Date.parse("2026-05-01T08:00:00.000Z");
    // Every three share a timestamp, so batch boundaries fall inside such groups.
    const at = (i: number) => new Date(base + Math.floor(i / 3) * 1000);
    const requests = Array.from({ length: EXPORT_BATCH * 2 + 13 }, () => ({ id: randomUUID(), userId: owner.id, city: "Rotterdam" as const, taskType: "Painting" as const, date: new Date("2026-07-01") }));
    await db.repairRequest.createMany({ data: requests });
    const offers = requests.map((request, i) => ({ id: randomUUID(), requestId: request.id, handymanId: 10, status: "declined" as const, declineReason: `Reason ${i}`, createdAt: at(i), expiresAt: at(i + 100) }));
    await db.offer.createMany({ data: offers });
    const reviews = requests.slice(0, EXPORT_BATCH + 7).map((request, i) => ({ id: randomUUID(), requestId: request.id, handymanId: 10, stars: 1 + (i % 5), text: `Review ${i}`, createdAt: at(i) }));
    await db.review.createMany({ data: reviews });
    // Another handyman's offer and review are not theirs.
    const elsewhere = randomUUID();
    await db.repairRequest.create({ data: { id: elsewhere, userId: owner.id, city: "Rotterdam", taskType: "Painting", date: new Date("2026-07-01") } });
    await db.offer.create({ data: { requestId: elsewhere, handymanId: 18, expiresAt: new Date(base) } });
    await db.review.create({ data: { requestId: elsewhere, handymanId: 18, stars: 5, text: "Not Hidde's" } });

    const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: pro.cookie }), routeContext());
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { handyman: { offers: { id: string; declineReason: string }[]; reviewsAboutYou: { requestId: string; text: string }[] } };
    const inOrder = <T extends { createdAt: Date; id: string }>(rows: T[]) => [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(data.handyman.offers.map((offer) => offer.id)).toEqual(inOrder(offers).map((offer) => offer.id));
    expect(data.handyman.offers[0]).toMatchObject({ declineReason: inOrder(offers)[0].declineReason, status: "declined" });
    expect(data.handyman.reviewsAboutYou.map((review) => review.requestId)).toEqual(inOrder(reviews).map((review) => review.requestId));
    expect(text).toBe(JSON.stringify(data, null, 2));
  });
});
