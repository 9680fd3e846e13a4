// Who may make a repair request, and how many and for when, against a real database: the probe that found
// a handyman reviewing their own job (they requested, were offered their own request, accepted, marked
// it done and gave themselves five stars) now stops at the first step; a request asks for a day at most
// a year ahead; and one account makes at most REQUESTS_PER_USER_PER_DAY new requests a day (3 here),
// while a replay of a stored request's id still answers the stored row and does not count.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as inputsRoute from "../../app/api/inputs/route";
import * as rescheduleRoute from "../../app/api/requests/[requestId]/reschedule/route";
import { actionRequest, form } from "../helpers/server-action";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

vi.hoisted(() => {
  process.env.REQUESTS_PER_USER_PER_DAY = "3";
});

const { createRequestAction } = await import("@/lib/requests/actions");
const { emptyRequestForm } = await import("@/lib/requests/form");
const { latestRequestDate, todayInAmsterdam } = await import("@/lib/requests/rules");

type Json = { error?: { code: string; message: string; issues?: { path: string; message: string }[] }; rows?: { input_id: string; date: string }[] };

function post(user: TestUser, fields: Partial<Record<string, string>> = {}, lang?: string) {
  const body = { input_id: randomUUID(), user_email: user.email, task_type: "Pipe-leakage", city: "Rotterdam", home_older_than_two_years: "no", details: "Drip under the sink", date: amsterdamDay(2), criteria: "", ...fields };
  return inputsRoute.POST(apiRequest("POST", "/api/inputs", { cookie: user.cookie, body, headers: lang ? { "accept-language": lang } : undefined }), routeContext());
}

async function answer(response: Promise<Response>) {
  const res = await response;
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

let owner: TestUser;
let nina: TestHandyman;

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
});

describe("only homeowners make requests", () => {
  it("refuses the probe's first step: a handyman's request is 403 with the error shape, and nothing is stored", async () => {
    const before = await snapshotTables();
    const { status, body } = await answer(post(nina));
    expect(status).toBe(403);
    expect(body.error?.code).toBe("forbidden");
    expect(body.error?.message).toMatch(/Only homeowner accounts can ask for a repair/);
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses an operator the same way, in Dutch when asked", async () => {
    const olga = await createSignedInOperator("olga@example.test");
    const { status, body } = await answer(post(olga, {}, "nl"));
    expect(status).toBe(403);
    expect(body.error?.message).toMatch(/Alleen huiseigenaren/);
  });

  it("answers the request form of a handyman with the refusal, and stores nothing", async () => {
    actionRequest.headers = new Headers({ cookie: nina.cookie });
    const id = randomUUID();
    const before = await snapshotTables();
    const state = await createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Pipe-leakage", city: "Rotterdam", home_older_than_two_years: "no", date: amsterdamDay(2), details: "", in_page: "1" }));
    expect(state.message).toMatch(/Only homeowner accounts can ask for a repair/);
    expect(state.saved).toBeUndefined();
    expect(await snapshotTables()).toBe(before);
  });

  it("still takes a homeowner's request", async () => {
    expect((await answer(post(owner))).status).toBe(200);
  });
});

describe("the preferred day is at most a year ahead", () => {
  it("refuses the probe's 9999-12-31 with a clear message on the date (400), and stores nothing", async () => {
    const before = await snapshotTables();
    const { status, body } = await answer(post(owner, { date: "9999-12-31" }));
    expect(status).toBe(400);
    expect(body.error?.code).toBe("validation_failed");
    expect(body.error?.issues).toEqual([{ path: "date", message: "Choose a date within a year from today." }]);
    expect(await snapshotTables()).toBe(before);
  });

  it("takes the last day of the year ahead, and refuses the day after it", async () => {
    const last = latestRequestDate(todayInAmsterdam());
    expect((await answer(post(owner, { date: last }))).status).toBe(200);
    const next = new Date(`${last}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const { status, body } = await answer(post(owner, { date: next.toISOString().slice(0, 10) }));
    expect(status).toBe(400);
    expect(body.error?.issues?.[0].path).toBe("date");
  });

  it("answers the request form with the same message beside the date, and stores nothing", async () => {
    actionRequest.headers = new Headers({ cookie: owner.cookie });
    const id = randomUUID();
    const before = await snapshotTables();
    const state = await createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Pipe-leakage", city: "Rotterdam", home_older_than_two_years: "no", date: "9999-12-31", details: "", in_page: "1" }));
    expect(state.fieldErrors.date).toBe("Choose a date within a year from today.");
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses moving a stored request to 9999-12-31 (400), and nothing changes", async () => {
    const created = await answer(post(owner));
    const id = created.body.rows![0].input_id;
    const before = await snapshotTables();
    const response = await answer(
      rescheduleRoute.POST(apiRequest("POST", `/api/requests/${id}/reschedule`, { cookie: owner.cookie, body: { date: "9999-12-31" } }), routeContext({ requestId: id })),
    );
    expect(response.status).toBe(400);
    expect(response.body.error?.issues?.[0]).toEqual({ path: "date", message: "Choose a date within a year from today." });
    expect(await snapshotTables()).toBe(before);
  });
});

describe("at most REQUESTS_PER_USER_PER_DAY new requests per account and day", () => {
  it("answers the fourth new request of the day 429 with the error shape and Retry-After, and stores nothing", async () => {
    for (let i = 0; i < 3; i += 1) expect((await answer(post(owner))).status).toBe(200);
    const before = await snapshotTables();
    const refused = await answer(post(owner));
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("rate_limited");
    expect(refused.body.error?.message).toMatch(/as many requests as we take from one account in a day \(3\)/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(await snapshotTables()).toBe(before);
    const db = await getDb();
    expect(await db.repairRequest.count({ where: { userId: owner.id } })).toBe(3);
  });

  it("does not count replays of a stored request's id, and answers them with the stored row even past the ceiling", async () => {
    const id = randomUUID();
    const first = await answer(post(owner, { input_id: id }));
    expect(first.status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const replay = await answer(post(owner, { input_id: id, details: "changed on the way" }));
      expect(replay.status).toBe(200);
      expect(replay.body.rows).toEqual(first.body.rows);
    }
    // The replays counted nothing: two more new requests still fit under three.
    expect((await answer(post(owner))).status).toBe(200);
    expect((await answer(post(owner))).status).toBe(200);
    expect((await answer(post(owner))).status).toBe(429);
    expect((await answer(post(owner, { input_id: id }))).body.rows).toEqual(first.body.rows);
  });

  it("counts each account on its own", async () => {
    for (let i = 0; i < 3; i += 1) expect((await answer(post(owner))).status).toBe(200);
    expect((await answer(post(owner))).status).toBe(429);
    const other = await createSignedInUser("other@example.test");
    expect((await answer(post(other))).status).toBe(200);
  });

  it("does not count a refused request (bad fields, someone else's id)", async () => {
    for (let i = 0; i < 3; i += 1) expect((await answer(post(owner, { city: "Utrecht" }))).status).toBe(400);
    const other = await createSignedInUser("other@example.test");
    const taken = randomUUID();
    expect((await answer(post(other, { input_id: taken }))).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await answer(post(owner, { input_id: taken }))).status).toBe(409);
    for (let i = 0; i < 3; i += 1) expect((await answer(post(owner))).status).toBe(200);
  });
});
