// Keyset paging (lib/paging) on the lists that grow with the market, against a real database: the console's
// requests (through its API), the audit log and a homeowner's orders. Each list is walked forwards and back
// across rows that share a timestamp (the id breaks the tie), filters stay applied, and every refusal — a
// forged, cut, re-signed-elsewhere cursor, one from another list or account, a bad page size — is a 400 with
// the API's error shape that reads no rows. The counts per state the database keeps follow every change.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as listRoute from "../../app/api/ops/requests/route";
import * as proOffersRoute from "../../app/api/pro/offers/route";
import { createSignedInHandyman } from "../helpers/marketplace";
import { getDb, resetDatabase, withSql } from "../helpers/db";
import { checkProperty, call } from "../helpers/fuzz";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const { decodeCursor, encodeCursor, parsePageSize } = await import("@/lib/paging/cursor");
const { listAuditPage, parseAuditCursor, recordAudit } = await import("@/lib/ops/audit");
const { listOrdersPage, parseOrdersCursor, ORDERS_PAGE_SIZE } = await import("@/lib/requests/queries");
const { ApiError } = await import("@/lib/api/errors");

type Row = { id: string; createdAt: string; state: string; city: string; taskType: string };
type Overview = { rows: Row[]; total: number; counts: Record<string, number>; nextCursor: string | null; previousCursor: string | null };

const overview = (operator: TestUser, query = "") => listRoute.GET(apiRequest("GET", `/api/ops/requests${query}`, { cookie: operator.cookie }), { params: Promise.resolve({}) });

async function list(operator: TestUser, query = ""): Promise<Overview> {
  const response = await overview(operator, query);
  expect(response.status, query).toBe(200);
  return (await response.json()) as Overview;
}

const CITIES = ["Amsterdam", "The_Hague", "Rotterdam"] as const;
const TASKS = ["Outlet_replacement", "Pipe_leakage", "Painting"] as const;
const STATES = ["submitted", "offered", "cancelled", "done"] as const;

/**
 * `count` requests of `owner`, stored directly: every three share one timestamp (ties the id must break),
 * cities, trades and states in turn. Returns their ids in the lists' order (newest first, then id descending).
 */
async function storeRequests(owner: { id: string }, count: number, base = Date.parse("2026-06-01T10:00:00.000Z")): Promise<string[]> {
  const db = await getDb();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    userId: owner.id,
    city: CITIES[i % 3],
    taskType: TASKS[Math.floor(i / 3) % 3],
    state: STATES[i % 4],
    date: new Date("2026-07-01"),
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
  }));
  await db.repairRequest.createMany({ data: rows });
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
}

/** Walks a list from its first page to its last by nextCursor, then back by previousCursor; returns both walks. */
async function walk(operator: TestUser, query: string): Promise<{ forwards: string[][]; backwards: string[][] }> {
  const forwards: string[][] = [];
  let page = await list(operator, query);
  forwards.push(page.rows.map((r) => r.id));
  expect(page.previousCursor).toBeNull();
  while (page.nextCursor) {
    page = await list(operator, `${query}&cursor=${page.nextCursor}`);
    forwards.push(page.rows.map((r) => r.id));
  }
  const backwards: string[][] = [forwards.at(-1)!];
  while (page.previousCursor) {
    page = await list(operator, `${query}&cursor=${page.previousCursor}`);
    backwards.unshift(page.rows.map((r) => r.id));
  }
  return { forwards, backwards };
}

