// Every kind of bad input the request API can receive, one row each: the documented 4xx, the error
// shape, and a database left exactly as it was.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as createInput } from "@/app/api/inputs/route";
import { GET as listInputs } from "@/app/api/inputs/[key]/route";
import { POST as saveCriterion } from "@/app/api/inputs/[key]/criteria/route";
import { GET as getInput } from "@/app/api/input/[inputId]/route";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

type World = { alice: TestUser; bob: TestUser; alicesInput: string; bobsInput: string };
let world: World;

beforeEach(async () => {
  await resetDatabase();
  const alice = await createSignedInUser("alice@example.test");
  const bob = await createSignedInUser("bob@example.test");
  const db = await getDb();
  const store = async (user: TestUser) => {
    const inputId = randomUUID();
    await db.repairRequest.create({
      data: {
        id: inputId,
        userId: user.id,
        taskType: "Painting",
        city: "Amsterdam",
        details: `${user.email} wants the attic painted`,
        date: new Date(`${amsterdamDay(5)}T00:00:00.000Z`),
      },
    });
    return inputId;
  };
  world = { alice, bob, alicesInput: await store(alice), bobsInput: await store(bob) };
});

const ONE_MEGABYTE = 1024 * 1024;

function validInput(w: World) {
  return {
    input_id: randomUUID(),
    user_email: w.alice.email,
    task_type: "Painting",
    details: "Living room walls, two coats.",
    date: amsterdamDay(1),
    criteria: "",
    city: "Rotterdam",
  };
}

const validChoice = { criteria: "price", city: "Amsterdam", task_type: "Painting" };

type Send = { body?: unknown; contentType?: string; headers?: Record<string, string> };

const postInput = (w: World, send: Send, user: TestUser = w.alice) =>
  createInput(apiRequest("POST", "/api/inputs", { cookie: user.cookie, ...send }), routeContext());

const postChoice = (w: World, send: Send, inputId = w.alicesInput) =>
  saveCriterion(
    apiRequest("POST", `/api/inputs/${inputId}/criteria`, { cookie: w.alice.cookie, ...send }),
    routeContext({ key: inputId }),
  );

type Case = {
  name: string;
  call: (w: World) => Promise<Response>;
  status: number;
  code: string;
  /** A field the issues must name, for validation errors. */
  path?: string;
};

