// Property-based fuzzing of a job's money steps: the homeowner's "confirm the job is done" action with
// generated request ids, and the return from the payout onboarding (GET /api/pro/payout) with generated
// `state` and `organizationId`, each as the homeowner, another homeowner, the handyman who did the job,
// another handyman and signed out, against the payment provider's stand-in. The properties: never an error
// thrown or a 5xx; a refusal is the form's answer, a 404 or a redirect with a refusal notice, and changes
// nothing; only the homeowner confirms, and only the handyman's own return connects their account. Fixed
// seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";
import * as payoutRoute from "../../app/api/pro/payout/route";

const { acceptOfferAction, markDoneAction, confirmDoneAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { connectProvider } = await import("@/lib/payments/provider");
const { startPayoutOnboarding } = await import("@/lib/payments/payouts");

const SEED = 20261128;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 80), 200);

let standIn: MollieStandIn;
let owner: TestUser;
let stranger: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
/** What the provider's onboarding sent Nina back with. */
let ninasReturn: { state: string; organizationId: string };

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  standIn = await startMollieStandIn();
  connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs: 1_500 });
  owner = await createSignedInUser("fuzz-owner@example.test");
  stranger = await createSignedInUser("fuzz-stranger@example.test");
  nina = await createSignedInHandyman(18, "fuzz-nina@example.test");
  hidde = await createSignedInHandyman(10, "fuzz-hidde@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  sendCookie(nina.cookie);
  const offerId = (await openOfferOf(requestId)).id;
  expect(await acceptOfferAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
  expect(await markDoneAction(IDLE_STEP, postedForm({ offer_id: offerId, in_page: "1" }))).toMatchObject({ message: null });
  const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/api/pro/payout");
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  ninasReturn = { state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! };
}, 60_000);

afterAll(async () => {
  await standIn?.close();
});

const { nastyString } = hostileValues(["org_", "org_x", "org_" + "a".repeat(70), "tr_1", "state", "-".repeat(16), "a".repeat(64), "\u0000"]);

type Who = "nina" | "hidde" | "owner" | "stranger" | "signed out";
const WHO: readonly Who[] = ["nina", "hidde", "owner", "stranger", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { nina, hidde, owner, stranger }[who].cookie);

describe("a job's money steps under generated input", () => {
  it("confirming: never throws; only the homeowner confirms their own job, once; a refusal changes nothing", async () => {
    const db = await getDb();
    let confirmed = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), fc.oneof({ arbitrary: fc.constant("request"), weight: 3 }, fc.uuid(), nastyString), async (who, id) => {
        sendCookie(cookieOf(who));
        const before = await tablesFingerprint();
        let state: { message: string | null; next?: string } | null = null;
        await redirectOf(confirmDoneAction(IDLE_STEP, postedForm({ request_id: id === "request" ? requestId : id, in_page: "1" })).then((answer) => void (state = answer)));
        const answer = state as { message: string | null; next?: string } | null;
        if (answer?.next) {
          expect(who).toBe("owner");
          expect(id).toBe("request");
          confirmed += 1;
          expect((await db.repairRequest.findUniqueOrThrow({ where: { id: requestId } })).confirmedAt).not.toBeNull();
          return;
        }
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(confirmed).toBe(1);
  });

  it("the onboarding's return: never a 5xx; only Nina's own return connects her account; anything else changes nothing", async () => {
    const db = await getDb();
    const field = (real: string) => fc.oneof({ arbitrary: fc.constant(real), weight: 2 }, fc.constant(undefined), nastyString);
    let connected = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), field(ninasReturn.state), field(ninasReturn.organizationId), fc.boolean(), async (who, state, organizationId, twice) => {
        const query = new URLSearchParams();
        if (state !== undefined) query.append("state", state);
        if (organizationId !== undefined) query.append("organizationId", organizationId);
        if (twice) query.append("state", "x".repeat(20));
        const cookie = cookieOf(who);
        const before = await tablesFingerprint();
        const response = await payoutRoute.GET(apiRequest("GET", `/api/pro/payout?${query}`, cookie ? { cookie } : {}), routeContext());
        expect(response.status).toBeLessThan(500);
        const location = response.headers.get("location") ?? "";
        if (location.includes("notice=payout-connected")) {
          expect(who).toBe("nina");
          expect(organizationId).toBe(ninasReturn.organizationId);
          connected += 1;
          expect((await db.handyman.findUniqueOrThrow({ where: { id: nina.handymanId } })).payoutOrganizationId).toBe(ninasReturn.organizationId);
          return;
        }
        expect([303, 404]).toContain(response.status);
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(connected).toBeGreaterThan(0);
    expect((await db.handyman.findUniqueOrThrow({ where: { id: hidde.handymanId } })).payoutOrganizationId).toBeNull();
  });
});
