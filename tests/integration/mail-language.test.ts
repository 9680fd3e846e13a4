// Mail in the reader's language, through the outbox, the worker and a real SMTP server: an account
// signed up in Dutch gets its mail in Dutch (subject, both parts, links to the Dutch pages, dates the
// Dutch way), an English account in English; and the API answers its errors in the language the
// request's Accept-Language prefers, with the same code.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as requestRoute from "../../app/api/requests/[requestId]/route";
import * as acceptRoute from "../../app/api/pro/offers/[offerId]/accept/route";
import * as inputsRoute from "../../app/api/inputs/route";
import { registerUser } from "../../lib/auth/sign-in";
import { formatDate } from "../../lib/format";
import { getDb } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext } from "../helpers/session";
import { linkIn, waitForMailTo, withMailWorker, type ReceivedMail } from "../helpers/smtp";

const PASSWORD = "Quiet-harbour-lantern-42";
const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;

const mail = withMailWorker();

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});

const htmlOf = (received: ReceivedMail) => (typeof received.parsed.html === "string" ? received.parsed.html : "");

async function setLocale(email: string, locale: "en" | "nl") {
  await (await getDb()).user.update({ where: { email }, data: { locale } });
}

describe("the mail an account gets is in the account's language", () => {
  it("signed up in Dutch: the address is confirmed in Dutch, with the link to the Dutch page", async () => {
    await registerUser({ email: "anouk@example.test", password: PASSWORD }, { ip: null, locale: "nl" });
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { email: "anouk@example.test" } })).locale).toBe("nl");

    const received = await waitForMailTo(mail.smtp, "anouk@example.test", /./);
    expect(received.parsed.subject).toBe("Bevestig je e-mailadres voor Fixwell");
    expect(received.parsed.text).toMatch(/^Hallo,\n\nLeuk dat je je hebt aangemeld bij Fixwell\./);
    expect(received.parsed.text).toContain("Het team van Fixwell");
    expect(received.parsed.text).toContain("Amsterdam, Den Haag, Rotterdam");
    expect(received.parsed.text).not.toMatch(/Hello|Confirm my email address/);
    expect(htmlOf(received)).toContain('<html lang="nl">');
    expect(htmlOf(received)).toContain("Mijn e-mailadres bevestigen");
    expect(linkIn(received, "/nl/verify-email").searchParams.get("token")).toMatch(/^[\w-]{20,}$/);
  });

  it("signed up without a language: English, word for word as before", async () => {
    await registerUser({ email: "ada@example.test", password: PASSWORD }, { ip: null });
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { email: "ada@example.test" } })).locale).toBe("en");

    const received = await waitForMailTo(mail.smtp, "ada@example.test", /./);
    expect(received.parsed.subject).toBe("Confirm your email address for Fixwell");
    expect(received.parsed.text).toMatch(/^Hello,\n\nThanks for signing up with Fixwell\./);
    expect(received.parsed.text).toContain("The Fixwell team");
    expect(htmlOf(received)).toContain('<html lang="en">');
    expect(linkIn(received, "/verify-email").searchParams.get("token")).toMatch(/^[\w-]{20,}$/);
  });

  it("a request's mail goes to each side in its own language: a Dutch homeowner, an English handyman", async () => {
    const owner = await createSignedInUser("eigenaar@example.test");
    await setLocale(owner.email, "nl");
    const nina = await createSignedInHandyman(NINA, "nina@example.test");
    const date = amsterdamDay(3);

    const id = await submitRequest(owner, { ...LEAK, date });
    expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
    const offer = await waitForMailTo(mail.smtp, nina.email, /^New request:/);
    expect(offer.parsed.subject).toBe(`New request: pipe leakage job in Rotterdam on ${formatDate(date)}`);
    expect(linkIn(offer, "/pro")).toBeTruthy();

    const { id: offerId } = await openOfferOf(id);
    const accepted = await acceptRoute.POST(apiRequest("POST", `/api/pro/offers/${offerId}/accept`, { cookie: nina.cookie }), routeContext({ offerId }));
    expect(accepted.status).toBe(200);

    const news = await waitForMailTo(mail.smtp, owner.email, /heeft je lekkageklus in Rotterdam aangenomen$/);
    expect(news.parsed.text).toMatch(/^Hallo,\n\nGoed nieuws: .+ heeft je lekkageklus in Rotterdam op \d{1,2} [a-z]+ \d{4} aangenomen\./);
    expect(news.parsed.text).toContain(formatDate(date, "nl"));
    expect(linkIn(news, `/nl/dashboard/orders/${id}`)).toBeTruthy();
    expect(htmlOf(news)).toContain('<html lang="nl">');
  });

  it("a Dutch handyman hears of an offer in Dutch, with the Dutch date and the Dutch page", async () => {
    const owner = await createSignedInUser("owner@example.test");
    const nina = await createSignedInHandyman(NINA, "nina.nl@example.test");
    await setLocale(nina.email, "nl");
    const date = amsterdamDay(4);

    const id = await submitRequest(owner, { ...LEAK, date });
    expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
    const offer = await waitForMailTo(mail.smtp, nina.email, /^Nieuwe aanvraag:/);
    expect(offer.parsed.subject).toBe(`Nieuwe aanvraag: lekkageklus in Rotterdam op ${formatDate(date, "nl")}`);
    expect(offer.parsed.text).toContain("zoekt een loodgieter");
    expect(linkIn(offer, "/nl/pro")).toBeTruthy();
  });
});

