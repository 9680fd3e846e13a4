// The quote on the pages, rendered from a real database in both languages: /pro's job offers the quote
// form (labelled fields, the handyman's price in the hint) and then shows the quote sent; the order page
// shows the homeowner the lines, the VAT per rate, the total and the validity in the page's way of
// writing money, with Accept and Decline while the quote is open, and its state once answered.
import { JSDOM } from "jsdom";
import { TEST_BILLING } from "../helpers/billing";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const pageLocale = vi.hoisted(() => ({ value: "en" as "en" | "nl" }));

vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), connection: async () => {} }));
vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getLocale: async () => pageLocale.value,
  getTranslations: async (arg: string | { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const { locale, namespace: full } = typeof arg === "string" ? { locale: pageLocale.value, namespace: arg } : arg;
    const [namespace, ...within] = full.split(".");
    const t = getTranslator(locale as "en", namespace as never) as unknown as ((key: string, values?: object) => string) & { rich: (key: string, values?: object) => ReactNode; raw: (key: string) => unknown };
    const at = (key: string) => [...within, key].join(".");
    return Object.assign((key: string, values?: object) => t(at(key), values), { rich: (key: string, values?: object) => t.rich(at(key), values), raw: (key: string) => t.raw(at(key)) });
  },
}));

import { actionRequest, form } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";

