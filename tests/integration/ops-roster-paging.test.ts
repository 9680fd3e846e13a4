// The console's roster, one page at a time (GET /api/ops/handymen and /ops/handymen), against a real
// database: ordered by the name in lower case then the id (handymen of the same name in id order), walked
// forwards and back without a row twice or missed; a search by the start of a name (any case, its % and _
// meaning themselves); filters by city, trade and state, each checked against the database, the total
// counting what they match; and every refusal — a forged, cut or foreign cursor, one of another list or
// operator, a bad page size, an unknown filter value — a 400 with the API's error shape, explained on the
// page, never a 500.
import { beforeEach, describe, expect, it } from "vitest";
import * as rosterRoute from "../../app/api/ops/handymen/route";
import * as inviteRoute from "../../app/api/ops/handymen/[handymanId]/invite/route";
import * as suspendRoute from "../../app/api/ops/handymen/[handymanId]/suspend/route";
import { actionRequest } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { createSignedInHandyman } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest, routeContext, type TestUser } from "../helpers/session";

const { encodeCursor } = await import("@/lib/paging/cursor");
const { default: HandymenPage } = await import("@/app/[locale]/ops/handymen/page");

type Entry = { id: number; name: string; cities: string[]; taskTypes: string[]; available: boolean; suspended: boolean; accountState: string; removed: boolean };
type Roster = { handymen: Entry[]; total: number; nextCursor: string | null; previousCursor: string | null };

const get = (operator: TestUser, query = "") => rosterRoute.GET(apiRequest("GET", `/api/ops/handymen${query}`, { cookie: operator.cookie }), routeContext());

async function list(operator: TestUser, query = ""): Promise<Roster> {
  const response = await get(operator, query);
  expect(response.status, query).toBe(200);
  return (await response.json()) as Roster;
}

/** Walks the roster from its first page to its last by nextCursor, then back by previousCursor. */
async function walk(operator: TestUser, query: string): Promise<{ forwards: number[][]; backwards: number[][] }> {
  const join = query ? "&" : "?";
  const forwards: number[][] = [];
  let page = await list(operator, query);
  expect(page.previousCursor).toBeNull();
  forwards.push(page.handymen.map((h) => h.id));
  while (page.nextCursor) {
    page = await list(operator, `${query}${join}cursor=${page.nextCursor}`);
    forwards.push(page.handymen.map((h) => h.id));
  }
  const backwards: number[][] = [forwards.at(-1)!];
  while (page.previousCursor) {
    page = await list(operator, `${query}${join}cursor=${page.previousCursor}`);
    backwards.unshift(page.handymen.map((h) => h.id));
  }
  return { forwards, backwards };
}

const CITIES = ["Amsterdam", "The_Hague", "Rotterdam"] as const;
const TASKS = ["Outlet_replacement", "Pipe_leakage", "Painting"] as const;
/** Names that tie (the same name, or the same but for case) and names that search must tell apart. */
const NAMES = ["Anna de Vries", "anna de vries", "Anna de Vries", "Hanna Bakker", "Annabel Smit", "50% Klus", "5_0 Klus", "50x Klus", "Zeger", "zeger", "Émile Roux", "Bram"];

/** `count` more handymen with tied and search-worthy names, cities, trades and pauses in turn; their ids. */
async function storeHandymen(count: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db.handyman.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      name: NAMES[i % NAMES.length],
      slug: `paging-${i}`,
      cities: [CITIES[i % 3]],
      taskTypes: [TASKS[Math.floor(i / 3) % 3], ...(i % 5 === 0 ? [TASKS[(Math.floor(i / 3) + 1) % 3]] : [])],
      hourlyPriceCents: 4000 + i,
      available: i % 4 !== 0,
      removedAt: i % 7 === 0 ? new Date() : null,
    })),
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

type Stored = { id: number; name: string; cities: string[]; taskTypes: string[]; available: boolean; suspended: boolean; removedAt: Date | null; userId: string | null };

/** The roster's order, computed here over the handymen `pick` keeps: the name in lower case by UTF-8 bytes, then the id. */
async function expectedOrder(pick: (row: Stored) => boolean = () => true): Promise<number[]> {
  const rows = await (await getDb()).handyman.findMany({ select: { id: true, name: true, cities: true, taskTypes: true, available: true, suspended: true, removedAt: true, userId: true } });
  const key = (name: string) => Buffer.from(name.toLowerCase(), "utf8");
  return rows
    .filter(pick)
    .sort((a, b) => Buffer.compare(key(a.name), key(b.name)) || a.id - b.id)
    .map((row) => row.id);
}

