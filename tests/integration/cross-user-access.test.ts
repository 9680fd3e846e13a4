// Signed-in users cannot reach each other's data: two homeowners on the spec's request routes, then two
// homeowners, two handymen and an operator on every route of a request's life, then the account's own
// data: its download and its deletion.
import { randomUUID } from "node:crypto";
import { TEST_BILLING } from "../helpers/billing";
import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payAtCheckout, payQuote, startTestPayments, type TestPayments } from "../helpers/payments";
import * as inputsRoute from "../../app/api/inputs/route";
import * as inputsByKeyRoute from "../../app/api/inputs/[key]/route";
import * as criteriaRoute from "../../app/api/inputs/[key]/criteria/route";
import * as inputRoute from "../../app/api/input/[inputId]/route";
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
import * as payoutRoute from "../../app/api/pro/payout/route";
import * as exportRoute from "../../app/api/account/export/route";
import * as invoiceRoute from "../../app/api/invoices/[invoiceId]/route";
import * as pushSubscriptionsRoute from "../../app/api/push/subscriptions/route";
import * as notificationChoicesRoute from "../../app/api/account/notifications/route";
import * as threadMessagesRoute from "../../app/api/threads/[threadId]/messages/route";
import * as threadEventsRoute from "../../app/api/threads/[threadId]/events/route";
import * as pageEventsRoute from "../../app/api/threads/events/route";
import { deletePhoto, getPhoto, listPhotos, listProblemPhotos, plainPng, postPhoto, postProblemPhoto, uploadedPhotoId } from "../helpers/photos";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { callRoute, definedMethods, hiddenRoutes, HTTP_METHODS } from "../helpers/hidden-routes";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, apiRequest, createSignedInUser, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";

const { deleteAccountAction } = await import("@/lib/account/actions");
const { acceptOfferAction, declineOfferAction, markDoneAction, answerDateAction, setAvailabilityAction, confirmDoneAction, stateHomeAgeAction, reportProblemAction, withdrawJobAction, onMyWayAction, atTheDoorAction, reportNoShowAction, objectNoShowAction, reportHandymanNoShowAction } = await import("@/lib/requests/step-actions");
const { decideDisputeAction } = await import("@/lib/ops/disputes-actions");
const { addProblemPhotosAction } = await import("@/lib/photos/actions");
const { connectPayoutAction } = await import("@/lib/handymen/payout-actions");
const { startPayoutOnboarding } = await import("@/lib/payments/payouts");
const { getProPaymentsOrThrow, parseProPaymentsCursor } = await import("@/lib/handymen/payments");
const { getProInvoicesOrThrow } = await import("@/lib/invoices/queries");
const { saveBillingDetailsAction } = await import("@/lib/invoices/actions");
const { approveApplicationAction, rejectApplicationAction, showIbanAction } = await import("@/lib/handymen/applications-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { sendQuoteAction, acceptQuoteAction, declineQuoteAction } = await import("@/lib/quotes/actions");
const { listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { EMPTY_ACCOUNT_FORM } = await import("@/lib/forms/state");

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

let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments();
});
afterAll(async () => {
  await payments.close();
});

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