describe("API errors in the request's language", () => {
  const unknownId = "00000000-0000-4000-8000-000000000000";

  async function getRequest(cookie: string | undefined, headers: Record<string, string> = {}) {
    const response = await requestRoute.GET(apiRequest("GET", `/api/requests/${unknownId}`, { cookie, headers }), routeContext({ requestId: unknownId }));
    return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
  }

  it("answers in Dutch to Accept-Language: nl-NL,nl;q=0.9, and in English without it, with the same code", async () => {
    const owner = await createSignedInUser("vraag@example.test");
    expect(await getRequest(owner.cookie, { "accept-language": "nl-NL,nl;q=0.9" })).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Die aanvraag is niet gevonden." } },
    });
    expect(await getRequest(owner.cookie)).toEqual({ status: 404, body: { error: { code: "not_found", message: "That request was not found." } } });
    expect(await getRequest(owner.cookie, { "accept-language": "fr-FR,de;q=0.8" })).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "That request was not found." } },
    });
  });

  it("names each bad field in the request's language, the English answer unchanged, and stores nothing", async () => {
    const owner = await createSignedInUser("velden@example.test");
    const body = { input_id: "00000000-0000-4000-8000-000000000001", user_email: owner.email, task_type: "", city: "", details: "", date: "", criteria: "" };
    const post = async (headers: Record<string, string>) => {
      const response = await inputsRoute.POST(apiRequest("POST", "/api/inputs", { cookie: owner.cookie, body, headers }), routeContext());
      return { status: response.status, body: (await response.json()) as { error: { code: string; message: string; issues: { path: string; message: string }[] } } };
    };
    const dutch = await post({ "accept-language": "nl-NL,nl;q=0.9" });
    const english = await post({});
    expect(dutch.status).toBe(400);
    expect(english.status).toBe(400);
    expect(dutch.body.error.code).toBe(english.body.error.code);
    const messageOf = (answer: typeof dutch, path: string) => answer.body.error.issues.find((issue) => issue.path === path)?.message;
    expect(messageOf(english, "task_type")).toBe("Choose a task type.");
    expect(messageOf(dutch, "task_type")).toBe("Kies het soort klus.");
    expect(messageOf(dutch, "city")).toBe("Kies een stad.");
    expect(dutch.body.error.issues.map((issue) => issue.path)).toEqual(english.body.error.issues.map((issue) => issue.path));
    expect(await (await getDb()).repairRequest.count()).toBe(0);
  });

  it("asks a visitor who is not signed in to sign in, in their language", async () => {
    expect(await getRequest(undefined, { "accept-language": "nl-NL,nl;q=0.9" })).toEqual({
      status: 401,
      body: { error: { code: "unauthorized", message: "Log in om verder te gaan." } },
    });
    expect(await getRequest(undefined, { "accept-language": "en-GB,nl;q=0.5" })).toEqual({
      status: 401,
      body: { error: { code: "unauthorized", message: "Please sign in to continue." } },
    });
  });
});
