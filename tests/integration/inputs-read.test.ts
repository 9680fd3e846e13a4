// GET /api/inputs/{email} and GET /api/input/{inputId} against a real database: a user sees their own
// requests, newest first, and nothing of anyone else's.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listInputs } from "@/app/api/inputs/[key]/route";
import { GET as getInput } from "@/app/api/input/[inputId]/route";
import { getDb, resetDatabase } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  await resetDatabase();
  alice = await createSignedInUser("alice@example.test");
  bob = await createSignedInUser("bob@example.test");
});

/** Stores a request directly, with a chosen creation time, so the order of the list is known. */
async function storeInput(user: TestUser, createdAt: string, overrides: { details?: string } = {}) {
  const inputId = randomUUID();
  await (await getDb()).repairRequest.create({
    data: {
      id: inputId,
      userId: user.id,
      taskType: "Painting",
      city: "Rotterdam",
      details: overrides.details ?? `made at ${createdAt}`,
      date: new Date(`${amsterdamDay(10)}T00:00:00.000Z`),
      criterion: "price",
      createdAt: new Date(createdAt),
    },
  });
  return inputId;
}

const list = (user: TestUser | null, email: string) =>
  listInputs(
    apiRequest("GET", `/api/inputs/${encodeURIComponent(email)}`, { cookie: user?.cookie }),
    routeContext({ key: email }),
  );

const getOne = (user: TestUser | null, inputId: string) =>
  getInput(apiRequest("GET", `/api/input/${inputId}`, { cookie: user?.cookie }), routeContext({ inputId }));

describe("GET /api/inputs/{email}", () => {
  it("lists the user's requests newest first as a plain array, without other users' requests", async () => {
    const oldest = await storeInput(alice, "2026-01-05T09:00:00.000Z");
    const newest = await storeInput(alice, "2026-03-01T12:30:00.000Z");
    const middle = await storeInput(alice, "2026-02-10T08:15:00.000Z");
    await storeInput(bob, "2026-04-01T10:00:00.000Z", { details: "bob's secret" });

    const response = await list(alice, alice.email);
    expect(response.status).toBe(200);
    const rows = await response.json();
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((r: { input_id: string }) => r.input_id)).toEqual([newest, middle, oldest]);
    expect(rows[0]).toEqual({
      input_id: newest,
      task_type: "Painting",
      city: "Rotterdam",
      date: amsterdamDay(10),
      details: "made at 2026-03-01T12:30:00.000Z",
      criteria: "price",
      created_at: "2026-03-01T12:30:00.000Z",
    });
    expect(JSON.stringify(rows)).not.toContain("bob's secret");
  });

  it("answers an empty array for a user without requests", async () => {
    const response = await list(alice, alice.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("matches the email whatever its case and when it arrives percent-encoded", async () => {
    await storeInput(alice, "2026-01-05T09:00:00.000Z");
    expect(await (await list(alice, "Alice@Example.TEST")).json()).toHaveLength(1);
    expect(await (await list(alice, "alice%40example.test")).json()).toHaveLength(1);
  });

  it("refuses (403) another user's email and shows none of their requests", async () => {
    await storeInput(bob, "2026-04-01T10:00:00.000Z", { details: "bob's secret" });
    const response = await list(alice, bob.email);
    expect(response.status).toBe(403);
    const json = await response.json();
    expect(json.error.code).toBe("forbidden");
    expect(JSON.stringify(json)).not.toContain("bob's secret");
  });

  it("refuses (403) an email that belongs to nobody", async () => {
    expect((await list(alice, "nobody@example.test")).status).toBe(403);
  });

  it("asks for a sign-in (401) without a session", async () => {
    const response = await list(null, alice.email);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
  });
});

describe("GET /api/input/{inputId}", () => {
  it("answers an array with the one request", async () => {
    const inputId = await storeInput(alice, "2026-01-05T09:00:00.000Z");
    const response = await getOne(alice, inputId);
    expect(response.status).toBe(200);
    const rows = await response.json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ input_id: inputId, task_type: "Painting", city: "Rotterdam", criteria: "price" });
  });

  it("answers 404 for another user's request, exactly as for an unknown one", async () => {
    const bobsInput = await storeInput(bob, "2026-04-01T10:00:00.000Z", { details: "bob's secret" });
    const theirs = await getOne(alice, bobsInput);
    const unknown = await getOne(alice, randomUUID());
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
  });

  it("answers 404 for an id that is not a uuid", async () => {
    const response = await getOne(alice, "not-a-uuid");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });

  it("asks for a sign-in (401) without a session", async () => {
    const inputId = await storeInput(alice, "2026-01-05T09:00:00.000Z");
    expect((await getOne(null, inputId)).status).toBe(401);
  });

  it("signs nobody in with the cookie of a user who has since been deleted", async () => {
    const bobsInput = await storeInput(bob, "2026-04-01T10:00:00.000Z");
    expect((await getOne(bob, bobsInput)).status).toBe(200);
    await (await getDb()).user.delete({ where: { id: bob.id } });
    expect((await getOne(bob, bobsInput)).status).toBe(401);
  });
});