const { ProDashboard } = await import("@/components/requests/pro-dashboard");
const { OrderDetails } = await import("@/components/requests/order-details");
const { getProPageOrThrow } = await import("@/lib/handymen/offers");
const { getRequestDetailsOrThrow } = await import("@/lib/requests/details");
const { acceptOfferAction } = await import("@/lib/requests/step-actions");
const { sendQuoteAction } = await import("@/lib/quotes/actions");
const { acceptQuote, listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { checkoutOf } = await import("@/lib/quotes/pay");
const { renderToStaticMarkup } = await import("react-dom/server");

// Painting on a home older than two years: the labour at 9%, the materials at 21% (lib/quotes/vat.ts).
const LEAK = { taskType: "Painting", city: "Rotterdam", homeOlderThanTwoYears: true } as const;

function findElement(tree: unknown, name: string): ReactElement<Record<string, unknown>> | null {
  if (Array.isArray(tree)) {
    for (const item of tree) {
      const found = findElement(item, name);
      if (found) return found;
    }
    return null;
  }
  if (!isValidElement(tree)) return null;
  const type = tree.type as { name?: string };
  if (typeof type === "function" && type.name === name) return tree as ReactElement<Record<string, unknown>>;
  return findElement(Object.values(tree.props as object), name);
}

/** The named component of a server page's tree, rendered to a document. */
function rendered(tree: unknown, name: string): Document {
  const element = findElement(tree, name);
  expect(element, name).not.toBeNull();
  return new JSDOM(`<!DOCTYPE html><body>${renderToStaticMarkup(element!)}</body>`).window.document;
}

/** /pro's card of the job (its components run as the page would), and the quote's part of it rendered. */
async function proQuoteSection(): Promise<Document> {
  const card = findElement(await ProDashboard({ view: await getProPageOrThrow(nina), query: {} }), "OfferCard")!;
  return rendered((card.type as (props: object) => ReactNode)(card.props), "QuoteSection");
}

let owner: TestUser;
let nina: TestHandyman;
let requestId: string;

beforeEach(async () => {
  pageLocale.value = "en";
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(23, "nina@example.test");
  requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  actionRequest.headers = new Headers({ cookie: nina.cookie });
  await acceptOfferAction(IDLE_STEP, form({ offer_id: (await openOfferOf(requestId)).id, in_page: "1" }));
});

async function sendQuote() {
  actionRequest.headers = new Headers({ cookie: nina.cookie });
  const answer = await sendQuoteAction(
    IDLE_STEP,
    form({ request_id: requestId, labour_amount: "100", labour_vat: "9", material_1_description: "Paint", material_1_amount: "20", material_1_vat: "21", in_page: "1" }),
  );
  expect(answer.next).toBe("/pro?notice=quote-sent");
}

describe("the quote on /pro", () => {
  it("offers an accepted job's quote form with labelled fields, then shows the quote sent and offers to replace it", async () => {
    let page = await proQuoteSection();
    const quoteForm = page.querySelector('form[aria-label="Send a fixed quote"]')!;
    expect(quoteForm).not.toBeNull();
    for (const name of ["labour_hours", "labour_amount", "material_1_description", "material_5_amount", "valid_days"]) {
      const control = quoteForm.querySelector(`[name="${name}"]`)!;
      expect(control, name).not.toBeNull();
      expect(page.querySelector(`label[for="${control.id}"]`)?.textContent, name).toBeTruthy();
    }
    expect(quoteForm.querySelector('[name="material_6_amount"]')).toBeNull();
    // The rates are the rule's, shown and not chosen: painting labour on an older home at 9%, materials at 21%.
    expect(quoteForm.querySelector("select")).toBeNull();
    expect(quoteForm.querySelector('[name="labour_vat"]')?.getAttribute("value")).toBe("9");
    expect(quoteForm.querySelector('[name="material_1_vat"]')?.getAttribute("value")).toBe("21");
    expect([...quoteForm.querySelectorAll('[data-testid="line-vat"]')].map((line) => line.textContent).slice(0, 2)).toEqual(["VAT on this line: 9%", "VAT on this line: 21%"]);
    expect(page.body.textContent).toMatch(/At your price of €\d+\.\d\d per hour incl\. VAT/);
    await sendQuote();
    page = await proQuoteSection();
    expect(page.querySelector('[data-testid="quote-status"]')?.textContent).toBe("Waiting for the homeowner's answer");
    expect(page.querySelector('[data-testid="quote-total"]')?.textContent).toBe("€133.20");
    expect(page.querySelector('form[aria-label="Send a new quote"]')).not.toBeNull();
  });
});

describe("cancelling an accepted job on /pro", () => {
  async function withdrawPart(): Promise<Document> {
    const card = findElement(await ProDashboard({ view: await getProPageOrThrow(nina), query: {} }), "OfferCard")!;
    return rendered((card.type as (props: object) => ReactNode)(card.props), "WithdrawJobForm");
  }

  it("says what cancelling does before its button, inside a disclosure that needs no JavaScript, in both languages", async () => {
    let page = await withdrawPart();
    const details = page.querySelector('details[data-testid="withdraw-job"]')!;
    expect(details.querySelector("summary")?.textContent).toBe("Cancel this job…");
    expect(details.textContent).toContain("they get everything they paid back");
    expect(details.textContent).toContain("It counts in your reliability");
    const posted = details.querySelector('form[aria-label="Cancel this job"]')!;
    const offer = await (await getDb()).offer.findFirstOrThrow({ where: { requestId, status: "accepted" } });
    expect(posted.querySelector('[name="offer_id"]')?.getAttribute("value")).toBe(offer.id);
    expect(posted.querySelector('button[type="submit"]')?.textContent).toBe("Yes, cancel this job");
    pageLocale.value = "nl";
    page = await withdrawPart();
    expect(page.querySelector("summary")?.textContent).toBe("Deze klus annuleren…");
    expect(page.body.textContent).toContain("Het telt mee voor je betrouwbaarheid");
  });
});

describe("the quote on the order page", () => {
  it("shows the lines, VAT per rate, total and validity with Accept and Decline, then the accepted state with only the Pay button", async () => {
    await sendQuote();
    let page = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "en") }), "QuoteCard");
    const text = page.body.textContent!;
    expect(text).toContain("VAT 9% over €100.00");
    expect(text).toContain("VAT 21% over €20.00");
    expect(text).toContain("Valid until");
    expect(page.querySelector('[data-testid="quote-total"]')?.textContent).toBe("€133.20");
    expect(page.querySelector('form[aria-label="Accept the quote"] button')?.textContent).toBe("Accept the quote of €133.20");
    expect(page.querySelector('form[aria-label="Decline the quote"] button')?.textContent).toBe("Decline");
    const quote = (await listCurrentQuotes([requestId])).get(requestId)!;
    await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
    page = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "en") }), "QuoteCard");
    expect(page.querySelector('[data-testid="quote-status"]')?.textContent).toBe("You accepted this quote.");
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Accepted — pay to confirm the job");
    // Only the Pay button is left: Accept and Decline are gone.
    expect([...page.querySelectorAll("form")].map((form) => form.getAttribute("aria-label"))).toEqual(["Pay the quote"]);
    expect(page.querySelector('form[aria-label="Pay the quote"] button')?.textContent).toBe("Pay €133.20 with iDEAL");
  });

  it("reads in Dutch on a Dutch page, with money written the Dutch way", async () => {
    await sendQuote();
    pageLocale.value = "nl";
    const page = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "nl") }), "QuoteCard");
    expect(page.querySelector("h2")?.textContent).toBe("Offerte");
    expect(page.querySelector('[data-testid="quote-total"]')?.textContent).toBe("€\u00a0133,20");
    expect(page.body.textContent).toContain("Totaal incl. btw");
    expect(page.querySelector('[data-testid="quote-status"]')?.textContent).toBe("Wacht op je antwoord");
  });
});