function expectBadRequest(body: unknown, path: string, code = "bad_request") {
  const error = (body as { error: { code: string; message: string; issues: { path: string }[] } }).error;
  expect(error.code).toBe(code);
  expect(error.issues.map((issue) => issue.path)).toEqual([path]);
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the roster, 50 at a time", () => {
  it("walks every handyman once by name then id, the same names in id order, and back again", async () => {
    const operator = await createSignedInOperator();
    await storeHandymen(90);
    const expected = await expectedOrder();
    expect(expected.length).toBeGreaterThan(120);
    const { forwards, backwards } = await walk(operator, "");
    expect(forwards.map((page) => page.length)).toEqual([50, 50, expected.length - 100]);
    expect(forwards.flat()).toEqual(expected);
    expect(backwards).toEqual(forwards);
    const first = await list(operator);
    expect(first.total).toBe(expected.length);
    // The ties: every "anna de vries", whatever its case, side by side and in id order.
    const db = await getDb();
    const annas = (await db.handyman.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } })).filter((h) => h.name.toLowerCase() === "anna de vries").map((h) => h.id);
    expect(annas.length).toBeGreaterThanOrEqual(3);
    const at = forwards.flat().indexOf(annas[0]);
    expect(forwards.flat().slice(at, at + annas.length)).toEqual(annas);
  });

  it("pages by ?limit= and keeps every page the same size, a tie split across two pages included", async () => {
    const operator = await createSignedInOperator();
    await storeHandymen(36);
    const { forwards, backwards } = await walk(operator, "?limit=7");
    expect(forwards.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(forwards.flat()).toEqual(await expectedOrder());
    expect(backwards).toEqual(forwards);
  });

  it("finds handymen by the start of their name in any case, % and _ meaning themselves", async () => {
    const operator = await createSignedInOperator();
    await storeHandymen(24);
    const names = async (q: string) => (await walk(operator, `?q=${encodeURIComponent(q)}&limit=5`)).forwards.flat();
    const db = await getDb();
    const idsOf = (pick: (name: string) => boolean) => expectedOrder((h) => pick(h.name));
    expect(await names("ANNA")).toEqual(await idsOf((n) => n.toLowerCase().startsWith("anna")));
    expect(await names("anna de")).toEqual(await idsOf((n) => n.toLowerCase().startsWith("anna de")));
    expect(await names("50%")).toEqual(await idsOf((n) => n.startsWith("50%")));
    expect(await names("5_")).toEqual(await idsOf((n) => n.startsWith("5_")));
    expect((await names("5_")).length).toBe(2);
    expect(await names("  zeger ")).toEqual(await idsOf((n) => n.toLowerCase() === "zeger"));
    expect(await names("nobody")).toEqual([]);
    expect((await list(operator, "?q=Anna")).total).toBe((await idsOf((n) => n.toLowerCase().startsWith("anna"))).length);
    // "Hanna" holds "anna" but does not start with it.
    expect(await names("anna")).not.toContain((await db.handyman.findFirst({ where: { name: "Hanna Bakker" } }))!.id);
  });

  it("filters by city, trade and each state, alone and together, the total counting what they match", async () => {
    const operator = await createSignedInOperator();
    await storeHandymen(30);
    // An invited handyman, an active one (a signed-in account), a suspended one.
    expect((await inviteRoute.POST(apiRequest("POST", "/api/ops/handymen/2/invite", { cookie: operator.cookie, body: { email: "invited@example.test" } }), routeContext({ handymanId: "2" }))).status).toBe(201);
    await createSignedInHandyman(18, "active@example.test");
    expect((await suspendRoute.POST(apiRequest("POST", "/api/ops/handymen/5/suspend", { cookie: operator.cookie, body: { password: OPERATOR_PASSWORD } }), routeContext({ handymanId: "5" }))).status).toBe(200);
    const cases: [string, (h: Stored) => boolean][] = [
      ["?city=Rotterdam", (h) => h.cities.includes("Rotterdam")],
      ["?city=The%20Hague", (h) => h.cities.includes("The_Hague")],
      ["?taskType=Pipe-leakage", (h) => h.taskTypes.includes("Pipe_leakage")],
      ["?state=suspended", (h) => h.suspended],
      ["?state=no_account", (h) => !h.suspended && h.userId === null],
      ["?state=invited", (h) => h.id === 2],
      ["?state=active", (h) => h.id === 18],
      ["?state=paused", (h) => !h.available],
      ["?state=removed", (h) => h.removedAt !== null],
      ["?city=Amsterdam&taskType=Painting&state=no_account", (h) => h.cities.includes("Amsterdam") && h.taskTypes.includes("Painting") && !h.suspended && h.userId === null],
      ["?q=anna&city=Amsterdam", (h) => h.cities.includes("Amsterdam") && h.name.toLowerCase().startsWith("anna")],
    ];
    for (const [query, pick] of cases) {
      const expected = await expectedOrder(pick);
      expect(expected.length, query).toBeGreaterThan(0);
      expect((await walk(operator, `${query}&limit=4`)).forwards.flat(), query).toEqual(expected);
      expect((await list(operator, query)).total, query).toBe(expected.length);
    }
    const states = Object.fromEntries((await list(operator, "?limit=200")).handymen.map((h) => [h.id, h.accountState]));
    expect(states).toMatchObject({ 2: "invited", 18: "active", 5: "suspended", 1: "no_account" });
  });
});

