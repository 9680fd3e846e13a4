// Property-based fuzzing of the handlers of a request's life (the homeowner's steps and the handyman's),
// like api-fuzz.test.ts does for the spec's calls: generated ids, bodies, sessions and headers. The
// property: never a 5xx, the documented error shape on every 4xx, and on a 4xx the database exactly as
// it was. A 2xx may only come from the party the data belongs to.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as requestRoute from "../../app/api/requests/[requestId]/route";
import * as cancelRoute from "../../app/api/requests/[requestId]/cancel/route";
import * as rescheduleRoute from "../../app/api/requests/[requestId]/reschedule/route";
import * as reviewRoute from "../../app/api/requests/[requestId]/review/route";
import * as pickRoute from "../../app/api/requests/[requestId]/handyman/route";
import * as proOffersRoute from "../../app/api/pro/offers/route";
import * as acceptRoute from "../../app/api/pro/offers/[offerId]/accept/route";
import * as declineRoute from "../../app/api/pro/offers/[offerId]/decline/route";
import * as doneRoute from "../../app/api/pro/offers/[offerId]/done/route";
import * as dateRoute from "../../app/api/pro/offers/[offerId]/date/route";
import * as availabilityRoute from "../../app/api/pro/availability/route";
import { resetDatabase } from "../helpers/db";
import { bodyOf, call, checkProperty, GARBAGE_COOKIE, headerChoice, hostileValues, sentWith } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { amsterdamDay, apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const SEED = 20261122;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 1000), 300);

type Party = "owner" | "stranger" | "handyman" | "otherHandyman" | "none" | "garbage";
const parties: Record<Exclude<Party, "none" | "garbage">, TestUser> = {} as never;
let requestId: string;
let offerId: string;

// Each handler starts from the same scene: the owner's leaking pipe in Rotterdam offered to Nina (18).
beforeEach(async () => {
  await resetDatabase();
  parties.owner = await createSignedInUser("fuzz-owner@example.test");
  parties.stranger = await createSignedInUser("fuzz-stranger@example.test");
  parties.handyman = await createSignedInHandyman(18, "fuzz-nina@example.test");
  parties.otherHandyman = await createSignedInHandyman(10, "fuzz-hidde@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(parties.owner, where);
  expect((await chooseCriterion(parties.owner, requestId, "price", where)).status).toBe(200);
  offerId = (await openOfferOf(requestId)).id;
}, 60_000);

const cookieFor = (party: Party) => (party === "none" ? undefined : party === "garbage" ? GARBAGE_COOKIE : parties[party].cookie);
const party = fc.constantFrom<Party>("owner", "stranger", "handyman", "otherHandyman", "none", "garbage");

const { anyValue, pathString } = hostileValues(["a".repeat(300), "\u0000", "\ud800"]);
const headerArb = headerChoice({
  contentTypes: ["application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", ""],
  origins: [undefined, "http://localhost:3000", "https://evil.example"],
  fetchSites: [undefined, "same-origin", "cross-site"],
});

const requestIdArb = () => fc.oneof(fc.constant(requestId), fc.uuid(), pathString);
const offerIdArb = () => fc.oneof(fc.constant(offerId), fc.uuid(), pathString);

const homeownerRoutes = [
  ["cancel", cancelRoute.POST, bodyOf({ state: fc.oneof(fc.constantFrom("offered", "accepted", "done", "cancelled"), anyValue) })],
  ["reschedule", rescheduleRoute.POST, bodyOf({ date: fc.oneof(fc.integer({ min: -30, max: 400 }).map((d) => amsterdamDay(d)), anyValue), state: fc.constantFrom("offered", "accepted") })],
  ["review", reviewRoute.POST, bodyOf({ stars: fc.oneof(fc.integer({ min: -2, max: 8 }), anyValue), text: fc.oneof(fc.string({ maxLength: 200 }), fc.string({ minLength: 1995, maxLength: 2010 }), anyValue) })],
  ["handyman", pickRoute.POST, bodyOf({ handymanId: fc.oneof(fc.constantFrom(10, 29, 26, 18, 9), fc.integer(), anyValue) })],
] as const;

const proRoutes = [
  ["accept", acceptRoute.POST, fc.constant("")],
  ["decline", declineRoute.POST, bodyOf({ reason: fc.oneof(fc.string({ maxLength: 100 }), fc.string({ minLength: 495, maxLength: 510 }), anyValue) })],
  ["done", doneRoute.POST, fc.constant("")],
  ["date", dateRoute.POST, bodyOf({ confirm: fc.oneof(fc.boolean(), anyValue) })],
] as const;

describe("a request's steps under generated input", () => {
  it("GET /api/requests/{id} never fails with a 5xx and shows a request only to its owner", async () => {
    await fc.assert(
      fc.asyncProperty(requestIdArb(), party, async (id, who) => {
        const outcome = await checkProperty(() => call(requestRoute.GET, apiRequest("GET", `/api/requests/${encodeURIComponent(id)}`, { cookie: cookieFor(who) }), { requestId: id }));
        if (outcome.status === 200) expect(who).toBe("owner");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(homeownerRoutes)("POST /api/requests/{id}/%s never fails with a 5xx, changes nothing when it refuses, and obeys only the owner", async (path, handler, body) => {
    await fc.assert(
      fc.asyncProperty(requestIdArb(), body, party, headerArb, async (id, raw, who, choice) => {
        const outcome = await checkProperty(() =>
          call(
            handler,
            apiRequest("POST", `/api/requests/${encodeURIComponent(id)}/${path}`, { cookie: cookieFor(who), body: raw, ...sentWith(choice) }),
            { requestId: id },
          ),
        );
        if (outcome.status === 200) expect(who).toBe("owner");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(proRoutes)("POST /api/pro/offers/{id}/%s never fails with a 5xx, changes nothing when it refuses, and obeys only the handyman offered", async (path, handler, body) => {
    await fc.assert(
      fc.asyncProperty(offerIdArb(), body, party, headerArb, async (id, raw, who, choice) => {
        const outcome = await checkProperty(() =>
          call(
            handler,
            apiRequest("POST", `/api/pro/offers/${encodeURIComponent(id)}/${path}`, {
              cookie: cookieFor(who),
              body: raw === "" ? undefined : raw,
              ...sentWith(choice),
            }),
            { offerId: id },
          ),
        );
        if (outcome.status === 200) expect(who).toBe("handyman");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET /api/pro/offers and POST /api/pro/availability answer only handymen, never with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(party, bodyOf({ available: fc.oneof(fc.boolean(), anyValue) }), headerArb, async (who, raw, choice) => {
        const read = await checkProperty(() => call(proOffersRoute.GET, apiRequest("GET", "/api/pro/offers", { cookie: cookieFor(who) }), {}));
        if (read.status === 200) expect(["handyman", "otherHandyman"]).toContain(who);
        if (who === "otherHandyman" && read.status === 200) {
          expect(JSON.stringify(read.body)).not.toContain(requestId);
        }
        const outcome = await checkProperty(() =>
          call(availabilityRoute.POST, apiRequest("POST", "/api/pro/availability", { cookie: cookieFor(who), body: raw, ...sentWith(choice) }), {}),
        );
        if (outcome.status === 200) expect(["handyman", "otherHandyman"]).toContain(who);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
