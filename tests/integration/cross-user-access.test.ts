// Two signed-in users: for every request route, neither can read or change the other's data.
import { beforeEach, describe, expect, it } from "vitest";
import * as inputsRoute from "../../app/api/inputs/route";
import * as inputsByKeyRoute from "../../app/api/inputs/[key]/route";
import * as criteriaRoute from "../../app/api/inputs/[key]/criteria/route";
import * as inputRoute from "../../app/api/input/[inputId]/route";
import { resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

type Party = { user: TestUser; inputId: string };

let alice: Party;
let bob: Party;

async function createRequest(user: TestUser, inputId: string, city: string) {
  const response = await inputsRoute.POST(
    apiRequest("POST", "/api/inputs", {
      cookie: user.cookie,
      body: { input_id: inputId, user_email: user.email, task_type: "Pipe-leakage", city, details: `Leak reported by ${user.email}`, date: amsterdamDay(2), criteria: "" },
    }),
    routeContext(),
  );
  expect(response.status).toBe(200);
}

beforeEach(async () => {
  await resetDatabase();
  alice = { user: await createSignedInUser("alice@example.test"), inputId: "0b6f3f1e-3c1a-4c36-9d55-8d2f7a1e0a11" };
  bob = { user: await createSignedInUser("bob@example.test"), inputId: "7c2d9a4b-5e6f-4a1b-8c3d-2e1f0a9b8c77" };
  await createRequest(alice.user, alice.inputId, "Amsterdam");
  await createRequest(bob.user, bob.inputId, "Rotterdam");
});

describe.each([
  ["Alice", () => ({ me: alice, other: bob })],
  ["Bob", () => ({ me: bob, other: alice })],
])("%s against the other user's data", (_name, parties) => {
  it("cannot list the other user's requests (403) and sees only their own", async () => {
    const { me, other } = parties();
    const foreign = await inputsByKeyRoute.GET(apiRequest("GET", `/api/inputs/${other.user.email}`, { cookie: me.user.cookie }), routeContext({ key: other.user.email }));
    expect(foreign.status).toBe(403);
    const own = await inputsByKeyRoute.GET(apiRequest("GET", `/api/inputs/${me.user.email}`, { cookie: me.user.cookie }), routeContext({ key: me.user.email }));
    expect(own.status).toBe(200);
    expect(((await own.json()) as { input_id: string }[]).map((r) => r.input_id)).toEqual([me.inputId]);
  });

  it("cannot read the other user's request by id (404, as for an unknown id)", async () => {
    const { me, other } = parties();
    const response = await inputRoute.GET(apiRequest("GET", `/api/input/${other.inputId}`, { cookie: me.user.cookie }), routeContext({ inputId: other.inputId }));
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain(other.user.email);
  });

  it("cannot set the criterion of the other user's request, and nothing changes", async () => {
    const { me, other } = parties();
    const before = await snapshotTables();
    const city = other === bob ? "Rotterdam" : "Amsterdam";
    const response = await criteriaRoute.POST(
      apiRequest("POST", `/api/inputs/${other.inputId}/criteria`, { cookie: me.user.cookie, body: { criteria: "price", city, task_type: "Pipe-leakage" } }),
      routeContext({ key: other.inputId }),
    );
    expect(response.status).toBe(404);
    expect(await snapshotTables()).toBe(before);
  });

  it("cannot submit a request in the other user's name (403), and nothing is stored", async () => {
    const { me, other } = parties();
    const before = await snapshotTables();
    const response = await inputsRoute.POST(
      apiRequest("POST", "/api/inputs", {
        cookie: me.user.cookie,
        body: { input_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", user_email: other.user.email, task_type: "Painting", city: "Amsterdam", details: "", date: amsterdamDay(1), criteria: "" },
      }),
      routeContext(),
    );
    expect(response.status).toBe(403);
    expect(await snapshotTables()).toBe(before);
  });

  it("cannot take over the other user's request id by replaying it (409), and nothing changes", async () => {
    const { me, other } = parties();
    const before = await snapshotTables();
    const response = await inputsRoute.POST(
      apiRequest("POST", "/api/inputs", {
        cookie: me.user.cookie,
        body: { input_id: other.inputId, user_email: me.user.email, task_type: "Painting", city: "Amsterdam", details: "", date: amsterdamDay(1), criteria: "" },
      }),
      routeContext(),
    );
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).not.toContain(other.user.email);
    expect(await snapshotTables()).toBe(before);
  });
});

describe("without a session", () => {
  it.each([
    ["GET /api/inputs/{email}", () => inputsByKeyRoute.GET(apiRequest("GET", `/api/inputs/${alice.user.email}`), routeContext({ key: alice.user.email }))],
    ["GET /api/input/{id}", () => inputRoute.GET(apiRequest("GET", `/api/input/${alice.inputId}`), routeContext({ inputId: alice.inputId }))],
    [
      "POST /api/inputs/{id}/criteria",
      () => criteriaRoute.POST(apiRequest("POST", `/api/inputs/${alice.inputId}/criteria`, { body: { criteria: "price", city: "Amsterdam", task_type: "Pipe-leakage" } }), routeContext({ key: alice.inputId })),
    ],
    [
      "POST /api/inputs",
      () =>
        inputsRoute.POST(
          apiRequest("POST", "/api/inputs", { body: { input_id: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b", user_email: alice.user.email, task_type: "Painting", city: "Amsterdam", details: "", date: amsterdamDay(1), criteria: "" } }),
          routeContext(),
        ),
    ],
  ])("%s answers 401 and changes nothing", async (_name, run) => {
    const before = await snapshotTables();
    const response = await run();
    expect(response.status).toBe(401);
    expect(response.headers.get("location")).toBeNull();
    expect(await snapshotTables()).toBe(before);
  });
});
