// POST /api/inputs against a real database: what is stored, what comes back, and that one input_id
// never becomes two requests (replays, another owner, ten requests at once).
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/inputs/route";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  await resetDatabase();
  alice = await createSignedInUser("alice@example.test");
  bob = await createSignedInUser("bob@example.test");
});

function payload(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    input_id: randomUUID(),
    user_email: user.email,
    task_type: "Pipe-leakage",
    details: "The kitchen tap drips under the sink.",
    date: amsterdamDay(3),
    criteria: "",
    city: "The Hague",
    ...overrides,
  };
}

const submit = (user: TestUser | null, body: unknown) =>
  POST(apiRequest("POST", "/api/inputs", { cookie: user?.cookie, body }), routeContext());

async function countInputs(): Promise<number> {
  return (await getDb()).repairRequest.count();
}

describe("POST /api/inputs stores a request", () => {
  it("answers 200 with the stored row in a rows array, in the API's field names", async () => {
    const body = payload(alice);
    const response = await submit(alice, body);
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json).toEqual({
      rows: [
        {
          input_id: body.input_id,
          task_type: "Pipe-leakage",
          city: "The Hague",
          date: body.date,
          details: "The kitchen tap drips under the sink.",
          criteria: null,
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        },
      ],
    });
    expect(Math.abs(Date.parse(json.rows[0].created_at) - Date.now())).toBeLessThan(60_000);
  });

  it("files the request under the session's user, whatever case the email is sent in", async () => {
    const body = payload(alice, { user_email: "  ALICE@Example.TEST " });
    expect((await submit(alice, body)).status).toBe(200);
    const stored = await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: body.input_id } });
    expect(stored.userId).toBe(alice.id);
    expect(stored.taskType).toBe("Pipe_leakage");
    expect(stored.city).toBe("The_Hague");
  });

  it("accepts today in Europe/Amsterdam and every task type and city", async () => {
    const combos = [
      ["Outlet-replacement", "Amsterdam"],
      ["Pipe-leakage", "Rotterdam"],
      ["Painting", "The Hague"],
    ];
    for (const [task_type, city] of combos) {
      const response = await submit(alice, payload(alice, { task_type, city, date: amsterdamDay(0) }));
      expect(response.status).toBe(200);
      const [row] = (await response.json()).rows;
      expect([row.task_type, row.city, row.date]).toEqual([task_type, city, amsterdamDay(0)]);
    }
  });

  it("stores details as plain text, markup and all, and allows them to be left out", async () => {
    const markup = '<img src=x onerror="alert(1)"> <b>bold</b> & "quotes"';
    const withMarkup = await submit(alice, payload(alice, { details: markup }));
    expect((await withMarkup.json()).rows[0].details).toBe(markup);

    const { details: _omitted, ...withoutDetails } = payload(alice);
    void _omitted;
    const response = await submit(alice, withoutDetails);
    expect(response.status).toBe(200);
    expect((await response.json()).rows[0].details).toBe("");
  });

  it("keeps 2,000 characters of details", async () => {
    const details = "d".repeat(2000);
    const response = await submit(alice, payload(alice, { details }));
    expect(response.status).toBe(200);
    expect((await response.json()).rows[0].details).toHaveLength(2000);
  });

  it("stores a criterion sent along at creation", async () => {
    const response = await submit(alice, payload(alice, { criteria: "rated" }));
    expect((await response.json()).rows[0].criteria).toBe("rated");
  });

  it("asks for a sign-in (401) without a session and stores nothing", async () => {
    const response = await submit(null, payload(alice));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
    expect(await countInputs()).toBe(0);
  });
});

describe("POST /api/inputs is idempotent on input_id", () => {
  it("returns the stored row for a replay by the same user and stores nothing twice", async () => {
    const body = payload(alice);
    const first = await (await submit(alice, body)).json();
    const replay = await submit(alice, body);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect(await countInputs()).toBe(1);
  });

  it("answers a replay with changed fields with the row first stored, unchanged", async () => {
    const body = payload(alice);
    const first = await (await submit(alice, body)).json();
    const before = await snapshotTables();
    const replay = await submit(alice, { ...body, city: "Rotterdam", details: "Something else" });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses (409) an input_id already used by another user and leaves that request alone", async () => {
    const body = payload(alice);
    await submit(alice, body);
    const before = await snapshotTables();
    const response = await submit(bob, { ...body, user_email: bob.email, city: "Amsterdam" });
    expect(response.status).toBe(409);
    const json = await response.json();
    expect(json.error.code).toBe("conflict");
    expect(JSON.stringify(json)).not.toContain("The Hague");
    expect(await snapshotTables()).toBe(before);
  });

  it("leaves exactly one row after ten identical requests at the same time, each answered 200 with it", async () => {
    const body = payload(alice);
    const responses = await Promise.all(Array.from({ length: 10 }, () => submit(alice, body)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await Promise.all(responses.map(async (r) => (await r.json()).rows[0]));
    expect(new Set(rows.map((row) => JSON.stringify(row))).size).toBe(1);
    expect(rows[0].input_id).toBe(body.input_id);
    expect(await countInputs()).toBe(1);
  });

  it("gives two different ids two different requests", async () => {
    await submit(alice, payload(alice));
    await submit(alice, payload(alice));
    expect(await countInputs()).toBe(2);
  });
});
