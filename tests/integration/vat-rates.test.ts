// The VAT rule at work (lib/quotes/vat.ts, lib/requests/home-age.ts): the request form stores the
// homeowner's answer about the home's age; a quote's rates are the rule's and a posted other rate is
// refused with nothing stored; answering again lapses a quote still waiting, and is refused once a quote
// was accepted and paid. Against the real database, the payments through the stand-in.
import { randomUUID } from "node:crypto";
import { TEST_BILLING } from "../helpers/billing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actionRequest, form as postedForm, redirectOf } from "../helpers/server-action";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, storedLife, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { amsterdamDay } from "../helpers/session";

const steps = await import("@/lib/requests/step-actions");
const quoteActions = await import("@/lib/quotes/actions");
const { createRequestAction } = await import("@/lib/requests/actions");
const { emptyRequestForm } = await import("@/lib/requests/form");
const { listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const PAINTING = { taskType: "Painting", city: "Rotterdam" } as const;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};

let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments();
});
afterAll(async () => {
  await payments.close();
});

let owner: TestUser;
let painter: TestHandyman;
let requestId: string;

/** A painting job in Rotterdam on a home whose age is `home`, accepted by the cheapest painter. */
async function paintingJob(home: boolean | undefined) {
  requestId = await submitRequest(owner, { ...PAINTING, homeOlderThanTwoYears: home });
  expect((await chooseCriterion(owner, requestId, "price", PAINTING)).status).toBe(200);
  const offer = await openOfferOf(requestId);
  painter = await createSignedInHandyman(offer.handymanId, "painter@example.test");
  as(painter);
  expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offer.id }))).toMatchObject({ next: "/pro?notice=accepted" });
}

async function send(fields: Record<string, string>) {
  as(painter);
  return quoteActions.sendQuoteAction(IDLE_STEP, form({ request_id: requestId, ...fields }));
}

async function stateHomeAge(answer: string) {
  as(owner);
  return steps.stateHomeAgeAction(IDLE_STEP, form({ request_id: requestId, home_older_than_two_years: answer }));
}

const current = async () => (await listCurrentQuotes([requestId])).get(requestId);

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
});

describe("the request form's question about the home's age", () => {
  it.each([
    ["yes", true],
    ["no", false],
  ])("stores %s as the homeowner's statement, with when it was made, posted without JavaScript", async (answer, stored) => {
    as(owner);
    const id = randomUUID();
    const before = Date.now();
    const posted = createRequestAction(emptyRequestForm(id), postedForm({ request_id: id, task_type: "Painting", city: "Rotterdam", date: amsterdamDay(3), details: "Walls\r\nand ceiling", home_older_than_two_years: answer }));
    expect(await redirectOf(posted)).toBe(`/inputs/criteria/${id}`);
    const row = await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id } });
    expect(row.homeOlderThanTwoYears).toBe(stored);
    expect(row.homeAgeStatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("is required on the form: without an answer nothing is stored and the field says why", async () => {
    as(owner);
    const id = randomUUID();
    const before = await snapshotTables();
    const state = await createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Painting", city: "Rotterdam", date: amsterdamDay(3), details: "", home_older_than_two_years: "maybe" }));
    expect(state.fieldErrors).toMatchObject({ home_older_than_two_years: "Say whether the home is older than two years." });
    expect(await snapshotTables()).toBe(before);
  });

  it("is optional through the API, which stores the age as unknown (read as 21%)", async () => {
    const id = await submitRequest(owner, PAINTING);
    expect(await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id }, select: { homeOlderThanTwoYears: true, homeAgeStatedAt: true } })).toEqual({
      homeOlderThanTwoYears: null,
      homeAgeStatedAt: null,
    });
  });
});

