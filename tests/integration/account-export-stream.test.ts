// The account export is streamed: an account with more requests than one read takes (EXPORT_BATCH) gets
// every one of them exactly once, newest first with ties broken by id, in a file that is the same JSON
// text JSON.stringify(…, null, 2) gives; the writer itself matches JSON.stringify for any value.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as exportRoute from "../../app/api/account/export/route";
import { getDb, resetDatabase } from "../helpers/db";
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