// Three parties: the two homeowners above and two handymen, Nina (18, who gets Alice's leak in Rotterdam
// by price) and Thijs (9, who gets Bob's leak in Amsterdam by price). Nobody reaches another's request,
// offer or page through any of the request's steps or the handyman's routes.
describe("two homeowners, two handymen and an operator", () => {
  type Json = { error?: { code: string } } & Record<string, unknown>;
  // An operator's powers are the console's (/api/ops, tests/integration/ops-access.test.ts); on the
  // homeowners' and handymen's own routes an operator is a stranger like any other.
  let olga: TestUser;
  /** A second operator, and Ann, who applied to join and waits for review (her address verified). */
  let pat: TestUser;
  let ann: TestUser;
  let annApplication: string;
  let nina: TestHandyman;
  let thijs: TestHandyman;
  let aliceRequest: string;
  let bobRequest: string;
  let ninaOffer: string;
  let thijsOffer: string;

  beforeEach(async () => {
    nina = await createSignedInHandyman(18, "nina@example.test");
    thijs = await createSignedInHandyman(9, "thijs@example.test");
    olga = await createSignedInOperator("olga@example.test");
    pat = await createSignedInOperator("pat@example.test");
    ann = await createSignedInUser("ann@example.test");
    const db = await getDb();
    await db.user.update({ where: { id: ann.id }, data: { role: "applicant", emailVerifiedAt: new Date() } });
    annApplication = (
      await db.handymanApplication.create({
        data: { userId: ann.id, name: "Ann Applies", phone: "+31 6 12345678", cities: ["Rotterdam"], taskTypes: ["Pipe_leakage"], hourlyPriceCents: 1000, kvkNumber: "12345678", iban: "NL91ABNA0417164300", insurer: "Insurer", insuredUntil: new Date(`${amsterdamDay(100)}T00:00:00Z`) },
      })
    ).id;
    aliceRequest = await submitRequest(alice.user, { taskType: "Pipe-leakage", city: "Rotterdam" });
    bobRequest = await submitRequest(bob.user, { taskType: "Pipe-leakage", city: "Amsterdam" });
    expect((await chooseCriterion(alice.user, aliceRequest, "price", { taskType: "Pipe-leakage", city: "Rotterdam" })).status).toBe(200);
    expect((await chooseCriterion(bob.user, bobRequest, "price", { taskType: "Pipe-leakage", city: "Amsterdam" })).status).toBe(200);
    ninaOffer = (await openOfferOf(aliceRequest)).id;
    thijsOffer = (await openOfferOf(bobRequest)).id;
    expect((await openOfferOf(aliceRequest)).handymanId).toBe(18);
    expect((await openOfferOf(bobRequest)).handymanId).toBe(9);
  });

  const onRequest = (user: TestUser, id: string) => ({
    read: () => requestRoute.GET(apiRequest("GET", `/api/requests/${id}`, { cookie: user.cookie }), routeContext({ requestId: id })),
    cancel: () => cancelRoute.POST(apiRequest("POST", `/api/requests/${id}/cancel`, { cookie: user.cookie, body: {} }), routeContext({ requestId: id })),
    reschedule: () => rescheduleRoute.POST(apiRequest("POST", `/api/requests/${id}/reschedule`, { cookie: user.cookie, body: { date: amsterdamDay(9) } }), routeContext({ requestId: id })),
    review: () => reviewRoute.POST(apiRequest("POST", `/api/requests/${id}/review`, { cookie: user.cookie, body: { stars: 1, text: "" } }), routeContext({ requestId: id })),
    pick: () => pickRoute.POST(apiRequest("POST", `/api/requests/${id}/handyman`, { cookie: user.cookie, body: { handymanId: 10 } }), routeContext({ requestId: id })),
    criteria: () => criteriaRoute.POST(apiRequest("POST", `/api/inputs/${id}/criteria`, { cookie: user.cookie, body: { criteria: "rated", city: "Rotterdam", task_type: "Pipe-leakage" } }), routeContext({ key: id })),
    wireRead: () => inputRoute.GET(apiRequest("GET", `/api/input/${id}`, { cookie: user.cookie }), routeContext({ inputId: id })),
  });

  const onOffer = (user: TestUser, id: string) => ({
    accept: () => acceptRoute.POST(apiRequest("POST", `/api/pro/offers/${id}/accept`, { cookie: user.cookie }), routeContext({ offerId: id })),
    decline: () => declineRoute.POST(apiRequest("POST", `/api/pro/offers/${id}/decline`, { cookie: user.cookie, body: { reason: "no" } }), routeContext({ offerId: id })),
    done: () => doneRoute.POST(apiRequest("POST", `/api/pro/offers/${id}/done`, { cookie: user.cookie }), routeContext({ offerId: id })),
    date: () => dateRoute.POST(apiRequest("POST", `/api/pro/offers/${id}/date`, { cookie: user.cookie, body: { confirm: true } }), routeContext({ offerId: id })),
  });

  async function expectNotFoundAndUnchanged(run: () => Promise<Response>, mustNotShow: string[]) {
    const before = await snapshotTables();
    const response = await run();
    expect(response.status).toBe(404);
    const text = JSON.stringify((await response.json()) as Json);
    for (const secret of mustNotShow) expect(text).not.toContain(secret);
    expect(await snapshotTables()).toBe(before);
  }

  it.each([
    ["Bob", "Alice's", () => ({ who: bob.user, id: aliceRequest, owner: alice.user })],
    ["Alice", "Bob's", () => ({ who: alice.user, id: bobRequest, owner: bob.user })],
    ["Nina", "Alice's (offered to her)", () => ({ who: nina as TestUser, id: aliceRequest, owner: alice.user })],
    ["Thijs", "Alice's", () => ({ who: thijs as TestUser, id: aliceRequest, owner: alice.user })],
    ["Olga, an operator,", "Alice's", () => ({ who: olga, id: aliceRequest, owner: alice.user })],
  ])("%s reaches none of %s request routes (404), and nothing changes", async (_who, _whose, scene) => {
    const { who, id, owner } = scene();
    for (const run of Object.values(onRequest(who, id))) await expectNotFoundAndUnchanged(run, [owner.email]);
  });

  it.each([
    ["Thijs", "Nina's", () => ({ who: thijs as TestUser, id: ninaOffer })],
    ["Nina", "Thijs's", () => ({ who: nina as TestUser, id: thijsOffer })],
    ["Alice, a homeowner,", "Nina's (on her own request)", () => ({ who: alice.user, id: ninaOffer })],
    ["Bob", "Thijs's (on his own request)", () => ({ who: bob.user, id: thijsOffer })],
    ["Olga, an operator,", "Nina's", () => ({ who: olga, id: ninaOffer })],
  ])("%s can act on none of %s offers (404), and nothing changes", async (_who, _whose, scene) => {
    const { who, id } = scene();
    for (const run of Object.values(onOffer(who, id))) await expectNotFoundAndUnchanged(run, [alice.user.email, bob.user.email]);
  });

  it("lets only the handyman holding a job quote it, and only its homeowner see and answer the quote; everyone else is told it was not found and nothing changes", async () => {
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };
    const quoteForm = (id: string) => form({ request_id: id, labour_amount: "120", labour_vat: "21", in_page: "1" });
    as(nina);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    let before = await snapshotTables();
    // Thijs holds Bob's request (offered, not accepted) and nothing of Alice's; an operator and the homeowners hold no job.
    for (const [who, id] of [[thijs, aliceRequest], [thijs, bobRequest], [olga, aliceRequest], [pat, aliceRequest], [bob.user, aliceRequest], [alice.user, aliceRequest], [nina, bobRequest]] as const) {
      as(who);
      expect((await sendQuoteAction(IDLE_STEP, quoteForm(id))).message, who.email).toMatch(/not found/);
    }
    expect(await snapshotTables()).toBe(before);
    as(nina);
    expect(await sendQuoteAction(IDLE_STEP, quoteForm(aliceRequest))).toMatchObject({ next: "/pro?notice=quote-sent" });
    const quote = (await listCurrentQuotes([aliceRequest])).get(aliceRequest)!;
    before = await snapshotTables();
    for (const who of [bob.user, nina, thijs, olga]) {
      as(who);
      for (const action of [acceptQuoteAction, declineQuoteAction]) {
        expect((await action(IDLE_STEP, form({ request_id: aliceRequest, quote_id: quote.id, in_page: "1" }))).message, who.email).toMatch(/not found/);
      }
      // With a valid name and address too: nobody else accepts, nor writes the name on Alice's invoice.
      expect((await acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: aliceRequest, quote_id: quote.id, in_page: "1" }))).message, who.email).toMatch(/not found/);
      // Nor does the quote show through the request's routes.
      const read = await requestRoute.GET(apiRequest("GET", `/api/requests/${aliceRequest}`, { cookie: who.cookie }), routeContext({ requestId: aliceRequest }));
      expect(read.status).toBe(404);
    }
    expect(await snapshotTables()).toBe(before);
    as(alice.user);
    // Alice herself accepts it and is led to the payment.
    expect(await redirectOf(acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: aliceRequest, quote_id: quote.id, in_page: "1" })))).toMatch(/\/checkout\/tr_\w+$/);
  });

  it("lets only a request's homeowner report a problem with the finished job, and only operators reach a dispute's decision; everyone else is told it was not found and nothing changes", async () => {
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };
    as(nina);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    expect(await markDoneAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ message: null });
    const problem = (id: string) => form({ request_id: id, text: "The pipe still leaks after the repair.", in_page: "1" });
    const before = await snapshotTables();
    for (const [who, id] of [[bob.user, aliceRequest], [alice.user, bobRequest], [nina, aliceRequest], [thijs, aliceRequest], [olga, aliceRequest]] as const) {
      as(who);
      const refused = await reportProblemAction(IDLE_STEP, problem(id));
      expect(refused.next, who.email).toBeUndefined();
      expect(refused.message, who.email).toBe("That request was not found.");
    }
    // Alice reaches it; her job was not paid through Fixwell, so there is nothing to hold (409, said so).
    as(alice.user);
    expect((await reportProblemAction(IDLE_STEP, problem(aliceRequest))).message).toContain("not paid through Fixwell");
    const decision = form({ dispute_id: "00000000-0000-4000-8000-000000000000", decision: "full_refund", reason: "Mine now.", password: "x", in_page: "1" });
    for (const who of [alice.user, nina, ann]) {
      as(who);
      await expect(decideDisputeAction(IDLE_STEP, decision), who.email).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("lets only a request's homeowner answer the home's age again: another homeowner, the handyman holding it (with a quote waiting) and an operator are told it was not found and nothing changes", async () => {
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };
    const answer = (id: string, older: "yes" | "no") => form({ request_id: id, home_older_than_two_years: older, in_page: "1" });
    as(nina);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    expect(await sendQuoteAction(IDLE_STEP, form({ request_id: aliceRequest, labour_amount: "120", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
    const before = await snapshotTables();
    for (const [who, id] of [[bob.user, aliceRequest], [alice.user, bobRequest], [nina, aliceRequest], [thijs, aliceRequest], [thijs, bobRequest], [olga, aliceRequest]] as const) {
      as(who);
      const refused = await stateHomeAgeAction(IDLE_STEP, answer(id, "yes"));
      expect(refused.next, who.email).toBeUndefined();
      expect(refused.message, who.email).toBe("That request was not found.");
    }
    expect(await snapshotTables()).toBe(before);
    expect((await listCurrentQuotes([aliceRequest])).get(aliceRequest)?.status).toBe("sent");
    // Alice herself may; her plumber's quote is at 21% whatever the answer, so it stands.
    as(alice.user);
    expect(await stateHomeAgeAction(IDLE_STEP, answer(aliceRequest, "yes"))).toMatchObject({ next: `/dashboard/orders/${aliceRequest}?notice=home-age-stated` });
    expect((await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: aliceRequest } })).homeOlderThanTwoYears).toBe(true);
    expect((await listCurrentQuotes([aliceRequest])).get(aliceRequest)?.status).toBe("sent");
  });

  it("lets only the homeowner answer the lower quote replacing her paid one; everyone else is told it was not found, nothing changes and nothing is refunded", async () => {
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };
    as(nina);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    expect(await sendQuoteAction(IDLE_STEP, form({ request_id: aliceRequest, labour_amount: "120", labour_vat: "21", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
    const paid = (await listCurrentQuotes([aliceRequest])).get(aliceRequest)!;
    as(alice.user);
    const checkout = await redirectOf(acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: aliceRequest, quote_id: paid.id, in_page: "1" })));
    await payAtCheckout(checkout!, "paid");
    as(nina);
    expect(await sendQuoteAction(IDLE_STEP, form({ request_id: aliceRequest, labour_amount: "100", labour_vat: "21", in_page: "1" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
    const lower = (await listCurrentQuotes([aliceRequest])).get(aliceRequest)!.replacement!;
    expect(lower).toMatchObject({ status: "sent" });
    const before = await snapshotTables();
    const calls = payments.standIn.calls.length;
    for (const who of [bob.user, nina, thijs, olga]) {
      as(who);
      for (const action of [acceptQuoteAction, declineQuoteAction]) {
        expect((await action(IDLE_STEP, form({ request_id: aliceRequest, quote_id: lower.id, in_page: "1" }))).message, who.email).toMatch(/not found/);
      }
    }
    expect(await snapshotTables()).toBe(before);
    expect(payments.standIn.calls.length).toBe(calls);
    as(alice.user);
    expect(await acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: aliceRequest, quote_id: lower.id, in_page: "1" }))).toMatchObject({ next: `/dashboard/orders/${aliceRequest}?notice=replacement-accepted` });
    expect(await (await getDb()).paymentTransfer.findMany({ select: { kind: true, amountCents: true } })).toEqual([{ kind: "refund", amountCents: 2_420 }]);
  });

  it("shows a request's photos only to its homeowner, the handyman holding it and operators; everyone else gets 404 and changes nothing", async () => {
    const alicePhoto = await uploadedPhotoId(alice.user, aliceRequest, await plainPng());
    const bobPhoto = await uploadedPhotoId(bob.user, bobRequest, await plainPng());
    expect((await getPhoto(alice.user, aliceRequest, alicePhoto)).status).toBe(200);
    expect((await getPhoto(nina, aliceRequest, alicePhoto, "thumb")).status).toBe(200);
    expect((await getPhoto(olga, aliceRequest, alicePhoto)).status).toBe(200);
    const strangers: [TestUser, string, string][] = [
      [bob.user, aliceRequest, alicePhoto],
      [thijs, aliceRequest, alicePhoto],
      [nina, bobRequest, bobPhoto],
      [alice.user, bobRequest, bobPhoto],
      // Her own request with Bob's photo id, and Bob's request with hers: the pair must match.
      [alice.user, aliceRequest, bobPhoto],
      [alice.user, bobRequest, alicePhoto],
    ];
    for (const [who, requestId, photoId] of strangers) {
      await expectNotFoundAndUnchanged(() => getPhoto(who, requestId, photoId), [alice.user.email, bob.user.email]);
      await expectNotFoundAndUnchanged(() => deletePhoto(who, requestId, photoId), [alice.user.email, bob.user.email]);
    }
    for (const who of [bob.user, nina, thijs, olga]) {
      await expectNotFoundAndUnchanged(async () => postPhoto(who, aliceRequest, await plainPng()), [alice.user.email]);
    }
    await expectNotFoundAndUnchanged(() => listPhotos(thijs, aliceRequest), [alice.user.email]);
  });

  it("lets only a request's homeowner add photos to the problem she reported, and shows them only to her, the handyman holding the job and operators; everyone else gets 404 and changes nothing", async () => {
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };
    as(nina);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    await payQuote(alice.user, nina, aliceRequest, { labour: { description: "Fix the leak", amount: "120", vatRate: "21" } }, payments);
    expect(await markDoneAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ message: null });
    as(alice.user);
    expect(await reportProblemAction(IDLE_STEP, form({ request_id: aliceRequest, text: "The pipe still leaks after the repair.", in_page: "1" }))).toMatchObject({ message: null });
    const posted = await postProblemPhoto(alice.user, aliceRequest, await plainPng());
    expect(posted.status).toBe(201);
    const photoId = ((await posted.json()) as { photo: { id: string } }).photo.id;
    for (const who of [alice.user, nina, olga]) expect((await getPhoto(who, aliceRequest, photoId)).status, who.email).toBe(200);
    expect((await listProblemPhotos(nina, aliceRequest)).status).toBe(200);
    for (const who of [bob.user, thijs]) {
      await expectNotFoundAndUnchanged(() => getPhoto(who, aliceRequest, photoId), [alice.user.email]);
      await expectNotFoundAndUnchanged(() => listProblemPhotos(who, aliceRequest), [alice.user.email]);
    }
    for (const who of [bob.user, nina, thijs, olga]) {
      await expectNotFoundAndUnchanged(async () => postProblemPhoto(who, aliceRequest, await plainPng()), [alice.user.email]);
      await expectNotFoundAndUnchanged(() => deletePhoto(who, aliceRequest, photoId), [alice.user.email]);
      const before = await snapshotTables();
      as(who);
      const data = form({ request_id: aliceRequest, in_page: "1" });
      data.append("photos", new File([new Uint8Array(await plainPng())], "mine.png", { type: "image/png" }));
      expect((await addProblemPhotosAction(IDLE_STEP, data)).message, who.email).toBe("That request was not found.");
      expect(await snapshotTables()).toBe(before);
    }
  });

  it("shows a request's conversation only to its homeowner and the handyman it was offered to; everyone else gets 404 and changes nothing", async () => {
    const db = await getDb();
    const aliceThread = (await db.messageThread.findFirstOrThrow({ where: { requestId: aliceRequest }, select: { id: true } })).id;
    const bobThread = (await db.messageThread.findFirstOrThrow({ where: { requestId: bobRequest }, select: { id: true } })).id;
    const post = (who: TestUser, id: string, body: string) =>
      threadMessagesRoute.POST(apiRequest("POST", `/api/threads/${id}/messages`, { cookie: who.cookie, body: { body } }), routeContext({ threadId: id }));
    const read = (who: TestUser, id: string) => threadMessagesRoute.GET(apiRequest("GET", `/api/threads/${id}/messages`, { cookie: who.cookie }), routeContext({ threadId: id }));
    const pageEvents = (who: TestUser, ids: string[]) =>
      pageEventsRoute.GET(apiRequest("GET", `/api/threads/events?${ids.map((id) => `thread=${id}`).join("&")}`, { cookie: who.cookie }), routeContext());
    const events = (who: TestUser, id: string) => threadEventsRoute.GET(apiRequest("GET", `/api/threads/${id}/events`, { cookie: who.cookie }), routeContext({ threadId: id }));
    expect((await post(alice.user, aliceThread, "Alice's private detail: 06-12345678")).status).toBe(201);
    expect((await post(nina, aliceThread, "Nina's question")).status).toBe(201);
    expect((await read(nina, aliceThread)).status).toBe(200);
    const strangers: [TestUser, string][] = [
      [bob.user, aliceThread],
      [thijs, aliceThread],
      [olga, aliceThread],
      [ann, aliceThread],
      [nina, bobThread],
      [alice.user, bobThread],
    ];
    for (const [who, id] of strangers) {
      await expectNotFoundAndUnchanged(() => read(who, id), [alice.user.email, "private detail"]);
      await expectNotFoundAndUnchanged(() => post(who, id, "hello"), [alice.user.email]);
      await expectNotFoundAndUnchanged(() => events(who, id), [alice.user.email]);
      await expectNotFoundAndUnchanged(() => pageEvents(who, [id]), [alice.user.email]);
    }
    // A page's one stream is refused whole when any of its threads is another's, even beside one's own.
    await expectNotFoundAndUnchanged(() => pageEvents(bob.user, [bobThread, aliceThread]), [alice.user.email]);
    await expectNotFoundAndUnchanged(() => pageEvents(nina, [aliceThread, bobThread]), [alice.user.email]);
  });

  it("never lets a handyman or an operator make a request (403 with the error shape), and nothing is stored", async () => {
    for (const who of [nina as TestUser, olga]) {
      const before = await snapshotTables();
      const response = await inputsRoute.POST(
        apiRequest("POST", "/api/inputs", {
          cookie: who.cookie,
          body: { input_id: randomUUID(), user_email: who.email, task_type: "Pipe-leakage", city: "Rotterdam", details: "", date: amsterdamDay(2), criteria: "" },
        }),
        routeContext(),
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as Json).error?.code).toBe("forbidden");
      expect(await snapshotTables()).toBe(before);
    }
  });

  // A request stored under a handyman's own account (made before only homeowners could make one): the
  // matching passes over their own profile, and accept and review refuse the same person on both sides.
  async function ownRequestOf(handyman: TestHandyman, state: "offered" | "done", offerStatus: "open" | "accepted") {
    const db = await getDb();
    const id = randomUUID();
    await db.repairRequest.create({ data: { id, userId: handyman.id, taskType: "Pipe_leakage", city: "Rotterdam", date: new Date(`${amsterdamDay(2)}T00:00:00Z`), criterion: "price", state } });
    const offer = await db.offer.create({ data: { requestId: id, handymanId: handyman.handymanId, status: offerStatus, expiresAt: new Date(Date.now() + 3_600_000) }, select: { id: true } });
    return { id, offerId: offer.id };
  }

  it("never offers a handyman's own request to their own profile", async () => {
    const db = await getDb();
    const id = randomUUID();
    await db.repairRequest.create({ data: { id, userId: nina.id, taskType: "Pipe_leakage", city: "Rotterdam", date: new Date(`${amsterdamDay(2)}T00:00:00Z`) } });
    // Nina (18) is the cheapest for a leak in Rotterdam; her own request goes to the next, Hidde (10).
    expect((await chooseCriterion(nina, id, "price", { taskType: "Pipe-leakage", city: "Rotterdam" })).status).toBe(200);
    expect((await openOfferOf(id)).handymanId).toBe(10);
  });

  it("lets only the handyman holding a job cancel it: Thijs, Alice whose job it is, Bob and Olga are refused and nothing changes", async () => {
    sendCookie(nina.cookie);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    const before = await snapshotTables();
    for (const who of [thijs, alice.user, bob.user, olga]) {
      sendCookie(who.cookie);
      const answer = await withdrawJobAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" })).catch((error: unknown) => error);
      expect(answer, who.email).not.toHaveProperty("next");
      if (!(answer instanceof Error)) expect((answer as { message: string | null }).message, who.email).toMatch(/not found/);
    }
    expect(await snapshotTables()).toBe(before);
    sendCookie(nina.cookie);
    expect(await withdrawJobAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=job-withdrawn" });
  });

  it("lets only the handyman holding a job say on my way, at the door or report a no-show, and only its homeowner object or report the handyman's; everyone else is told it was not found and nothing changes", async () => {
    sendCookie(nina.cookie);
    expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
    const before = await snapshotTables();
    const onOfferForm = () => {
      const posted = form({ offer_id: ninaOffer, in_page: "1" });
      posted.append("photos", new File([new Uint8Array(Buffer.from("not a photo"))], "door.jpg", { type: "image/jpeg" }));
      return posted;
    };
    for (const who of [thijs, alice.user, bob.user, olga]) {
      sendCookie(who.cookie);
      for (const action of [onMyWayAction, atTheDoorAction, reportNoShowAction]) {
        const answer = await action(IDLE_STEP, onOfferForm()).catch((error: unknown) => error);
        expect(answer, `${action.name} ${who.email}`).not.toHaveProperty("next");
        if (!(answer instanceof Error)) expect((answer as { message: string | null }).message, `${action.name} ${who.email}`).toMatch(/not found/);
      }
    }
    for (const who of [bob.user, nina, thijs, olga]) {
      sendCookie(who.cookie);
      for (const action of [objectNoShowAction, reportHandymanNoShowAction]) {
        const answer = await action(IDLE_STEP, form({ request_id: aliceRequest, text: "I was home all morning, really.", in_page: "1" }));
        expect(answer.next, `${action.name} ${who.email}`).toBeUndefined();
        expect(answer.message, `${action.name} ${who.email}`).toBe("That request was not found.");
      }
    }
    expect(await snapshotTables()).toBe(before);
    // Nina reaches her job: unpaid, so there is nothing to do on the day (409, said so).
    sendCookie(nina.cookie);
    expect((await onMyWayAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).message).toMatch(/not paid through Fixwell/);
  });

  it("refuses a handyman accepting their own request (403), and nothing changes", async () => {
    const { offerId } = await ownRequestOf(nina, "offered", "open");
    const before = await snapshotTables();
    const response = await onOffer(nina, offerId).accept();
    expect(response.status).toBe(403);
    expect(((await response.json()) as Json).error?.code).toBe("forbidden");
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses a handyman reviewing their own job (403), and neither the review nor the rating changes", async () => {
    const { id } = await ownRequestOf(nina, "done", "accepted");
    const before = await snapshotTables();
    const response = await reviewRoute.POST(apiRequest("POST", `/api/requests/${id}/review`, { cookie: nina.cookie, body: { stars: 5, text: "Great work" } }), routeContext({ requestId: id }));
    expect(response.status).toBe(403);
    expect(((await response.json()) as Json).error?.code).toBe("forbidden");
    expect(await snapshotTables()).toBe(before);
  });

  it("shows each handyman only the requests offered to them, and homeowners no handyman's page", async () => {
    const view = async (user: TestUser) => proOffersRoute.GET(apiRequest("GET", "/api/pro/offers", { cookie: user.cookie }), routeContext());
    const ninas = (await (await view(nina)).json()) as { offers: { request: { id: string } }[] };
    expect(ninas.offers.map((o) => o.request.id)).toEqual([aliceRequest]);
    const thijss = (await (await view(thijs)).json()) as { offers: { request: { id: string } }[] };
    expect(thijss.offers.map((o) => o.request.id)).toEqual([bobRequest]);
    for (const homeowner of [alice.user, bob.user]) expect((await view(homeowner)).status).toBe(404);
    const switchAsHomeowner = await availabilityRoute.POST(apiRequest("POST", "/api/pro/availability", { cookie: alice.user.cookie, body: { available: false } }), routeContext());
    expect(switchAsHomeowner.status).toBe(404);
  });

  it("never lets an operator read a homeowner's list of requests (403), a request through the spec's routes (404) or a handyman's page (404)", async () => {
    const list = await inputsByKeyRoute.GET(apiRequest("GET", `/api/inputs/${alice.user.email}`, { cookie: olga.cookie }), routeContext({ key: alice.user.email }));
    expect(list.status).toBe(403);
    const one = await inputRoute.GET(apiRequest("GET", `/api/input/${aliceRequest}`, { cookie: olga.cookie }), routeContext({ inputId: aliceRequest }));
    expect(one.status).toBe(404);
    expect((await proOffersRoute.GET(apiRequest("GET", "/api/pro/offers", { cookie: olga.cookie }), routeContext())).status).toBe(404);
  });

  it("never lets a handyman read a homeowner's list of requests (403) or a request through the spec's routes (404)", async () => {
    const list = await inputsByKeyRoute.GET(apiRequest("GET", `/api/inputs/${alice.user.email}`, { cookie: nina.cookie }), routeContext({ key: alice.user.email }));
    expect(list.status).toBe(403);
    const one = await inputRoute.GET(apiRequest("GET", `/api/input/${aliceRequest}`, { cookie: nina.cookie }), routeContext({ inputId: aliceRequest }));
    expect(one.status).toBe(404);
  });

  it.each([
    ["GET /api/requests/{id}", () => requestRoute.GET(apiRequest("GET", `/api/requests/${aliceRequest}`), routeContext({ requestId: aliceRequest }))],
    ["POST /api/requests/{id}/cancel", () => cancelRoute.POST(apiRequest("POST", `/api/requests/${aliceRequest}/cancel`, { body: {} }), routeContext({ requestId: aliceRequest }))],
  ])("%s without a session answers 401 and changes nothing", async (_name, run) => {
    const before = await snapshotTables();
    expect((await run()).status).toBe(401);
    expect(await snapshotTables()).toBe(before);
  });

  // The handyman's routes do not exist for anyone else: not even a 401, 405 or 403 tells a stranger they are there.
  it.each([
    ["signed out", () => undefined],
    ["Alice, a homeowner,", () => alice.user.cookie],
    ["Olga, an operator,", () => olga.cookie],
    ["Ann, an applicant,", () => ann.cookie],
  ])("answers %s 404 with the error shape on every method of every /api/pro route, defined or not, and nothing changes", async (_who, cookieOf) => {
    const cookie = cookieOf();
    const routes = await hiddenRoutes("pro");
    expect(routes.length).toBeGreaterThan(0);
    const before = await snapshotTables();
    for (const route of routes) {
      expect(Object.keys(route.handlers).sort(), route.urlPath).toEqual([...HTTP_METHODS].sort());
      const concrete = { ...route, urlPath: route.urlPath.replace("00000000-0000-4000-8000-000000000001", ninaOffer), params: route.params.offerId ? { offerId: ninaOffer } : route.params };
      for (const method of HTTP_METHODS) {
        for (const headers of [{}, { origin: "https://evil.example" }] as Record<string, string>[]) {
          const response = await callRoute(concrete, method, { cookie, body: { available: false, reason: "no", confirm: true }, headers });
          expect(response.status, `${method} ${concrete.urlPath}`).toBe(404);
          expect(response.headers.get("allow"), `${method} ${concrete.urlPath}`).toBeNull();
          expect(await response.json(), `${method} ${concrete.urlPath}`).toEqual({ error: { code: "not_found", message: "This page could not be found." } });
        }
      }
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("answers Ann, an applicant, 404 on every method of every /api/ops route, and nothing changes", async () => {
    const before = await snapshotTables();
    for (const route of await hiddenRoutes("ops")) {
      for (const method of HTTP_METHODS) {
        const response = await callRoute(route, method, { cookie: ann.cookie, body: {} });
        expect(response.status, `${method} ${route.urlPath}`).toBe(404);
      }
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses Ann, an applicant, every step of the handyman's /pro forms (the page's 404), and nothing changes", async () => {
    sendCookie(ann.cookie);
    const before = await snapshotTables();
    const posted = form({ offer_id: ninaOffer, request_id: aliceRequest, reason: "no", confirm: "true", available: "false" });
    for (const action of [acceptOfferAction, declineOfferAction, markDoneAction, answerDateAction, setAvailabilityAction, withdrawJobAction, onMyWayAction, atTheDoorAction, reportNoShowAction]) {
      const answer = await action(IDLE_STEP, posted).catch((error: unknown) => error);
      expect(answer, action.name).not.toHaveProperty("next");
      if (!(answer instanceof Error)) expect((answer as { message: string | null }).message, action.name).toBeTruthy();
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("Ann cannot approve, reject or read her own application through the console (its 404); Olga cannot approve her own; Pat can approve Ann's", async () => {
    const db = await getDb();
    const before = await snapshotTables();
    sendCookie(ann.cookie);
    for (const run of [
      () => approveApplicationAction(IDLE_STEP, form({ application_id: annApplication })),
      () => rejectApplicationAction(IDLE_STEP, form({ application_id: annApplication, reason: "x" })),
      () => showIbanAction({ fieldErrors: {}, message: null }, form({ application_id: annApplication })),
    ]) {
      await expect(run()).rejects.toMatchObject({ message: "NEXT_NOT_FOUND" });
    }
    expect(await snapshotTables()).toBe(before);

    // An operator holding an application (one made before the account became an operator's) cannot decide on it.
    const olgasOwn = await db.handymanApplication.create({
      data: { userId: olga.id, name: "Olga", phone: "+31 6 12345678", cities: ["Amsterdam"], taskTypes: ["Painting"], hourlyPriceCents: 1000, kvkNumber: "12345678", iban: "NL91ABNA0417164300", insurer: "Insurer", insuredUntil: new Date(`${amsterdamDay(100)}T00:00:00Z`) },
    });
    await db.user.update({ where: { id: olga.id }, data: { emailVerifiedAt: new Date() } });
    sendCookie(olga.cookie);
    const refused = await approveApplicationAction(IDLE_STEP, form({ application_id: olgasOwn.id }));
    expect(refused.message).toMatch(/your own application/);
    expect((await db.handymanApplication.findUniqueOrThrow({ where: { id: olgasOwn.id } })).status).toBe("submitted");
    expect((await db.user.findUniqueOrThrow({ where: { id: olga.id } })).role).toBe("operator");

    sendCookie(pat.cookie);
    expect(await redirectOf(approveApplicationAction(IDLE_STEP, form({ application_id: annApplication })))).toContain("notice=application-approved");
    expect((await db.user.findUniqueOrThrow({ where: { id: ann.id } })).role).toBe("handyman");
    expect(await db.auditEntry.count({ where: { actorId: pat.id, action: "approve_application", targetId: annApplication } })).toBe(1);
  });

  describe("the money of a job: confirming it, the payout account, the money list", () => {
    // The file's stand-in (startTestPayments above) is the provider here too.
    const as = (user: TestUser) => {
      actionRequest.headers = new Headers({ cookie: user.cookie });
    };

    it("lets only Alice confirm her finished job: Bob, Nina who did it, Thijs and Olga are told it was not found and nothing changes", async () => {
      as(nina);
      expect(await acceptOfferAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ next: "/pro?notice=accepted" });
      expect(await markDoneAction(IDLE_STEP, form({ offer_id: ninaOffer, in_page: "1" }))).toMatchObject({ message: null });
      const before = await snapshotTables();
      for (const who of [bob.user, nina, thijs, olga]) {
        as(who);
        expect((await confirmDoneAction(IDLE_STEP, form({ request_id: aliceRequest, in_page: "1" }))).message, who.email).toMatch(/not found/);
      }
      expect(await snapshotTables()).toBe(before);
      as(alice.user);
      expect(await confirmDoneAction(IDLE_STEP, form({ request_id: aliceRequest, in_page: "1" }))).toMatchObject({ message: null, next: expect.stringContaining("notice=job-confirmed") });
    });

    it("refuses the payout connection to a homeowner and an operator, and Nina's onboarding return to Thijs, a homeowner or an operator; nothing changes", async () => {
      const url = await startPayoutOnboarding({ id: nina.handymanId, name: "Nina", email: nina.email }, "http://localhost/api/pro/payout");
      const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
      const ninasReturn = `/api/pro/payout?${new URLSearchParams({ state: back.searchParams.get("state")!, organizationId: back.searchParams.get("organizationId")! })}`;
      const before = await snapshotTables();
      for (const who of [alice.user, olga]) {
        sendCookie(who.cookie);
        await expect(connectPayoutAction(), who.email).rejects.toMatchObject({ status: 404 });
        const response = await payoutRoute.GET(apiRequest("GET", ninasReturn, { cookie: who.cookie }), routeContext());
        expect(response.status, who.email).toBe(404);
      }
      const response = await payoutRoute.GET(apiRequest("GET", ninasReturn, { cookie: thijs.cookie }), routeContext());
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toContain("notice=payout-refused");
      expect(await snapshotTables()).toBe(before);
      const ninas = await payoutRoute.GET(apiRequest("GET", ninasReturn, { cookie: nina.cookie }), routeContext());
      expect(ninas.headers.get("location")).toContain("notice=payout-connected");
    });

    it("never shows a handyman another's payments: Thijs sees none of Nina's, nor reads them with her cursor; a homeowner has no money list", async () => {
      const db = await getDb();
      const payments = Array.from({ length: 21 }, (_, i) => ({ id: randomUUID(), at: new Date(Date.UTC(2026, 5, 2, 9, i)) }));
      await db.payment.createMany({
        data: payments.map((payment, i) => ({
          id: payment.id,
          quoteId: randomUUID(),
          attempt: 1,
          requestId: aliceRequest,
          handymanId: nina.handymanId,
          amountCents: 5_000 + i,
          description: "leak",
          status: "paid" as const,
          mode: "test",
          idempotencyKey: `payment:${payment.id}`,
          createdAt: payment.at,
        })),
      });
      await db.ledgerEntry.createMany({ data: payments.map((payment, i) => ({ paymentId: payment.id, kind: "paid" as const, amountCents: 5_000 + i, providerId: `tr_${i}` })) });
      const ninas = await getProPaymentsOrThrow(nina);
      expect(ninas.rows).toHaveLength(20);
      expect(ninas.totals.held).toBeGreaterThan(0);
      expect(JSON.stringify(ninas)).not.toContain(alice.user.email);
      expect(await getProPaymentsOrThrow(thijs)).toMatchObject({ rows: [], next: null, totals: { held: 0, released: 0 } });
      expect(() => parseProPaymentsCursor(thijs, ninas.next!)).toThrow(expect.objectContaining({ status: 400 }));
      for (const who of [alice.user, olga]) await expect(getProPaymentsOrThrow(who), who.email).rejects.toMatchObject({ status: 404 });
    });

    it("lets only Alice, Nina and operators download Alice's invoice, and only Nina and operators Fixwell's commission invoice to her; everyone else gets 404, Thijs sees neither in his list, and a billing address cannot be set on another's request", async () => {
      const db = await getDb();
      const row = (kind: "invoice" | "commission") => ({
        id: randomUUID(),
        kind,
        series: kind === "invoice" ? "2026-H18" : "2026-FX",
        number: 1,
        sourceKey: `cross:${kind}`,
        issuer: kind === "invoice" ? "handyman" : "fixwell",
        issuerName: "Nina Klus",
        issuerStreet: "Coolsingel 40",
        issuerPostcode: "3011 AD",
        issuerCity: "Rotterdam",
        issuerKvk: "12345678",
        recipientName: alice.user.email,
        recipientStreet: "",
        recipientPostcode: "",
        recipientCity: "Rotterdam",
        workDescription: "leak",
        workDate: new Date("2026-06-02"),
        lines: [],
        rates: [{ rate: 21, netCents: 100, vatCents: 21 }],
        netCents: 100,
        vatCents: 21,
        totalCents: 121,
        locale: "en",
        handymanId: nina.handymanId,
        requestId: aliceRequest,
      });
      const invoice = await db.invoice.create({ data: row("invoice") });
      const commission = await db.invoice.create({ data: row("commission") });
      const download = (user: TestUser, id: string) => invoiceRoute.GET(apiRequest("GET", `/api/invoices/${id}`, { cookie: user.cookie }), routeContext({ invoiceId: id }));
      const before = await snapshotTables();
      expect((await download(alice.user, invoice.id)).status).toBe(200);
      expect((await download(nina, invoice.id)).status).toBe(200);
      expect((await download(nina, commission.id)).status).toBe(200);
      for (const who of [bob.user, thijs, ann]) {
        expect((await download(who, invoice.id)).status, who.email).toBe(404);
        expect((await download(who, commission.id)).status, who.email).toBe(404);
      }
      // Operators read every invoice (the console's payment page and the books), by their role in the database.
      for (const who of [olga, pat]) {
        expect((await download(who, invoice.id)).status, who.email).toBe(200);
        expect((await download(who, commission.id)).status, who.email).toBe(200);
      }
      expect((await download(alice.user, commission.id)).status).toBe(404);
      expect((await getProInvoicesOrThrow(thijs)).rows).toEqual([]);
      expect((await getProInvoicesOrThrow(nina)).rows.map((item) => item.id).sort()).toEqual([invoice.id, commission.id].sort());
      for (const who of [alice.user, olga]) await expect(getProInvoicesOrThrow(who), who.email).rejects.toMatchObject({ status: 404 });
      for (const who of [bob.user, nina, thijs, olga]) {
        as(who);
        expect((await saveBillingDetailsAction(IDLE_STEP, form({ request_id: aliceRequest, billing_name: "Mallory", billing_street: "Straat 1", billing_postcode: "1234 AB", in_page: "1" }))).message, who.email).toMatch(/not found/);
      }
      expect(await snapshotTables()).toBe(before);
      // The role is the database's: an operator no longer is one reads no invoice of others.
      await db.user.update({ where: { id: pat.id }, data: { role: "homeowner" } });
      expect((await download(pat, invoice.id)).status).toBe(404);
    });
  });

  it("tells a handyman which methods a /api/pro route takes: 405 with Allow for the others", async () => {
    const [offers] = (await hiddenRoutes("pro")).filter((route) => route.urlPath === "/api/pro/offers");
    expect(await definedMethods(offers!, nina.cookie)).toEqual(["GET", "HEAD", "OPTIONS"]);
    const refused = await callRoute(offers!, "DELETE", { cookie: nina.cookie });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

// The account's data: each person downloads their own and can delete only their own account, whatever
// the form says.
describe("the account's data", () => {
  const PASSWORD = "Quiet-harbour-lantern-42";
  const CAROL_PASSWORD = "Amber-lighthouse-evening-31";
  let carol: TestUser;
  let dave: TestUser;
  let carolRequest: string;

  beforeEach(async () => {
    carol = await createUserWithPassword("carol@example.test", CAROL_PASSWORD);
    dave = await createUserWithPassword("dave@example.test", PASSWORD);
    carolRequest = await submitRequest(carol, { taskType: "Painting", city: "Amsterdam", details: "Carol's hallway" });
    actionRequest.jar.clear();
  });

  it("the download holds only the signed-in account's data", async () => {
    const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: dave.cookie }), routeContext());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ account: { email: "dave@example.test" }, requests: [] });
    for (const secret of [carol.email, carol.id, carolRequest, "Carol's hallway", alice.inputId, alice.user.email]) expect(text).not.toContain(secret);
  });

  it("deleting needs the signed-in account's own password: another account's password deletes nothing", async () => {
    sendCookie(dave.cookie);
    const before = await snapshotTables();
    const state = await deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password: CAROL_PASSWORD }));
    expect(state.fieldErrors.password).toMatch(/not your password/);
    expect(await snapshotTables()).toBe(before);
  });

  it("turning push off needs the device to be the signed-in account's own: Dave cannot remove Carol's (404), and nothing changes", async () => {
    const device = { endpoint: "http://127.0.0.1:9/push/carols-phone", keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url"), auth: Buffer.alloc(16, 2).toString("base64url") } };
    const subscribed = await pushSubscriptionsRoute.POST(apiRequest("POST", "/api/push/subscriptions", { cookie: carol.cookie, body: device }), routeContext());
    expect(subscribed.status).toBe(201);
    const before = await snapshotTables();
    const refused = await pushSubscriptionsRoute.DELETE(apiRequest("DELETE", "/api/push/subscriptions", { cookie: dave.cookie, body: { endpoint: device.endpoint } }), routeContext());
    expect(refused.status).toBe(404);
    expect(await snapshotTables()).toBe(before);
    // Dave's choices are his: they change nothing of Carol's, and his reading shows only his own.
    const chosen = await notificationChoicesRoute.PUT(apiRequest("PUT", "/api/account/notifications", { cookie: dave.cookie, body: { preferences: [{ kind: "accepted", mail: false, push: false }] } }), routeContext());
    expect(chosen.status).toBe(200);
    const db = await getDb();
    expect(await db.notificationPreference.count({ where: { userId: carol.id } })).toBe(0);
    expect(await db.pushSubscription.count({ where: { userId: carol.id } })).toBe(1);
  });

  it("deleting removes the signed-in account only: the other account and its request stay", async () => {
    sendCookie(dave.cookie);
    expect(await redirectOf(deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password: PASSWORD, email: carol.email, userId: carol.id })))).toBe("/?notice=account-deleted");
    const db = await getDb();
    expect(await db.user.findUnique({ where: { id: dave.id } })).toBeNull();
    expect(await db.user.findUnique({ where: { id: carol.id } })).not.toBeNull();
    expect(await db.repairRequest.findUnique({ where: { id: carolRequest } })).not.toBeNull();
  });
});