describe("the payment on the order page", () => {
  let payments: TestPayments;
  beforeAll(async () => {
    payments = await startTestPayments();
  });
  afterAll(async () => {
    await payments.close();
  });
  beforeEach(() => payments.reset());

  const paymentPart = async (locale: "en" | "nl" = "en") => {
    pageLocale.value = locale;
    const card = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, locale) }), "QuoteCard");
    const part = card.querySelector('[data-testid="payment"]');
    expect(part).not.toBeNull();
    return new JSDOM(`<!DOCTYPE html><body>${part!.outerHTML}</body>`).window.document;
  };
  const formsOf = (page: Document) => [...page.querySelectorAll("form")].map((form) => form.querySelector("button")?.textContent);

  it("shows the payment in progress, then not gone through (asking the provider, the webhook lost) with Pay again, then paid and held", async () => {
    await sendQuote();
    const quote = (await listCurrentQuotes([requestId])).get(requestId)!;
    const accepted = await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
    const first = (await checkoutOf(accepted, "en"))!;
    let page = await paymentPart();
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Payment in progress");
    expect(page.querySelector(`a[href="${first}"]`)?.textContent).toBe("Continue to the payment");
    expect(formsOf(page)).toEqual([]);

    payments.standIn.controls.webhooks = "never";
    await payAtCheckout(first, "failed");
    page = await paymentPart();
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("The payment did not go through");
    expect(formsOf(page)).toEqual(["Pay again"]);

    const second = (await checkoutOf(accepted, "en"))!;
    await payAtCheckout(second, "paid");
    page = await paymentPart();
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Paid, held until the job is done");
    expect(page.body.textContent).toContain("€133.20");
    expect(formsOf(page)).toEqual([]);
    expect(page.querySelector("a")).toBeNull();

    page = await paymentPart("nl");
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Betaald, vastgehouden tot de klus klaar is");
    expect(page.body.textContent).toContain("€\u00a0133,20");
  });

  it("names what cancelling gives back on the Cancel button, beside the rules, and the refund once cancelled, in both languages", async () => {
    await sendQuote();
    const quote = (await listCurrentQuotes([requestId])).get(requestId)!;
    const accepted = await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en");
    await payAtCheckout((await checkoutOf(accepted, "en"))!, "paid");
    const order = async (locale: "en" | "nl", part: string) => {
      pageLocale.value = locale;
      return rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, locale) }), part);
    };
    let page = await order("en", "CancelForm");
    expect(page.querySelector("button")?.textContent).toBe("Cancel — you get €133.20 back");
    expect(page.querySelector<HTMLInputElement>('input[name="refund_cents"]')?.value).toBe("13320");
    expect(page.querySelector<HTMLInputElement>('input[name="fee_cents"]')?.value).toBe("0");
    expect((await order("nl", "CancelForm")).querySelector("button")?.textContent).toBe("Annuleren — je krijgt €\u00a0133,20 terug");
    const { cancelRequest } = await import("@/lib/requests/workflow");
    await cancelRequest({ id: owner.id, email: owner.email }, requestId, "accepted");
    page = await order("en", "CancelledMoney");
    expect(page.body.textContent).toContain("€133.20 refunded.");
    expect(page.querySelector('a[href$="/cancellation"]')).not.toBeNull();
    expect((await order("nl", "CancelledMoney")).body.textContent).toContain("€\u00a0133,20 terugbetaald.");
  });

  it("shows a lower quote replacing the paid one with what accepting refunds, in the page's language, and then the refund; /pro offers the lower quote's form", async () => {
    await sendQuote();
    const quote = (await listCurrentQuotes([requestId])).get(requestId)!;
    await payAtCheckout((await checkoutOf(await acceptQuote({ id: owner.id, email: owner.email }, quote.id, TEST_BILLING, "en"), "en"))!, "paid");
    let pro = await proQuoteSection();
    expect(pro.body.textContent).toContain("If the work turns out smaller, you may send a lower quote");
    expect(pro.querySelector('form[aria-label="Send a lower quote"]')).not.toBeNull();
    // €80 labour at 9% and the same €20 of paint at 21%: €111.40, €21.80 less than the €133.20 paid.
    actionRequest.headers = new Headers({ cookie: nina.cookie });
    expect(
      await sendQuoteAction(IDLE_STEP, form({ request_id: requestId, labour_amount: "80", labour_vat: "9", material_1_description: "Paint", material_1_amount: "20", material_1_vat: "21", in_page: "1" })),
    ).toMatchObject({ next: "/pro?notice=quote-sent" });
    pro = await proQuoteSection();
    expect(pro.body.textContent).toContain("Your lower quote");

    pageLocale.value = "nl";
    let card = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "nl") }), "QuoteCard");
    const replacement = card.querySelector('[data-testid="replacement"]')!;
    expect(replacement.textContent).toContain("Bas stuurde een nieuwe offerte van €\u00a0111,40 in plaats van de offerte die je betaald hebt, €\u00a0133,20. Accepteer je hem, dan krijg je €\u00a021,80 terug");
    expect([...replacement.querySelectorAll("form")].map((form) => form.getAttribute("aria-label"))).toEqual(["Lagere offerte accepteren", "Lagere offerte weigeren"]);
    expect(replacement.querySelector('form[aria-label="Lagere offerte accepteren"] button')?.textContent).toBe("Accepteer de nieuwe offerte (€\u00a021,80 terug)");
    // The paid quote stands until then, paid.
    expect(card.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Betaald, vastgehouden tot de klus klaar is");

    const lower = (await listCurrentQuotes([requestId])).get(requestId)!.replacement!;
    expect((await acceptQuote({ id: owner.id, email: owner.email }, lower.id, TEST_BILLING, "nl")).refund).toEqual({ amountCents: 2_180, state: "done" });
    card = rendered(await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "nl") }), "QuoteCard");
    expect(card.querySelector('[data-testid="replacement"]')).toBeNull();
    expect(card.querySelector('[data-testid="quote-total"]')?.textContent).toBe("€\u00a0111,40");
    expect(card.querySelector('[data-testid="payment-refunded"]')?.textContent).toBe("€\u00a021,80");
    expect(card.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Betaald, vastgehouden tot de klus klaar is");
  });
});