describe("a quote's rates", () => {
  it("are the rule's: painting labour on an older home at 9%, materials at 21%, and the mail gives the VAT per rate", async () => {
    await paintingJob(true);
    expect(await send({ labour_amount: "100", labour_vat: "9", material_1_description: "Paint", material_1_amount: "20", material_1_vat: "21" })).toMatchObject({ next: "/pro?notice=quote-sent" });
    const quote = (await current())!;
    expect(quote.lines.map((line) => [line.kind, line.vatRate])).toEqual([
      ["labour", 9],
      ["materials", 21],
    ]);
    expect(quote.totalCents).toBe(10000 + 900 + 2000 + 420);
    const [mail] = (await mailTo(owner.email)).filter((m) => /quote/.test(m.subject));
    expect(mail!.text).toContain("VAT 9% over €100.00: €9.00.");
    expect(mail!.text).toContain("VAT 21% over €20.00: €4.20.");
  });

  it("come from the rule when none is posted", async () => {
    await paintingJob(false);
    expect(await send({ labour_amount: "100" })).toMatchObject({ next: "/pro?notice=quote-sent" });
    expect((await current())!.lines.map((line) => line.vatRate)).toEqual([21]);
  });

  it.each([
    ["9% on labour of a newer home", false, { labour_amount: "100", labour_vat: "9" }, "labour_vat", /VAT rate is 21%/],
    ["9% on labour of a home of unknown age", undefined, { labour_amount: "100", labour_vat: "9" }, "labour_vat", /VAT rate is 21%/],
    ["21% on labour of an older home", true, { labour_amount: "100", labour_vat: "21" }, "labour_vat", /VAT rate is 9%/],
    ["9% on materials of an older home", true, { labour_amount: "100", material_1_description: "Paint", material_1_amount: "20", material_1_vat: "9" }, "material_1_vat", /VAT rate is 21%/],
    ["a rate that is neither 9 nor 21", true, { labour_amount: "100", labour_vat: "6" }, "labour_vat", /VAT rate is 9%/],
  ] as const)("refuses a posted rate other than the rule's (%s) beside its line, and stores nothing", async (_what, home, fields, field, message) => {
    await paintingJob(home);
    const before = await snapshotTables();
    const answer = await send(fields);
    expect(answer.next).toBeUndefined();
    expect(answer.fieldErrors[field], JSON.stringify(answer)).toMatch(message);
    expect(await snapshotTables()).toBe(before);
  });
});

describe("answering the home's age again", () => {
  it("lapses a quote still waiting, records the step, and the next quote follows the new answer", async () => {
    await paintingJob(false);
    await send({ labour_amount: "100", labour_vat: "21" });
    const first = (await current())!;
    expect(await stateHomeAge("yes")).toMatchObject({ next: `/dashboard/orders/${requestId}?notice=home-age-stated` });
    expect((await current())!.status).toBe("lapsed");
    const row = await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(row.homeOlderThanTwoYears).toBe(true);
    expect((await storedLife(requestId)).events.at(-1)).toMatchObject({ action: "state_home_age", actorRole: "homeowner", fromState: "accepted", toState: "accepted" });
    // The lapsed quote can no longer be accepted at its old rates.
    as(owner);
    expect(await quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: first.id }))).toMatchObject({ message: expect.stringMatching(/lapsed/) });
    // The form the handyman still has posts 21%: refused, since the rule now gives 9%.
    expect((await send({ labour_amount: "100", labour_vat: "21" })).fieldErrors.labour_vat).toMatch(/VAT rate is 9%/);
    expect(await send({ labour_amount: "100", labour_vat: "9" })).toMatchObject({ next: "/pro?notice=quote-sent" });
    expect((await current())!.lines.map((line) => line.vatRate)).toEqual([9]);
  });

  it("is refused with a clear message once a quote was accepted and paid, and nothing changes", async () => {
    await paintingJob(true);
    await send({ labour_amount: "100", labour_vat: "9" });
    const quote = (await current())!;
    as(owner);
    const checkout = await redirectOf(quoteActions.acceptQuoteAction(IDLE_STEP, form({ ...TEST_BILLING, request_id: requestId, quote_id: quote.id })));
    expect(checkout).toMatch(/\/checkout\/tr_\w+$/);
    await payAtCheckout(checkout!, "paid");
    expect((await (await getDb()).payment.findFirstOrThrow({ where: { quoteId: quote.id } })).status).toBe("paid");
    const before = await snapshotTables();
    const answer = await stateHomeAge("no");
    expect(answer.next).toBeUndefined();
    expect(answer.message).toMatch(/already accepted a quote .* the invoice follows the quote you accepted and paid/);
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses an answer that is neither yes nor no, and someone else's request as not found", async () => {
    await paintingJob(false);
    const before = await snapshotTables();
    expect((await stateHomeAge("perhaps")).fieldErrors.home_older_than_two_years).toBe("Say whether the home is older than two years.");
    expect(await snapshotTables()).toBe(before);
    const stranger = await createSignedInUser("stranger@example.test");
    const afterStranger = await snapshotTables();
    as(stranger);
    expect(await steps.stateHomeAgeAction(IDLE_STEP, form({ request_id: requestId, home_older_than_two_years: "yes" }))).toMatchObject({ message: "That request was not found." });
    expect(await snapshotTables()).toBe(afterStranger);
  });
});
