// When the homeowner answers the home's age again while a quote waits for their answer, that quote lapses
// (lib/requests/home-age.ts) and its handyman is mailed, in their own language, that it lapsed and why,
// with the way back to /pro to send a new one. Through the outbox, the worker and a real SMTP server.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { getDb } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { linkIn, waitForMailTo, withMailWorker } from "../helpers/smtp";

const steps = await import("@/lib/requests/step-actions");
const { sendQuoteAction } = await import("@/lib/quotes/actions");
const { listCurrentQuotes } = await import("@/lib/quotes/quotes");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const PAINTING = { taskType: "Painting", city: "Rotterdam" } as const;
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};

const mail = withMailWorker();

let owner: TestUser;
let painter: TestHandyman;
let requestId: string;

beforeEach(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  owner = await createSignedInUser("owner@example.test");
});

/** A painting job on a home stated newer than two years, accepted by the cheapest painter (in `locale`). */
async function paintingJob(locale: "en" | "nl") {
  requestId = await submitRequest(owner, { ...PAINTING, homeOlderThanTwoYears: false });
  expect((await chooseCriterion(owner, requestId, "price", PAINTING)).status).toBe(200);
  const offer = await openOfferOf(requestId);
  painter = await createSignedInHandyman(offer.handymanId, "painter@example.test");
  await (await getDb()).user.update({ where: { email: painter.email }, data: { locale } });
  as(painter);
  expect(await steps.acceptOfferAction(IDLE_STEP, form({ offer_id: offer.id }))).toMatchObject({ next: "/pro?notice=accepted" });
}

async function sendQuote() {
  as(painter);
  // Labour €100 at 21% (a newer home), paint €20 at 21%: €145.20.
  expect(await sendQuoteAction(IDLE_STEP, form({ request_id: requestId, labour_amount: "100", material_1_description: "Paint", material_1_amount: "20" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
}

async function answerHomeAge(answer: "yes" | "no") {
  as(owner);
  expect(await steps.stateHomeAgeAction(IDLE_STEP, form({ request_id: requestId, home_older_than_two_years: answer }))).toMatchObject({ next: `/dashboard/orders/${requestId}?notice=home-age-stated` });
}

const LAPSED_EN = /^Your quote for the painting job in Rotterdam has lapsed/;

describe("a quote lapsed because the homeowner changed the home's age", () => {
  it("is mailed to its handyman in English: which quote, the new answer, why, and the link to send a new one", async () => {
    await paintingJob("en");
    await sendQuote();
    await answerHomeAge("yes");
    expect((await listCurrentQuotes([requestId])).get(requestId)?.status).toBe("lapsed");

    const received = await waitForMailTo(mail.smtp, painter.email, /lapsed/);
    expect(received.parsed.subject).toBe("Your quote for the painting job in Rotterdam has lapsed: the home's age changed");
    const text = received.parsed.text ?? "";
    expect(text).toContain('it is now "yes"');
    expect(text).toContain("Your quote of €145.20 for the painting job in Rotterdam followed the old answer, so it has lapsed and can no longer be accepted.");
    expect(text).toContain("9% on a home older than two years, 21% otherwise. Send a new quote");
    expect(linkIn(received, "/pro")).toBeTruthy();
    // The homeowner, who made the change, is not mailed about it.
    expect((await mailTo(owner.email)).map((m) => m.subject).filter((subject) => /lapsed|vervallen/.test(subject))).toEqual([]);
  });

  it("is mailed in Dutch to a handyman whose account is in Dutch, with the link to the Dutch page", async () => {
    await paintingJob("nl");
    await sendQuote();
    await answerHomeAge("yes");

    const received = await waitForMailTo(mail.smtp, painter.email, /vervallen/);
    expect(received.parsed.subject).toBe("Je offerte voor de schilderklus in Rotterdam is vervallen: de leeftijd van de woning is gewijzigd");
    const text = received.parsed.text ?? "";
    expect(text).toContain("het is nu ‘ja’");
    expect(text).toContain("Je offerte van €\u00a0145,20 voor de schilderklus in Rotterdam ging uit van het oude antwoord");
    expect(text).not.toMatch(/lapsed|Send a new quote/);
    expect(linkIn(received, "/nl/pro")).toBeTruthy();
  });

  it("is mailed only when a quote was waiting: an answer changed without a quote, or a lapsed quote answered again, mails nobody", async () => {
    await paintingJob("en");
    // No quote yet: the answer changes, nobody is told.
    await answerHomeAge("yes");
    // A quote at the new answer's rates, lapsed by a change back; then a second change finds none waiting.
    as(painter);
    expect(await sendQuoteAction(IDLE_STEP, form({ request_id: requestId, labour_amount: "100" }))).toMatchObject({ next: "/pro?notice=quote-sent" });
    await answerHomeAge("no");
    await answerHomeAge("yes");
    await waitForMailTo(mail.smtp, painter.email, LAPSED_EN);
    // Every mail queued is sent by now (waitForMailTo waits for the outbox to drain for that address).
    expect((await mailTo(painter.email)).filter((m) => LAPSED_EN.test(m.subject))).toHaveLength(1);
    const lapseMails = mail.smtp.received.filter((m) => m.envelopeTo.includes(painter.email) && LAPSED_EN.test(m.parsed.subject ?? ""));
    expect(lapseMails).toHaveLength(1);
    expect(lapseMails[0]!.parsed.text).toContain('it is now "no"');
    expect(lapseMails[0]!.parsed.text).toContain("Your quote of €109.00");
  });
});
