// POST /api/inputs/{inputId}/criteria against a real database: the owner saves (and may change) the
// criterion; nobody else can, and the city and task type must be the stored ones.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as saveCriterion } from "@/app/api/inputs/[key]/criteria/route";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

let alice: TestUser;
let bob: TestUser;
let alicesInput: string;

beforeEach(async () => {
  await resetDatabase();
  alice = await createSignedInUser("alice@example.test");
  bob = await createSignedInUser("bob@example.test");
  alicesInput = randomUUID();
  await (await getDb()).repairRequest.create({
    data: {
      id: alicesInput,
      userId: alice.id,
      taskType: "Outlet_replacement",
      city: "The_Hague",
      details: "Two sockets in the hall are loose.",
      date: new Date(`${amsterdamDay(2)}T00:00:00.000Z`),
    },
  });
});

const choose = (user: TestUser | null, inputId: string, body: unknown) =>
  saveCriterion(
    apiRequest("POST", `/api/inputs/${inputId}/criteria`, { cookie: user?.cookie, body }),
    routeContext({ key: inputId }),
  );

const storedCriterion = async (inputId: string) =>
  (await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: inputId } })).criterion;

describe("POST /api/inputs/{inputId}/criteria", () => {
  it.each(["price", "rated", "available"])("saves %s and answers 200 with the updated row", async (criteria) => {
    const response = await choose(alice, alicesInput, { criteria, city: "The Hague", task_type: "Outlet-replacement" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      rows: [
        {
          input_id: alicesInput,
          task_type: "Outlet-replacement",
          city: "The Hague",
          date: amsterdamDay(2),
          details: "Two sockets in the hall are loose.",
          criteria,
          created_at: expect.any(String),
        },
      ],
    });
    expect(await storedCriterion(alicesInput)).toBe(criteria);
  });

  it("lets the owner change the criterion later and changes nothing else", async () => {
    await choose(alice, alicesInput, { criteria: "available", city: "The Hague", task_type: "Outlet-replacement" });
    const response = await choose(alice, alicesInput, { criteria: "rated", city: "The Hague", task_type: "Outlet-replacement" });
    expect(response.status).toBe(200);
    const stored = await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: alicesInput } });
    expect(stored).toMatchObject({ criterion: "rated", city: "The_Hague", taskType: "Outlet_replacement", userId: alice.id });
  });

  it("answers 404 for another user's request and leaves it unchanged", async () => {
    const before = await snapshotTables();
    const response = await choose(bob, alicesInput, { criteria: "price", city: "The Hague", task_type: "Outlet-replacement" });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
    expect(await snapshotTables()).toBe(before);
  });

  it("answers 404 for an unknown id and for one that is not a uuid", async () => {
    const body = { criteria: "price", city: "The Hague", task_type: "Outlet-replacement" };
    expect((await choose(alice, randomUUID(), body)).status).toBe(404);
    expect((await choose(alice, "42", body)).status).toBe(404);
  });

  it.each([
    ["city", { criteria: "price", city: "Amsterdam", task_type: "Outlet-replacement" }],
    ["task type", { criteria: "price", city: "The Hague", task_type: "Painting" }],
  ])("refuses (409) a %s that differs from the stored request", async (_what, body) => {
    const before = await snapshotTables();
    const response = await choose(alice, alicesInput, body);
    expect(response.status).toBe(409);
    const json = await response.json();
    expect(json.error.code).toBe("conflict");
    expect(json.error.message).toMatch(/must match/);
    expect(await snapshotTables()).toBe(before);
  });

  it("asks for a sign-in (401) without a session", async () => {
    const response = await choose(null, alicesInput, { criteria: "price", city: "The Hague", task_type: "Outlet-replacement" });
    expect(response.status).toBe(401);
    expect(await storedCriterion(alicesInput)).toBeNull();
  });
});
