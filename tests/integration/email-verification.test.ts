// Verifying an address, against a real database and a real SMTP server: sign-up mails the link in the
// same transaction that creates the account, the request flow works before the link is followed, the
// link verifies only the address it went to and says so plainly when followed again, and "send again"
// on /account replaces the link a few times an hour at most. The mail's words fit the reader: a homeowner
// is told the handyman they book can reach them, an applicant what the address does for an application,
// a handyman or an operator (who may ask for a link again) what it does for their work.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import { getDb, snapshotTables } from "../helpers/db";
import { linkIn, withMailWorker, waitForMailTo } from "../helpers/smtp";

const { signUpAction } = await import("@/lib/auth/actions");
const { resendVerificationAction } = await import("@/lib/account/actions");
const { createRequestAction } = await import("@/lib/requests/actions");
const { emptyRequestForm } = await import("@/lib/requests/form");
const { EMPTY_AUTH_FORM } = await import("@/lib/forms/state");
const { verifyEmailAddress, followVerificationLink, resendVerificationMail } = await import("@/lib/auth/account-tokens");
const { getTranslator } = await import("@/lib/i18n/translator");
const { applyWithNewAccount } = await import("@/lib/handymen/applications");
const { registerUser } = await import("@/lib/auth/sign-in");

const PASSWORD = "Quiet-harbour-lantern-42";
const VERIFY_SUBJECT = /Confirm your email address/;

const mail = withMailWorker();

beforeEach(async () => {
  actionRequest.jar.clear();
  actionRequest.headers = new Headers();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

/** Signs up through the form, keeps the session for the next actions, and returns the verification link's token. */
async function signUp(email: string): Promise<string> {
  expect(await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email, password: PASSWORD })))).toBe("/inputs");
  sendCookie();
  return linkIn(await waitForMailTo(mail.smtp, email, VERIFY_SUBJECT), "/verify-email").searchParams.get("token")!;
}

/** Waits until the worker has delivered every queued mail, so a snapshot taken now stays still. */
async function outboxDrained(timeoutMs = 20_000): Promise<void> {
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  while ((await db.outboxMessage.count({ where: { sentAt: null, failedAt: null } })) > 0) {
    if (Date.now() > deadline) throw new Error("queued mail was not delivered in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function verifiedAt(email: string) {
  return (await (await getDb()).user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt;
}

describe("the link mailed at sign-up", () => {
  it("does not hold up the request flow, and verifies the address when followed", async () => {
    const token = await signUp("ada@example.test");
    expect(await verifiedAt("ada@example.test")).toBeNull();
    const id = randomUUID();
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const submitted = createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date, details: "" }));
    expect(await redirectOf(submitted)).toBe(`/inputs/criteria/${id}`);

    expect(await verifyEmailAddress(token)).toBe("verified");
    expect(await verifiedAt("ada@example.test")).not.toBeNull();
  });

  it("followed again, says the address is already verified and changes nothing", async () => {
    const token = await signUp("ben@example.test");
    expect(await verifyEmailAddress(token)).toBe("verified");
    const before = await snapshotTables();
    expect(await verifyEmailAddress(token)).toBe("already_verified");
    expect(await snapshotTables()).toBe(before);
  });

  it("verifies only the address it was sent to: after the account's address changed, it verifies nothing", async () => {
    const token = await signUp("cor@example.test");
    const db = await getDb();
    await db.user.update({ where: { email: "cor@example.test" }, data: { email: "cor.new@example.test" } });
    expect(await verifyEmailAddress(token)).toBe("invalid");
    expect(await verifiedAt("cor.new@example.test")).toBeNull();
  });

  it.each<[string, (token: string) => Promise<unknown>]>([
    [
      "expired",
      async (token) => {
        await (await getDb()).accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
        return token;
      },
    ],
    ["forged", async () => "B".repeat(43)],
    ["truncated", async (token) => token.slice(0, 20)],
    ["missing", async () => undefined],
    ["given twice in the address", async (token) => [token, token]],
  ])("a link %s is refused as no longer valid, and nothing changes", async (what, spoil) => {
    const link = await spoil(await signUp(`dora-${what.replace(/\W/g, "")}@example.test`));
    const before = await snapshotTables();
    expect(await verifyEmailAddress(link)).toBe("invalid");
    expect(await snapshotTables()).toBe(before);
  });
});

describe("send again, on /account", () => {
  it("mails a new link that replaces the previous one", async () => {
    const first = await signUp("eva@example.test");
    mail.smtp.received.length = 0;
    const state = await resendVerificationAction();
    expect(state.notice).toMatch(/We sent a new link to eva@example.test/);
    const second = linkIn(await waitForMailTo(mail.smtp, "eva@example.test", VERIFY_SUBJECT), "/verify-email").searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect(await verifyEmailAddress(first)).toBe("invalid");
    expect(await verifyEmailAddress(second)).toBe("verified");
  });

  it("sends nothing once the address is verified", async () => {
    expect(await verifyEmailAddress(await signUp("fenna@example.test"))).toBe("verified");
    const before = await snapshotTables();
    expect((await resendVerificationAction()).notice).toBe("Your email address is already verified.");
    expect(await snapshotTables()).toBe(before);
  });

  it("sends at most 3 links an hour, then asks to wait and sends nothing", async () => {
    await signUp("gijs@example.test");
    for (let i = 0; i < 3; i += 1) expect((await resendVerificationAction()).notice).toMatch(/We sent a new link/);
    await outboxDrained();
    const before = await snapshotTables();
    const refused = await resendVerificationAction();
    expect(refused.message).toMatch(/Please wait \d+ minutes? before asking again/);
    expect(await snapshotTables()).toBe(before);
  });

  it("a signed-out post is sent to the home page and sends nothing", async () => {
    await signUp("hanna@example.test");
    sendCookie(null);
    const before = await snapshotTables();
    expect(await redirectOf(resendVerificationAction())).toBe("/");
    expect(await snapshotTables()).toBe(before);
  });
});

