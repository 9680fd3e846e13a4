// The day of a paid job as /pro's job card and the order page render it (components/requests/on-the-day.tsx),
// in English and Dutch: the buttons only on the agreed day, the no-show form with its file field only after the
// wait at the door, and on the order page the times, the door photo and the objection form while the window runs.
import { JSDOM } from "jsdom";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sendCookie } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { TEST_BILLING } from "../helpers/billing";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createUserWithPassword, type TestUser } from "../helpers/session";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { phoneJpeg } from "../helpers/photos";

vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  getTranslations: async (arg: { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const [namespace, ...within] = arg.namespace.split(".");
    const t = getTranslator(arg.locale as "en", namespace as never) as unknown as (key: string, values?: object) => string;
    return (key: string, values?: object) => t([...within, key].join("."), values);
  },
}));

const { ProOnTheDay, OrderOnTheDay } = await import("@/components/requests/on-the-day");
const { sendQuote, acceptQuote } = await import("@/lib/quotes/quotes");
const { startPayment } = await import("@/lib/payments");
const { acceptOffer } = await import("@/lib/requests/workflow");
const noShows = await import("@/lib/requests/no-show");

let payments: TestPayments;
let owner: TestUser;
let nina: TestHandyman;
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

beforeAll(async () => {
  payments = await startTestPayments();
});

afterAll(async () => {
  await payments.close();
});

beforeEach(async () => {
  await resetDatabase();
  owner = await createUserWithPassword(`owner-${Date.now()}@example.test`, "Quiet-harbour-lantern-42");
  nina = await createSignedInHandyman(18, `nina-${Date.now()}@example.test`);
  sendCookie(nina.cookie);
});

async function paidJob(date: string) {
  const where = { taskType: "Pipe-leakage", city: "Rotterdam", date };
  const requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  const offer = await openOfferOf(requestId);
  await acceptOffer(sessionOf(nina), offer.id);
  const quote = await sendQuote(sessionOf(nina), requestId, { labour: { description: "Fix", amount: "100", vatRate: "21" }, materials: [] });
  const accepted = await acceptQuote(sessionOf(owner), quote.id, TEST_BILLING, "en");
  const started = await startPayment({ ...accepted, redirectUrl: `${payments.origin}/x`, webhookUrl: `${payments.origin}/api/payments/webhook` });
  await payAtCheckout(started.checkoutUrl, "paid");
  return { requestId, offerId: offer.id, date };
}

const html = (element: unknown) => new JSDOM(renderToStaticMarkup(element as ReactElement)).window.document;
const buttons = (document: Document) => [...document.querySelectorAll("button")].map((button) => button.textContent);
const forms = (document: Document) => [...document.querySelectorAll("form")].map((form) => form.getAttribute("aria-label"));

describe("the day on /pro and on the order page", () => {
  it("/pro shows On my way and I'm at the door on the agreed day only, in both languages", async () => {
    const today = await paidJob(amsterdamDay(0));
    const request = { id: today.requestId, date: today.date };
    expect(buttons(html(await ProOnTheDay({ handymanId: 18, offerId: today.offerId, request, locale: "en" })))).toEqual(["On my way", "I'm at the door"]);
    expect(buttons(html(await ProOnTheDay({ handymanId: 18, offerId: today.offerId, request, locale: "nl" })))).toEqual(["Ik ben onderweg", "Ik sta voor de deur"]);
    const later = await (async () => {
      const where = { taskType: "Pipe-leakage", city: "Rotterdam", date: amsterdamDay(3) };
      const id = await submitRequest(owner, where);
      expect((await chooseCriterion(owner, id, "price", where)).status).toBe(200);
      return { id, offerId: (await openOfferOf(id)).id, date: where.date };
    })();
    await acceptOffer(sessionOf(nina), later.offerId);
    // Not paid: nothing of the day at all.
    expect(await ProOnTheDay({ handymanId: 18, offerId: later.offerId, request: { id: later.id, date: later.date }, locale: "en" })).toBeNull();
  });

  it("a paid job on another day says when the buttons come, and has none", async () => {
    const job = await paidJob(amsterdamDay(3));
    const document = html(await ProOnTheDay({ handymanId: 18, offerId: job.offerId, request: { id: job.requestId, date: job.date }, locale: "en" }));
    expect(buttons(document)).toEqual([]);
    expect(document.body.textContent).toContain("appear here on the agreed day");
  });

  it("after the wait at the door /pro offers the no-show form with a file field; the order page then shows the report, the photo and the objection form", async () => {
    const job = await paidJob(amsterdamDay(0));
    const request = { id: job.requestId, date: job.date };
    await noShows.sayAtTheDoor(sessionOf(nina), job.offerId);
    let document = html(await ProOnTheDay({ handymanId: 18, offerId: job.offerId, request, locale: "en" }));
    expect(forms(document)).toEqual([]);
    expect(document.body.textContent).toContain("If nobody opens, you can report a no-show");
    await (await getDb()).jobArrival.update({ where: { offerId: job.offerId }, data: { atDoorAt: new Date(Date.now() - 21 * 60_000) } });
    document = html(await ProOnTheDay({ handymanId: 18, offerId: job.offerId, request, locale: "en" }));
    expect(forms(document)).toEqual(["Report that nobody opened"]);
    expect(document.querySelector("input[type=file][name=photos]")).not.toBeNull();

    await noShows.reportHomeownerNoShow(sessionOf(nina), job.offerId, [await phoneJpeg()]);
    document = html(await OrderOnTheDay({ request, handymanName: "Nina", canReportHandyman: true, locale: "en" }));
    expect(document.body.textContent).toContain("At the door since");
    expect(document.body.textContent).toContain("Nina reported at");
    expect(document.querySelector("img")?.getAttribute("src")).toBe(`/api/requests/${job.requestId}/door-photo`);
    expect(forms(document)).toEqual(["Object to the no-show"]);
    const dutch = html(await OrderOnTheDay({ request, handymanName: "Nina", canReportHandyman: true, locale: "nl" }));
    expect(buttons(dutch)).toEqual(["Bezwaar maken"]);
    // The handyman's card says where it stands, and offers no second report.
    document = html(await ProOnTheDay({ handymanId: 18, offerId: job.offerId, request, locale: "en" }));
    expect(forms(document)).toEqual([]);
    expect(document.querySelector("[data-testid=no-show-state]")?.textContent).toContain("The homeowner can object until");
  });
});