function expectBadCursor(body: unknown) {
  const error = (body as { error: { code: string; message: string; issues: { path: string }[] } }).error;
  expect(error.code).toBe("bad_request");
  expect(error.message).toMatch(/page link is not valid/);
  expect(error.issues.map((issue) => issue.path)).toEqual(["cursor"]);
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the cursor", () => {
  const scope = { list: "ops.requests", owner: "a" };

  it("reads back what it was made of, and nothing else", () => {
    const cursor = encodeCursor(scope, "after", ["2026-06-01T10:00:00.000Z", "x"]);
    expect(decodeCursor(cursor, scope, 2)).toEqual({ direction: "after", key: ["2026-06-01T10:00:00.000Z", "x"] });
    expect(decodeCursor(undefined, scope, 2)).toBeUndefined();
    expect(decodeCursor("", scope, 2)).toBeUndefined();
    const [payload, tag] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ l: "ops.requests", o: "a", d: "a", k: ["2099-01-01T00:00:00.000Z", "x"] })).toString("base64url");
    const refusals = [
      `${forged}.${tag}`,
      cursor.slice(0, -3),
      payload,
      `${payload}.`,
      `${payload}.${tag}.${tag}`,
      `${payload}x.${tag}`,
      cursor + "A",
      "a".repeat(600),
      encodeCursor({ list: "ops.audit", owner: "a" }, "after", ["2026-06-01T10:00:00.000Z", "x"]),
      encodeCursor({ list: "ops.requests", owner: "b" }, "after", ["2026-06-01T10:00:00.000Z", "x"]),
      encodeCursor(scope, "after", ["2026-06-01T10:00:00.000Z"]),
      ["x", "y"],
      42,
    ];
    for (const value of refusals) {
      let thrown: unknown;
      try {
        decodeCursor(value, scope, 2);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, String(value)).toBeInstanceOf(ApiError);
      expect((thrown as InstanceType<typeof ApiError>).status).toBe(400);
    }
  });

  it.each([
    ["0", false],
    ["-1", false],
    ["10000", false],
    ["abc", false],
    ["1.5", false],
    ["07", false],
    [" 5", false],
    ["1", true],
    ["200", true],
    ["201", false],
  ])("takes %s as a page size: %s", (value, accepted) => {
    const read = () => parsePageSize(value, { fallback: 50, max: 200 });
    if (accepted) expect(read()).toBe(Number(value));
    else expect(read).toThrow(/whole number from 1 to 200/);
  });

  it("takes an absent page size as the list's own", () => {
    expect(parsePageSize(undefined, { fallback: 50, max: 200 })).toBe(50);
    expect(parsePageSize("", { fallback: 50, max: 200 })).toBe(50);
    expect(() => parsePageSize(["5", "6"], { fallback: 50, max: 200 })).toThrow(/whole number/);
  });
});

