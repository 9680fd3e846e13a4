// Property-based fuzzing of the handlers of a request's life (the homeowner's steps and the handyman's),
// like api-fuzz.test.ts does for the spec's calls: generated ids, bodies, sessions and headers. The
// property: never a 5xx, the documented error shape on every 4xx, and on a 4xx the database exactly as
// it was. A 2xx may only come from the party the data belongs to. The order page's step that has no
// route (the home's age answered again, a server action) is fuzzed the same way through its form.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
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
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { bodyOf, call, checkProperty, GARBAGE_COOKIE, headerChoice, hostileValues, sentWith } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { amsterdamDay, apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const { acceptOfferAction, stateHomeAgeAction, withdrawJobAction } = await import("@/lib/requests/step-actions");
const { sendQuoteAction } = await import("@/lib/quotes/actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

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

describe("the handyman's cancel of an accepted job (/pro) under generated input", () => {
  it("never throws; only Nina cancels her job, once (the request passed on); every refusal changes nothing", async () => {
    const db = await getDb();
    sendCookie(parties.handyman.cookie);
    expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    let cancelled = 0;
    await fc.assert(
      fc.asyncProperty(
        party,
        fc.oneof({ arbitrary: fc.constant(offerId), weight: 3 }, fc.uuid(), pathString, fc.constant(undefined)),
        fc.oneof(fc.constant(undefined), pathString, fc.constantFrom("1", "")),
        async (who, id, inPage) => {
          const before = await tablesFingerprint();
          const fields: Record<string, string> = {};
          if (id !== undefined) fields.offer_id = id;
          if (inPage !== undefined) fields.in_page = inPage;
          sendCookie(cookieFor(who) ?? null);
          let state: { message: string | null; next?: string } | null = null;
          // Someone who is not a handyman gets /pro's 404 (NEXT_NOT_FOUND), like the page itself.
          const redirect = await redirectOf(withdrawJobAction(IDLE_STEP, postedForm(fields)).then((answered) => void (state = answered))).catch((error: unknown) => {
            if ((error as Error).message !== "NEXT_NOT_FOUND") throw error;
            return null;
          });
          const answered = state as { message: string | null; next?: string } | null;
          if (answered?.next || redirect?.includes("notice=job-withdrawn")) {
            expect(who).toBe("handyman");
            expect(id).toBe(offerId);
            cancelled += 1;
            expect(cancelled).toBe(1);
            expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).state).not.toBe("accepted");
            expect(await db.jobWithdrawal.count({ where: { offerId } })).toBe(1);
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: Math.min(RUNS, 150) },
    );
    expect(cancelled).toBe(1);
  }, 120_000);
});

describe("the order page's home-age step under generated input", () => {
  const answerArb = fc.oneof(
    { arbitrary: fc.constantFrom("yes", "no", " YES ", "No\r\n", ""), weight: 3 },
    fc.constantFrom("ja", "nee", "true", "false", "1", "0", "yes no", "y\u0000es"),
    fc.constant(undefined),
    pathString,
  );
  const statedAs = (answer: string | undefined) => {
    const word = answer?.trim().toLowerCase();
    return word === "yes" ? true : word === "no" ? false : undefined;
  };

  it("never throws; only the owner's answer is stored, a plumber's waiting quote standing (its rates do not depend on it); a refusal changes nothing", async () => {
    const db = await getDb();
    sendCookie(parties.handyman.cookie);
    expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    const waitingQuote = () => db.quote.findFirst({ where: { requestId, status: "sent", validUntil: { gt: new Date() } } });
    let changed = 0;
    let stood = 0;
    await fc.assert(
      fc.asyncProperty(
        party,
        fc.oneof({ arbitrary: fc.constant(requestId), weight: 3 }, fc.uuid(), pathString),
        answerArb,
        fc.boolean(),
        async (who, id, answer, withQuote) => {
          // Now and then a quote waits for the homeowner's answer, so the change meets one.
          if (withQuote && !(await waitingQuote())) {
            sendCookie(parties.handyman.cookie);
            expect(await sendQuoteAction(IDLE_STEP, postedForm({ request_id: requestId, labour_amount: "50", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
          }
          const was = (await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).homeOlderThanTwoYears;
          const waiting = await waitingQuote();
          sendCookie(cookieFor(who) ?? null);
          const before = await tablesFingerprint();
          const fields: Record<string, string> = { request_id: id, in_page: "1" };
          if (answer !== undefined) fields.home_older_than_two_years = answer;
          let state: { message: string | null; next?: string } | null = null;
          await redirectOf(stateHomeAgeAction(IDLE_STEP, postedForm(fields)).then((answered) => void (state = answered)));
          const answered = state as { message: string | null; next?: string } | null;
          if (answered?.next) {
            expect(who).toBe("owner");
            expect(id).toBe(requestId);
            const stated = statedAs(answer);
            expect(stated).toBeDefined();
            const row = await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } });
            expect(row.homeOlderThanTwoYears).toBe(stated);
            if (stated === was) {
              // The same answer again changes nothing.
              expect(await tablesFingerprint()).toBe(before);
              return;
            }
            changed += 1;
            expect(row.homeAgeStatedAt).not.toBeNull();
            if (waiting) {
              // A plumber's quote is at 21% whatever the answer: it stands (a painter's lapses, vat-rates.test.ts).
              stood += 1;
              const quote = await db.quote.findUniqueOrThrow({ where: { id: waiting.id } });
              expect(quote).toMatchObject({ status: "sent", validUntil: waiting.validUntil });
            }
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: Math.min(RUNS, 150) },
    );
    expect(changed).toBeGreaterThan(0);
    expect(stood).toBeGreaterThan(0);
  }, 120_000);
});