const cases: Case[] = [
  // POST /api/inputs
  { name: "create: malformed JSON", call: (w) => postInput(w, { body: '{"input_id": "x",' }), status: 400, code: "invalid_json" },
  { name: "create: empty body", call: (w) => postInput(w, { body: "" }), status: 400, code: "invalid_json" },
  { name: "create: a JSON array instead of an object", call: (w) => postInput(w, { body: [validInput(w)] }), status: 400, code: "validation_failed" },
  { name: "create: JSON null", call: (w) => postInput(w, { body: "null" }), status: 400, code: "validation_failed" },
  { name: "create: not sent as JSON", call: (w) => postInput(w, { body: "task_type=Painting", contentType: "application/x-www-form-urlencoded" }), status: 415, code: "unsupported_media_type" },
  { name: "create: missing fields", call: (w) => postInput(w, { body: { input_id: randomUUID(), user_email: w.alice.email } }), status: 400, code: "validation_failed", path: "task_type" },
  { name: "create: task_type of the wrong type", call: (w) => postInput(w, { body: { ...validInput(w), task_type: 3 } }), status: 400, code: "validation_failed", path: "task_type" },
  { name: "create: details of the wrong type", call: (w) => postInput(w, { body: { ...validInput(w), details: { html: "<b>x</b>" } } }), status: 400, code: "validation_failed", path: "details" },
  { name: "create: date of the wrong type", call: (w) => postInput(w, { body: { ...validInput(w), date: 20300101 } }), status: 400, code: "validation_failed", path: "date" },
  { name: "create: input_id of the wrong type", call: (w) => postInput(w, { body: { ...validInput(w), input_id: 12345 } }), status: 400, code: "validation_failed", path: "input_id" },
  { name: "create: unknown task type", call: (w) => postInput(w, { body: { ...validInput(w), task_type: "Roofing" } }), status: 400, code: "validation_failed", path: "task_type" },
  { name: "create: a task type label instead of its value", call: (w) => postInput(w, { body: { ...validInput(w), task_type: "Electrician" } }), status: 400, code: "validation_failed", path: "task_type" },
  { name: "create: unknown city", call: (w) => postInput(w, { body: { ...validInput(w), city: "Utrecht" } }), status: 400, code: "validation_failed", path: "city" },
  { name: "create: a date in the past", call: (w) => postInput(w, { body: { ...validInput(w), date: amsterdamDay(-1) } }), status: 400, code: "validation_failed", path: "date" },
  { name: "create: a date that does not exist", call: (w) => postInput(w, { body: { ...validInput(w), date: "2031-02-30" } }), status: 400, code: "validation_failed", path: "date" },
  { name: "create: a date in another format", call: (w) => postInput(w, { body: { ...validInput(w), date: "01-03-2031" } }), status: 400, code: "validation_failed", path: "date" },
  { name: "create: 3,000 characters of details", call: (w) => postInput(w, { body: { ...validInput(w), details: "x".repeat(3000) } }), status: 400, code: "validation_failed", path: "details" },
  { name: "create: details with a NUL character", call: (w) => postInput(w, { body: { ...validInput(w), details: "leak\u0000ing" } }), status: 400, code: "validation_failed", path: "details" },
  { name: "create: details with an escape sequence", call: (w) => postInput(w, { body: { ...validInput(w), details: "\u001b[2Jcleared" } }), status: 400, code: "validation_failed", path: "details" },
  { name: "create: details that are not well-formed Unicode", call: (w) => postInput(w, { body: { ...validInput(w), details: "pipe \ud83d" } }), status: 400, code: "validation_failed", path: "details" },
  { name: "create: an input_id that is not a uuid", call: (w) => postInput(w, { body: { ...validInput(w), input_id: "request-1" } }), status: 400, code: "validation_failed", path: "input_id" },
  { name: "create: a criterion outside the three", call: (w) => postInput(w, { body: { ...validInput(w), criteria: "fastest" } }), status: 400, code: "validation_failed", path: "criteria" },
  { name: "create: another user's email", call: (w) => postInput(w, { body: { ...validInput(w), user_email: w.bob.email } }), status: 403, code: "forbidden" },
  { name: "create: an email that is not an address", call: (w) => postInput(w, { body: { ...validInput(w), user_email: "alice" } }), status: 400, code: "validation_failed", path: "user_email" },
  { name: "create: another user's input_id", call: (w) => postInput(w, { body: { ...validInput(w), input_id: w.bobsInput } }), status: 409, code: "conflict" },
  { name: "create: a 1 MB body", call: (w) => postInput(w, { body: { ...validInput(w), details: "x".repeat(ONE_MEGABYTE) } }), status: 413, code: "payload_too_large" },
  {
    name: "create: a 1 MB body with its Content-Length declared",
    call: (w) => postInput(w, { body: JSON.stringify({ ...validInput(w), details: "x".repeat(ONE_MEGABYTE) }), headers: { "content-length": String(ONE_MEGABYTE + 200) } }),
    status: 413,
    code: "payload_too_large",
  },
  { name: "create: no session", call: (w) => createInput(apiRequest("POST", "/api/inputs", { body: validInput(w) }), routeContext()), status: 401, code: "unauthorized" },

  // POST /api/inputs/{inputId}/criteria
  { name: "criteria: malformed JSON", call: (w) => postChoice(w, { body: "{criteria: price}" }), status: 400, code: "invalid_json" },
  { name: "criteria: not sent as JSON", call: (w) => postChoice(w, { body: "criteria=price", contentType: "text/plain" }), status: 415, code: "unsupported_media_type" },
  { name: "criteria: wrong types", call: (w) => postChoice(w, { body: { criteria: 1, city: ["Amsterdam"], task_type: null } }), status: 400, code: "validation_failed", path: "criteria" },
  { name: "criteria: a criterion outside the three", call: (w) => postChoice(w, { body: { ...validChoice, criteria: "nearest" } }), status: 400, code: "validation_failed", path: "criteria" },
  { name: "criteria: no criterion", call: (w) => postChoice(w, { body: { ...validChoice, criteria: "" } }), status: 400, code: "validation_failed", path: "criteria" },
  { name: "criteria: unknown city", call: (w) => postChoice(w, { body: { ...validChoice, city: "Haarlem" } }), status: 400, code: "validation_failed", path: "city" },
  { name: "criteria: unknown task type", call: (w) => postChoice(w, { body: { ...validChoice, task_type: "Cleaning" } }), status: 400, code: "validation_failed", path: "task_type" },
  { name: "criteria: a city other than the request's", call: (w) => postChoice(w, { body: { ...validChoice, city: "Rotterdam" } }), status: 409, code: "conflict" },
  { name: "criteria: a task type other than the request's", call: (w) => postChoice(w, { body: { ...validChoice, task_type: "Pipe-leakage" } }), status: 409, code: "conflict" },
  { name: "criteria: another user's request", call: (w) => postChoice(w, { body: validChoice }, w.bobsInput), status: 404, code: "not_found" },
  { name: "criteria: an unknown request", call: (w) => postChoice(w, { body: validChoice }, randomUUID()), status: 404, code: "not_found" },
  { name: "criteria: an id that is not a uuid", call: (w) => postChoice(w, { body: validChoice }, "1; DROP TABLE inputs"), status: 404, code: "not_found" },
  { name: "criteria: a 1 MB body", call: (w) => postChoice(w, { body: { ...validChoice, padding: "x".repeat(ONE_MEGABYTE) } }), status: 413, code: "payload_too_large" },

  // GET /api/inputs/{email} and GET /api/input/{inputId}
  {
    name: "list: another user's email",
    call: (w) => listInputs(apiRequest("GET", `/api/inputs/${w.bob.email}`, { cookie: w.alice.cookie }), routeContext({ key: w.bob.email })),
    status: 403,
    code: "forbidden",
  },
  {
    name: "one: another user's id",
    call: (w) => getInput(apiRequest("GET", `/api/input/${w.bobsInput}`, { cookie: w.alice.cookie }), routeContext({ inputId: w.bobsInput })),
    status: 404,
    code: "not_found",
  },
  {
    name: "one: an id that is not a uuid",
    call: (w) => getInput(apiRequest("GET", "/api/input/abc", { cookie: w.alice.cookie }), routeContext({ inputId: "abc" })),
    status: 404,
    code: "not_found",
  },
];

describe("bad input to the request API", () => {
  it.each(cases)("$name → $status $code, database unchanged", async ({ call, status, code, path }) => {
    const before = await snapshotTables();
    const response = await call(world);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe("string");
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/prisma|stack|at \w+ \(|SELECT|INSERT/i);
    expect(JSON.stringify(body)).not.toContain("wants the attic painted");
    if (path) {
      expect(body.error.issues?.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    expect(await snapshotTables()).toBe(before);
  });
});
