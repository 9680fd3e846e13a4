// Property-based fuzzing of the console's handymen and requests handlers (app/api/ops/handymen/**,
// app/api/ops/requests/**), like request-steps-fuzz.test.ts: generated ids, bodies, query strings, sessions
// and headers. The property: never a 5xx, the API's error shape on every 4xx, and on a 4xx the database
// exactly as it was (no change, no audit entry). A 2xx only ever for an operator.
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as rosterRoute from "../../app/api/ops/handymen/route";
import * as handymanRoute from "../../app/api/ops/handymen/[handymanId]/route";
import * as inviteRoute from "../../app/api/ops/handymen/[handymanId]/invite/route";
import * as suspendRoute from "../../app/api/ops/handymen/[handymanId]/suspend/route";
import * as unsuspendRoute from "../../app/api/ops/handymen/[handymanId]/unsuspend/route";
import * as requestsRoute from "../../app/api/ops/requests/route";
import * as requestRoute from "../../app/api/ops/requests/[requestId]/route";
import * as cancelRoute from "../../app/api/ops/requests/[requestId]/cancel/route";
import * as emailRoute from "../../app/api/ops/requests/[requestId]/homeowner-email/route";
import { resetDatabase, tablesFingerprint } from "../helpers/db";
import { bodyOf, call, checkProperty, GARBAGE_COOKIE, headerChoice, hostileValues, sentWith, type Outcome } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const SEED = 20261123;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);

type Party = "operator" | "homeowner" | "handyman" | "none" | "garbage";
const parties: Record<Exclude<Party, "none" | "garbage">, TestUser> = {} as never;
let requestId: string;

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  parties.operator = await createSignedInOperator("fuzz-ops@example.test");
  parties.homeowner = await createSignedInUser("fuzz-owner@example.test");
  parties.handyman = await createSignedInHandyman(18, "fuzz-nina@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(parties.homeowner, where);
  expect((await chooseCriterion(parties.homeowner, requestId, "price", where)).status).toBe(200);
}, 60_000);

const cookieFor = (party: Party) => (party === "none" ? undefined : party === "garbage" ? GARBAGE_COOKIE : parties[party].cookie);
// Mostly the operator, so the handlers' own checks are what the inputs meet.
const party = fc.oneof({ arbitrary: fc.constant<Party>("operator"), weight: 4 }, fc.constantFrom<Party>("homeowner", "handyman", "none", "garbage"));

const { nastyString, anyValue, pathString } = hostileValues(["a".repeat(600), "\u0000", "\ud800", "1e309", "NaN"]);
const headerArb = headerChoice();
// Bodies are mostly the generated fields, for the same reason.
const FIELDS_WEIGHT = 4;

/** The property, and a 2xx only ever for an operator. */
const checkAs = (who: Party, run: () => Promise<Outcome>) => checkProperty(run, () => expect(who).toBe("operator"));

const handymanIdArb = fc.oneof(fc.integer({ min: -3, max: 45 }).map(String), fc.constantFrom("18", "34", "2147483648", "1.0", "0x12"), pathString);
const requestIdArb = () => fc.oneof(fc.constant(requestId), fc.uuid(), pathString);
const password = fc.oneof(fc.constant(OPERATOR_PASSWORD), anyValue);

const handymanPosts = [
  ["invite", inviteRoute.POST, bodyOf({ email: fc.oneof(fc.emailAddress(), anyValue) }, FIELDS_WEIGHT)],
  ["suspend", suspendRoute.POST, bodyOf({ password }, FIELDS_WEIGHT)],
  ["unsuspend", unsuspendRoute.POST, bodyOf({}, FIELDS_WEIGHT)],
] as const;