describe("the mail's words fit the reader's role", () => {
  const BOOKING = /handyman you book|vakman die je boekt|\bbook\b|boek/i;

  /** An application through /join's own function (lib/handymen/applications.ts), in `locale`. */
  async function applyAs(email: string, locale: "en" | "nl") {
    await applyWithNewAccount(
      {
        email,
        password: PASSWORD,
        name: "Anna de Vries",
        phone: "+31 6 12345678",
        taskTypes: ["Painting"],
        cities: ["Rotterdam"],
        hourlyPrice: "45",
        kvkNumber: "12345678",
        iban: "NL91ABNA0417164300",
        intro: "",
        insurer: "Centraal Beheer",
        insuredUntil: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
        consent: true,
      },
      { ip: null, locale },
    );
    return waitForMailTo(mail.smtp, email, /Confirm your email address|Bevestig je e-mailadres/);
  }

  it("an applicant (English) is told what the address is for in an application, not about booking a handyman", async () => {
    const received = await applyAs("applicant.en@example.test", "en");
    expect(received.parsed.text).not.toMatch(BOOKING);
    expect(received.parsed.text).toContain("Thanks for applying to work with Fixwell.");
    expect(received.parsed.text).toMatch(/approve an application only once its address is confirmed/);
    expect(received.parsed.text).toMatch(/our decision/);
    expect(received.parsed.text).toMatch(/If you did not apply/);
  });

  it("an applicant (Dutch) is told the same in Dutch", async () => {
    const received = await applyAs("applicant.nl@example.test", "nl");
    expect(received.parsed.subject).toBe("Bevestig je e-mailadres voor Fixwell");
    expect(received.parsed.text).not.toMatch(BOOKING);
    expect(received.parsed.text).toMatch(/keuren een aanmelding pas goed als het adres bevestigd is/);
    expect(received.parsed.text).toMatch(/ons besluit/);
    const html = typeof received.parsed.html === "string" ? received.parsed.html : "";
    expect(html).not.toMatch(BOOKING);
    expect(html).toContain("keuren een aanmelding pas goed");
  });

  it("a homeowner is still told the handyman they book can reach them, in either language", async () => {
    await registerUser({ email: "owner.en@example.test", password: PASSWORD }, { ip: null, locale: "en" });
    await registerUser({ email: "owner.nl@example.test", password: PASSWORD }, { ip: null, locale: "nl" });
    expect((await waitForMailTo(mail.smtp, "owner.en@example.test", VERIFY_SUBJECT)).parsed.text).toContain("so the handyman you book can reach you");
    expect((await waitForMailTo(mail.smtp, "owner.nl@example.test", /Bevestig/)).parsed.text).toContain("zodat de vakman die je boekt je kan bereiken");
  });

  it("'send again' for a handyman or an operator whose address is not verified speaks to their work, not to booking", async () => {
    const db = await getDb();
    const words = { handyman: /the jobs homeowners offer you/, operator: /your work in the console/ } as const;
    for (const role of ["handyman", "operator"] as const) {
      const email = `${role}.unverified@example.test`;
      const user = await db.user.create({ data: { email, passwordHash: "x", role }, select: { id: true } });
      expect(await resendVerificationMail(user.id)).toMatchObject({ kind: "sent" });
      const received = await waitForMailTo(mail.smtp, email, VERIFY_SUBJECT);
      expect(received.parsed.text).not.toMatch(BOOKING);
      expect(received.parsed.text).not.toMatch(/Thanks for signing up/);
      expect(received.parsed.text).toMatch(words[role]);
    }
  });
});

describe("the pages' words fit the reader's role too", () => {
  const BOOKING = /handyman you book|klusjesman die je boekt|vakman die je boekt/i;

  it("following an applicant's link says what the address does for the application, and /account's reminder does too, in both languages", async () => {
    const db = await getDb();
    const email = "applicant.page@example.test";
    await db.user.create({ data: { email, passwordHash: "x", role: "applicant" } });
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    expect(await resendVerificationMail(user.id)).toMatchObject({ kind: "sent" });
    const token = linkIn(await waitForMailTo(mail.smtp, email, VERIFY_SUBJECT), "/verify-email").searchParams.get("token")!;
    expect(await followVerificationLink(token)).toEqual({ outcome: "verified", role: "applicant" });
    expect(await followVerificationLink(token)).toEqual({ outcome: "already_verified", role: "applicant" });
    expect(await followVerificationLink("not-a-token")).toEqual({ outcome: "invalid", role: null });
    for (const locale of ["en", "nl"] as const) {
      const verified = getTranslator(locale, "auth")("verify.verifiedText", { role: "applicant" });
      const reminder = getTranslator(locale, "account")("notYetText", { role: "applicant" });
      for (const text of [verified, reminder]) expect(text, `${locale}: ${text}`).not.toMatch(BOOKING);
      expect(verified).toMatch(locale === "en" ? /application/ : /aanmelding/);
      expect(reminder).toMatch(locale === "en" ? /application/ : /aanmelding/);
      // A homeowner is still told the handyman they book can reach them.
      expect(getTranslator(locale, "auth")("verify.verifiedText", { role: "homeowner" })).toMatch(BOOKING);
      expect(getTranslator(locale, "account")("notYetText", { role: "homeowner" })).toMatch(BOOKING);
    }
  });
});
