// Property-based fuzzing of every route handler: thousands of generated bodies, ids, emails and headers.
// The property: never a 5xx, always the documented error shape on a 4xx, and on any 4xx the database is
// exactly as it was. Fixed seed and bounded runs, so the run is repeatable and stays short.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as inputsRoute from "../../app/api/inputs/route";
import * as inputsByKeyRoute from "../../app/api/inputs/[key]/route";
import * as criteriaRoute from "../../app/api/inputs/[key]/criteria/route";
import * as inputRoute from "../../app/api/input/[inputId]/route";
import * as jobOpeningsRoute from "../../app/api/job-openings/route";
import * as jobOpeningRoute from "../../app/api/job-openings/[jobId]/route";
import { resetDatabase } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, headerChoice, headersFrom, sentWith } from "../helpers/fuzz";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

const SEED = 20261121;
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

let owner: TestUser;
let stranger: TestUser;
let ownInputId: string;

beforeAll(async () => {
  await resetDatabase();
  owner = await createSignedInUser("fuzz-owner@example.test");
  stranger = await createSignedInUser("fuzz-stranger@example.test");
  ownInputId = "6f1c1a52-7d7e-4c55-9c1e-2f1c8a5b9e01";
  const created = await inputsRoute.POST(
    apiRequest("POST", "/api/inputs", {
      cookie: owner.cookie,
      body: {
        input_id: ownInputId,
        user_email: owner.email,
        task_type: "Painting",
        city: "Amsterdam",
        details: "Two walls in the living room.",
        date: amsterdamDay(3),
        criteria: "",
      },
    }),
    routeContext(),
  );
  expect(created.status).toBe(200);
}, 60_000);

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", " ", "null", "undefined", "' OR 1=1 --", "../../etc/passwd", "%00", "<script>alert(1)</script>", "😀", "a".repeat(300), "\u0000", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"),
);

const cookieChoice = fc.constantFrom<"owner" | "stranger" | "none" | "garbage">("owner", "stranger", "none", "garbage");
const cookieFor = (choice: "owner" | "stranger" | "none" | "garbage") =>
  choice === "owner" ? owner.cookie : choice === "stranger" ? stranger.cookie : choice === "garbage" ? GARBAGE_COOKIE : undefined;

const headerArb = headerChoice({
  contentTypes: ["application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""],
  origins: [undefined, "http://localhost:3000", "https://evil.example", "null"],
  fetchSites: [undefined, "same-origin", "cross-site", "same-site", "none"],
});

const requestBody = fc.record(
  {
    input_id: fc.oneof(fc.uuid(), nastyString, fc.integer(), fc.constant(null)),
    user_email: fc.oneof(fc.constant("fuzz-owner@example.test"), fc.constant("fuzz-stranger@example.test"), fc.emailAddress(), nastyString),
    task_type: fc.oneof(fc.constantFrom("Outlet-replacement", "Pipe-leakage", "Painting"), nastyString, fc.integer()),
    city: fc.oneof(fc.constantFrom("Amsterdam", "The Hague", "Rotterdam"), nastyString, fc.boolean()),
    details: fc.oneof(fc.string({ maxLength: 200 }), fc.string({ minLength: 1990, maxLength: 2100 }), fc.integer(), fc.constant(null)),
    date: fc.oneof(
      fc.integer({ min: -400, max: 400 }).map((offset) => amsterdamDay(offset)),
      fc.constantFrom("2027-02-30", "2020-01-01", "tomorrow", "9999-12-31", "0000-00-00"),
      nastyString,
    ),
    criteria: fc.oneof(fc.constantFrom("", "price", "rated", "available"), nastyString),
  },
  { requiredKeys: [] },
);

const rawBody = fc.oneof(
  requestBody.map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("{", "[]", "null", '{"input_id":', "x".repeat(20_000)),
);

describe("route handlers under generated input", () => {
  it("POST /api/inputs never fails with a 5xx and changes nothing when it refuses", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, cookieChoice, headerArb, async (body, who, headers) => {
        await checkProperty(() =>
          call(inputsRoute.POST, apiRequest("POST", "/api/inputs", { cookie: cookieFor(who), body, ...sentWith(headers) })),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/inputs/{email} never fails with a 5xx and never shows another user's requests", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.emailAddress(), nastyString, fc.constant("fuzz-owner@example.test"), fc.constant("FUZZ-OWNER@example.test")), cookieChoice, async (email, who) => {
        const outcome = await checkProperty(() => call(inputsByKeyRoute.GET, apiRequest("GET", `/api/inputs/${encodeURIComponent(email)}`, { cookie: cookieFor(who) }), { key: email }));
        if (outcome.status === 200) {
          expect(["owner", "stranger"]).toContain(who);
          const rows = outcome.body as { input_id: string }[];
          if (who === "stranger") expect(rows.map((r) => r.input_id)).not.toContain(ownInputId);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/input/{inputId} never fails with a 5xx and shows a request only to its owner", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), nastyString, fc.constant(ownInputId)), cookieChoice, async (id, who) => {
        const outcome = await checkProperty(() => call(inputRoute.GET, apiRequest("GET", `/api/input/${encodeURIComponent(id)}`, { cookie: cookieFor(who) }), { inputId: id }));
        if (outcome.status === 200) expect(who).toBe("owner");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("POST /api/inputs/{inputId}/criteria never fails with a 5xx and changes nothing when it refuses", async () => {
    const criteriaBody = fc.oneof(
      fc
        .record(
          {
            criteria: fc.oneof(fc.constantFrom("price", "rated", "available", ""), nastyString),
            city: fc.oneof(fc.constantFrom("Amsterdam", "The Hague", "Rotterdam"), nastyString),
            task_type: fc.oneof(fc.constantFrom("Outlet-replacement", "Pipe-leakage", "Painting"), nastyString),
          },
          { requiredKeys: [] },
        )
        .map((body) => JSON.stringify(body)),
      fc.string({ maxLength: 100 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(ownInputId), fc.uuid(), nastyString), criteriaBody, cookieChoice, headerArb, async (id, body, who, headers) => {
        const outcome = await checkProperty(() =>
          call(
            criteriaRoute.POST,
            apiRequest("POST", `/api/inputs/${encodeURIComponent(id)}/criteria`, { cookie: cookieFor(who), body, ...sentWith(headers) }),
            { key: id },
          ),
        );
        if (outcome.status === 200) expect(who).toBe("owner");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/job-openings/{job_id} never fails with a 5xx for any id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyString, fc.string({ minLength: 1000, maxLength: 10_000 }), fc.constantFrom("senior-full-stack-engineer", "SENIOR-FULL-STACK-ENGINEER")), async (id) => {
        const outcome = await checkProperty(() => call(jobOpeningRoute.GET, apiRequest("GET", `/api/job-openings/${encodeURIComponent(id)}`), { jobId: id }));
        expect([200, 404]).toContain(outcome.status);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/job-openings answers 200 whatever the headers", async () => {
    await fc.assert(
      fc.asyncProperty(cookieChoice, headerArb, async (who, headers) => {
        const outcome = await checkProperty(() => call(jobOpeningsRoute.GET, apiRequest("GET", "/api/job-openings", { cookie: cookieFor(who), headers: headersFrom(headers) })));
        expect(outcome.status).toBe(200);
      }),
      { seed: SEED, numRuns: Math.min(RUNS, 200) },
    );
  });
});