describe("the console's roster and requests handlers under generated input", () => {
  it("GET /api/ops/handymen and /api/ops/handymen/{id} never fail with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(handymanIdArb, party, async (id, who) => {
        await checkAs(who, () => call(handymanRoute.GET, apiRequest("GET", `/api/ops/handymen/${encodeURIComponent(id)}`, { cookie: cookieFor(who) }), { handymanId: id }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/handymen answers any search, filters, cursor and page size with a page of at most 200 or a 400", async () => {
    const value = fc.oneof(
      fc.constantFrom("Ann", "%", "_", "\\", "\u0000", "a\u0000b", "Rotterdam", "The Hague", "Utrecht", "Painting", "suspended", "no_account", "invited", "paused", "removed", "gone", "", "0", "-1", "10000", "abc", "200", "201"),
      fc.string({ maxLength: 120 }),
      nastyString,
    );
    const query = fc.dictionary(fc.constantFrom("q", "city", "taskType", "state", "cursor", "limit", "other"), fc.oneof({ arbitrary: value, weight: 4 }, fc.array(value, { minLength: 2, maxLength: 3 })), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(query, party, async (params, who) => {
        const search = new URLSearchParams();
        for (const [key, given] of Object.entries(params)) for (const one of [given].flat()) search.append(key, one);
        await checkProperty(
          () => call(rosterRoute.GET, apiRequest("GET", `/api/ops/handymen?${search}`, { cookie: cookieFor(who) }), {}),
          (outcome) => {
            expect(who).toBe("operator");
            expect((outcome.body as { handymen: unknown[] }).handymen.length).toBeLessThanOrEqual(200);
          },
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("PATCH /api/ops/handymen/{id} never fails with a 5xx and changes nothing when it refuses", async () => {
    const body = bodyOf({
      hourlyPrice: fc.oneof(fc.double({ min: -10, max: 1000, noNaN: false }), fc.integer({ min: 5, max: 600 }), anyValue),
      taskType: fc.oneof(fc.constantFrom("Painting", "Pipe-leakage", "Outlet-replacement", "Plumbing"), anyValue),
    }, FIELDS_WEIGHT);
    await fc.assert(
      fc.asyncProperty(handymanIdArb, body, party, headerArb, async (id, raw, who, headers) => {
        await checkAs(who, () =>
          call(
            handymanRoute.PATCH,
            apiRequest("PATCH", `/api/ops/handymen/${encodeURIComponent(id)}`, { cookie: cookieFor(who), body: raw, ...sentWith(headers) }),
            { handymanId: id },
          ),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(handymanPosts)("POST /api/ops/handymen/{id}/%s never fails with a 5xx and changes nothing when it refuses", async (path, handler, body) => {
    await fc.assert(
      fc.asyncProperty(handymanIdArb, body, party, headerArb, async (id, raw, who, headers) => {
        await checkAs(who, () =>
          call(
            handler,
            apiRequest("POST", `/api/ops/handymen/${encodeURIComponent(id)}/${path}`, { cookie: cookieFor(who), body: raw, ...sentWith(headers) }),
            { handymanId: id },
          ),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/requests never fails with a 5xx, whatever the query", async () => {
    const day = fc.oneof(
      fc.constantFrom("0000-01-01", "0001-01-01", "1999-12-31", "2000-01-01", "2999-12-31", "3000-01-01", "9999-12-31", "+10000-01-01", "-0001-01-01", "2026-02-29"),
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
    );
    const value = fc.oneof(fc.constantFrom("offered", "cancelled", "Rotterdam", "The Hague", "Painting", "2026-11-22", "2026-02-30", ""), nastyString, day);
    const query = fc.array(fc.tuple(fc.constantFrom("state", "city", "taskType", "from", "to", "other"), value), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(query, party, async (pairs, who) => {
        const search = new URLSearchParams(pairs.map(([k, v]) => [k, v.isWellFormed() ? v : "x"]));
        await checkAs(who, () => call(requestsRoute.GET, apiRequest("GET", `/api/ops/requests?${search}`, { cookie: cookieFor(who) }), {}));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/ops/requests/{id} (which writes nothing), POST …/homeowner-email and POST …/cancel never fail with a 5xx and change nothing when they refuse", async () => {
    const body = bodyOf({
      reason: fc.oneof(fc.string({ maxLength: 60 }), fc.string({ minLength: 495, maxLength: 510 }), anyValue),
      password,
      state: fc.oneof(fc.constantFrom("offered", "submitted", "done"), anyValue),
    }, FIELDS_WEIGHT);
    await fc.assert(
      fc.asyncProperty(requestIdArb(), body, party, headerArb, async (id, raw, who, headers) => {
        // A GET writes nothing, whoever sends it and whatever it answers.
        const before = await tablesFingerprint();
        await checkAs(who, () => call(requestRoute.GET, apiRequest("GET", `/api/ops/requests/${encodeURIComponent(id)}`, { cookie: cookieFor(who) }), { requestId: id }));
        expect(await tablesFingerprint()).toBe(before);
        await checkAs(who, () =>
          call(emailRoute.POST, apiRequest("POST", `/api/ops/requests/${encodeURIComponent(id)}/homeowner-email`, { cookie: cookieFor(who), body: raw, ...sentWith(headers) }), { requestId: id }),
        );
        await checkAs(who, () =>
          call(
            cancelRoute.POST,
            apiRequest("POST", `/api/ops/requests/${encodeURIComponent(id)}/cancel`, { cookie: cookieFor(who), body: raw, ...sentWith(headers) }),
            { requestId: id },
          ),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