describe("the roster's refusals", () => {
  it("refuses a forged, cut or foreign cursor and a bad page size with a 400", async () => {
    const operator = await createSignedInOperator();
    const other = await createSignedInOperator();
    await storeHandymen(20);
    const mine = (await list(operator, "?limit=10")).nextCursor!;
    const theirs = (await list(other, "?limit=10")).nextCursor!;
    const [payload, tag] = mine.split(".");
    const json = JSON.parse(Buffer.from(payload, "base64url").toString()) as { k: string[] };
    const moved = Buffer.from(JSON.stringify({ ...json, k: ["1"] })).toString("base64url");
    const cursors = [
      theirs,
      `${moved}.${tag}`,
      mine.slice(0, 20),
      `${payload}.${tag.slice(0, 10)}`,
      "abc",
      encodeCursor({ list: "ops.requests", owner: operator.id }, "after", ["2026-01-01T00:00:00.000Z", "x"]),
      encodeCursor({ list: "ops.audit", owner: operator.id }, "after", ["1"]),
      encodeCursor({ list: "ops.handymen", owner: operator.id }, "after", ["0"]),
      encodeCursor({ list: "ops.handymen", owner: operator.id }, "after", ["99999999"]),
      encodeCursor({ list: "ops.handymen", owner: operator.id }, "after", ["1", "2"]),
    ];
    for (const cursor of cursors) {
      const response = await get(operator, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expectBadRequest(await response.json(), "cursor");
    }
    expect((await get(operator, `?cursor=${mine}&cursor=${mine}`)).status).toBe(400);
    for (const limit of ["0", "-1", "10000", "abc"]) {
      const response = await get(operator, `?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expectBadRequest(await response.json(), "limit");
    }
    expect((await list(operator, "?cursor=")).handymen).toHaveLength(50);
  });

  it("refuses unknown filter values with a 400 naming the field", async () => {
    const operator = await createSignedInOperator();
    for (const [query, path] of [
      ["?city=Utrecht", "city"],
      ["?taskType=Roofing", "taskType"],
      ["?state=gone", "state"],
      ["?state=Suspended", "state"],
      ["?city=Amsterdam&city=Rotterdam", "city"],
      [`?q=${"a".repeat(101)}`, "q"],
      ["?q=a&q=b", "q"],
    ] as const) {
      const response = await get(operator, query);
      expect(response.status, query).toBe(400);
      expectBadRequest(await response.json(), path, "validation_failed");
    }
  });

  it("answers a search with a NUL, a lone surrogate or LIKE's own characters with a page, never a 500", async () => {
    const operator = await createSignedInOperator();
    for (const q of ["%00", "%ED%A0%80", "a%00b", "%25", "_", "%5C", "%5C%25"]) {
      const response = await get(operator, `?q=${q}`);
      if (q.includes("%00")) {
        expect(response.status, q).toBe(400);
        expectBadRequest(await response.json(), "q", "validation_failed");
      } else {
        expect(response.status, q).toBe(200);
        expect(((await response.json()) as Roster).handymen, q).toEqual([]);
      }
    }
  });

  it("answers the Link header with the next page's address, filters kept", async () => {
    const operator = await createSignedInOperator();
    const response = await get(operator, "?city=Rotterdam&limit=3");
    const body = (await response.json()) as Roster;
    expect(body.nextCursor).not.toBeNull();
    expect(response.headers.get("Link")).toBe(`</api/ops/handymen?city=Rotterdam&limit=3&cursor=${body.nextCursor}>; rel="next"`);
    const last = await list(operator, "?limit=200");
    expect(last.nextCursor).toBeNull();
    expect((await get(operator, "?limit=200")).headers.get("Link")).toBeNull();
  });

  it("explains a bad filter or cursor on the page, and lists only the page's handymen to invite", async () => {
    const operator = await createSignedInOperator();
    await storeHandymen(60);
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const render = async (query: Record<string, string | string[]>) => elementTreeText(await HandymenPage({ searchParams: Promise.resolve(query) }));
    expect(await render({ city: "Utrecht" })).toMatch(/Choose a city: Amsterdam, The Hague, Rotterdam\./);
    const cut = await render({ cursor: "abc" });
    expect(cut).toMatch(/page link is not valid/);
    expect(cut).toContain("Start from the first handymen");
    const first = await render({});
    expect(first).toMatch(/\d+ handymen, by name\./);
    // The invite form offers the page's handymen without an account, never the whole roster.
    const page = await list(operator);
    const offered = [...first.matchAll(/\(#(\d+)\), /g)].map((match) => Number(match[1]));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((id) => page.handymen.some((h) => h.id === id && h.accountState === "no_account" && !h.removed))).toBe(true);
  });
});