describe("the console's requests, 50 at a time", () => {
  it("walks every request once, newest first with the id breaking ties, and back again", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser();
    const ids = await storeRequests(owner, 130);
    const { forwards, backwards } = await walk(operator, "?limit=50");
    expect(forwards.map((page) => page.length)).toEqual([50, 50, 30]);
    expect(forwards.flat()).toEqual(ids);
    expect(backwards).toEqual(forwards);
    const first = await list(operator);
    expect(first.rows).toHaveLength(50);
    expect(first.total).toBe(130);
  });

  it("keeps the filters on every page, and the total counts what they match", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser();
    await storeRequests(owner, 130);
    const query = "?city=Rotterdam&state=submitted&limit=7";
    const { forwards } = await walk(operator, query);
    const seen = forwards.flat();
    const db = await getDb();
    const expected = await db.repairRequest.findMany({ where: { city: "Rotterdam", state: "submitted" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(seen).toEqual(expected.map((row) => row.id));
    expect((await list(operator, query)).total).toBe(expected.length);
  });

  it("keeps its counts per state right as requests are added, change and go", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser();
    const ids = await storeRequests(owner, 40);
    const db = await getDb();
    await db.repairRequest.update({ where: { id: ids[0] }, data: { state: "done", city: "Amsterdam" } });
    await db.repairRequest.deleteMany({ where: { id: { in: ids.slice(1, 5) } } });
    await db.repairRequest.updateMany({ where: { state: "offered" }, data: { state: "cancelled" } });
    for (const query of ["", "?city=Amsterdam", "?taskType=Painting", "?city=The%20Hague&taskType=Pipe-leakage", "?from=2026-06-01&to=2026-06-01"]) {
      const counts = (await list(operator, query)).counts;
      const params = new URLSearchParams(query.slice(1));
      const where = {
        ...(params.get("city") ? { city: params.get("city") === "The Hague" ? ("The_Hague" as const) : (params.get("city") as "Amsterdam") } : {}),
        ...(params.get("taskType") ? { taskType: params.get("taskType") === "Pipe-leakage" ? ("Pipe_leakage" as const) : ("Painting" as const) } : {}),
      };
      const truth = await db.repairRequest.groupBy({ by: ["state"], where, _count: { _all: true } });
      for (const group of truth) expect(counts[group.state], `${query} ${group.state}`).toBe(group._count._all);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(truth.reduce((a, g) => a + g._count._all, 0));
    }
  });

  it("counts per state over a range of Amsterdam days, midnight on either side, as requests are added, change, move and go", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser();
    // Summer time: Amsterdam is UTC+2, so 21:59:59.999Z is the last moment of a day there and 22:00Z the first of the next.
    const times = ["2026-06-30T21:59:59.999Z", "2026-06-30T22:00:00.000Z", "2026-07-01T12:00:00.000Z", "2026-07-01T21:59:59.999Z", "2026-07-01T22:00:00.000Z", "2026-07-03T08:00:00.000Z"];
    const db = await getDb();
    const ids: string[] = [];
    for (const [i, at] of times.entries()) {
      const id = randomUUID();
      ids.push(id);
      await db.repairRequest.create({ data: { id, userId: owner.id, city: CITIES[i % 3], taskType: TASKS[i % 3], state: STATES[i % 4], date: new Date("2026-07-10"), createdAt: new Date(at) } });
    }
    const check = async () => {
      for (const [from, to] of [["2026-07-01", "2026-07-01"], ["2026-07-02", "2026-07-02"], ["2026-06-30", "2026-07-02"], ["2026-07-03", ""], ["", "2026-07-01"]]) {
        const query = `?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}`;
        const counts = (await list(operator, query)).counts;
        const createdAt = { ...(from ? { gte: new Date(`${from}T00:00:00+02:00`) } : {}), ...(to ? { lt: new Date(new Date(`${to}T00:00:00+02:00`).getTime() + 86_400_000) } : {}) };
        const truth = await db.repairRequest.groupBy({ by: ["state"], where: { createdAt }, _count: { _all: true } });
        for (const state of Object.keys(counts) as (keyof typeof counts)[]) {
          expect(counts[state], `${query} ${state}`).toBe(truth.find((group) => group.state === state)?._count._all ?? 0);
        }
      }
    };
    await check();
    expect(Object.values((await list(operator, "?from=2026-07-02&to=2026-07-02")).counts).reduce((a, b) => a + b, 0)).toBe(1);
    await db.repairRequest.update({ where: { id: ids[1] }, data: { state: "done" } });
    await db.repairRequest.update({ where: { id: ids[2] }, data: { createdAt: new Date("2026-07-03T09:00:00.000Z") } });
    await db.repairRequest.delete({ where: { id: ids[4] } });
    await check();
    expect(Object.values((await list(operator, "?from=2026-07-02&to=2026-07-02")).counts).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("refuses a forged, cut or foreign cursor and a bad page size with a 400, reading no rows", async () => {
    const operator = await createSignedInOperator();
    const other = await createSignedInOperator();
    const owner = await createSignedInUser();
    await storeRequests(owner, 60);
    const mine = (await list(operator)).nextCursor!;
    const theirs = (await list(other)).nextCursor!;
    const [payload, tag] = mine.split(".");
    const json = JSON.parse(Buffer.from(payload, "base64url").toString()) as { k: string[] };
    const moved = Buffer.from(JSON.stringify({ ...json, k: ["2000-01-01T00:00:00.000Z", json.k[1]] })).toString("base64url");
    for (const cursor of [theirs, `${moved}.${tag}`, mine.slice(0, 20), `${payload}.${tag.slice(0, 10)}`, "abc", "%00", encodeCursor({ list: "ops.audit", owner: operator.id }, "after", ["1"])]) {
      const response = await overview(operator, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expectBadCursor(await response.json());
    }
    expect((await overview(operator, `?cursor=${mine}&cursor=${mine}`)).status).toBe(400);
    for (const limit of ["0", "-1", "10000", "abc"]) {
      const response = await overview(operator, `?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
      expect(body.error.issues.map((issue) => issue.path)).toEqual(["limit"]);
    }
    expect((await list(operator, "?cursor=")).rows).toHaveLength(50);
  });

  it("answers generated cursors and page sizes with a page or a 400, never a 5xx", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser();
    await storeRequests(owner, 12);
    const real = (await list(operator, "?limit=5")).nextCursor!;
    const cursor = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.base64String({ maxLength: 120 }).map((s) => s.replace(/=/g, "")),
      fc.constant(real),
      fc.nat({ max: real.length }).map((cut) => real.slice(0, cut)),
      fc.tuple(fc.nat({ max: real.length - 1 }), fc.string({ minLength: 1, maxLength: 1 })).map(([at, c]) => real.slice(0, at) + c + real.slice(at + 1)),
    );
    const limit = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 100_000 }).map(String));
    await fc.assert(
      fc.asyncProperty(fc.option(cursor), fc.option(limit), async (c, l) => {
        const query = new URLSearchParams();
        if (c !== null) query.set("cursor", c);
        if (l !== null) query.set("limit", l);
        await checkProperty(() => call(listRoute.GET, apiRequest("GET", `/api/ops/requests?${query}`, { cookie: operator.cookie })), (outcome) => {
          expect((outcome.body as Overview).rows.length).toBeLessThanOrEqual(200);
        });
      }),
      { seed: 20261126, numRuns: Math.min(Number(process.env.FUZZ_RUNS ?? 150), 300) },
    );
  });
});

describe("the audit log, 50 at a time", () => {
  it("walks every entry once, newest first, and back; a foreign cursor is refused", async () => {
    const operator = await createSignedInOperator();
    const other = await createSignedInOperator();
    const db = await getDb();
    for (let i = 0; i < 120; i++) await db.$transaction((tx) => recordAudit(tx, operator, { action: "edit", targetType: "handyman", targetId: i % 2 ? 18 : 19, after: { i } }));
    const seen: string[] = [];
    let page = await listAuditPage(operator, undefined);
    seen.push(...page.rows.map((r) => r.id));
    const sizes = [page.rows.length];
    while (page.next) {
      page = await listAuditPage(operator, parseAuditCursor(operator, page.next));
      seen.push(...page.rows.map((r) => r.id));
      sizes.push(page.rows.length);
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)));
    expect(new Set(seen).size).toBe(120);
    const back = await listAuditPage(operator, parseAuditCursor(operator, page.previous));
    expect(back.rows.map((r) => r.id)).toEqual(seen.slice(50, 100));
    const target = await listAuditPage(operator, undefined, { targetType: "handyman", targetId: "18" });
    expect(target.rows.every((r) => r.targetId === "18")).toBe(true);
    expect(target.rows).toHaveLength(50);
    const more = await listAuditPage(operator, parseAuditCursor(operator, target.next), { targetType: "handyman", targetId: "18" });
    expect(more.rows.map((r) => r.targetId)).toEqual(Array(10).fill("18"));
    expect(() => parseAuditCursor(other, page.previous)).toThrow(ApiError);
    expect(() => parseAuditCursor(operator, encodeCursor({ list: "ops.audit", owner: operator.id }, "after", ["-5"]))).not.toThrow();
    await expect(listAuditPage(operator, parseAuditCursor(operator, encodeCursor({ list: "ops.audit", owner: operator.id }, "after", ["-5"])))).rejects.toThrow(ApiError);
  });
});

describe("a homeowner's orders, the newest 50 then more", () => {
  it("pages through the owner's requests only; another account's cursor is refused", async () => {
    const owner = await createSignedInUser();
    const neighbour = await createSignedInUser();
    const ids = await storeRequests(owner, 75);
    await storeRequests(neighbour, 5, Date.parse("2026-06-01T10:00:30.000Z"));
    const first = await listOrdersPage(owner, undefined);
    expect(first.rows).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.previous).toBeNull();
    const second = await listOrdersPage(owner, parseOrdersCursor(owner, first.next));
    expect(second.next).toBeNull();
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(ids);
    expect(second.rows.every((r) => typeof r.state === "string")).toBe(true);
    const again = await listOrdersPage(owner, parseOrdersCursor(owner, second.previous));
    expect(again.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(again.previous).toBeNull();
    expect(() => parseOrdersCursor(neighbour, first.next)).toThrow(/page link is not valid/);
    expect((await listOrdersPage(neighbour, undefined)).rows).toHaveLength(5);
  });

  it("goes back to the first page when the rows before a cursor are gone", async () => {
    const owner = await createSignedInUser();
    const ids = await storeRequests(owner, 55);
    const first = await listOrdersPage(owner, undefined);
    const second = await listOrdersPage(owner, parseOrdersCursor(owner, first.next));
    await withSql((sql) => sql.query(`DELETE FROM "inputs" WHERE "input_id" = ANY($1::uuid[])`, [ids.slice(0, 50)]));
    const back = await listOrdersPage(owner, parseOrdersCursor(owner, second.previous));
    expect(back.rows.map((r) => r.id)).toEqual(ids.slice(50));
  });
});

describe("GET /api/pro/offers, by cursor", () => {
  type ProPage = { handyman: unknown; reviews: unknown[]; offers: { id: string; status: string }[]; nextCursor: string | null };
  const view = (user: TestUser, query = "") => proOffersRoute.GET(apiRequest("GET", `/api/pro/offers${query}`, { cookie: user.cookie }), { params: Promise.resolve({}) });

  it("walks the handyman's open and accepted offers, newest first with ties, by nextCursor and the Link header; others' cursors are refused", async () => {
    const nina = await createSignedInHandyman(18);
    const jelle = await createSignedInHandyman(26);
    const owner = await createSignedInUser();
    const requests = await storeRequests(owner, 70);
    const db = await getDb();
    const at = Date.parse("2026-06-02T09:00:00.000Z");
    const offers = requests.map((requestId, i) => ({
      id: randomUUID(),
      requestId,
      handymanId: i % 10 === 9 ? 26 : 18,
      status: i % 7 === 6 ? ("declined" as const) : i % 2 ? ("accepted" as const) : ("open" as const),
      createdAt: new Date(at + Math.floor(i / 4) * 1000),
      expiresAt: new Date(at + 86_400_000 * 30),
    }));
    await db.offer.createMany({ data: offers });
    const expected = offers
      .filter((offer) => offer.handymanId === 18 && offer.status !== "declined")
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((offer) => offer.id);
    const seen: string[] = [];
    let response = await view(nina, "?limit=20");
    for (;;) {
      expect(response.status).toBe(200);
      const page = (await response.json()) as ProPage;
      expect(page.handyman).toBeTruthy();
      expect(Array.isArray(page.reviews)).toBe(true);
      seen.push(...page.offers.map((offer) => offer.id));
      const link = response.headers.get("link");
      if (!page.nextCursor) {
        expect(link).toBeNull();
        break;
      }
      expect(link).toBe(`</api/pro/offers?limit=20&cursor=${page.nextCursor}>; rel="next"`);
      const theirs = await view(jelle, `?cursor=${page.nextCursor}`);
      expect(theirs.status).toBe(400);
      expectBadCursor(await theirs.json());
      response = await view(nina, `?limit=20&cursor=${page.nextCursor}`);
    }
    expect(seen).toEqual(expected);
    expect(((await (await view(nina)).json()) as ProPage).offers).toHaveLength(50);
    for (const limit of ["0", "-1", "10000", "abc"]) expect((await view(nina, `?limit=${limit}`)).status, limit).toBe(400);
    const ops = await createSignedInOperator();
    const consoleCursor = (await list(ops, "?limit=1")).nextCursor!;
    expect((await view(nina, `?cursor=${consoleCursor}`)).status).toBe(400);
  });
});
