// A forgotten password, end to end against a real database and a real SMTP server: the forgot-password
// form answers every address alike, the mailed link opens the new-password form once and for 30
// minutes, the new password signs this browser in and ends every other session, and a notice follows.
// Every dead link (expired, used, forged, truncated) and every refused password changes nothing; an
// SMTP server that is down delays the mail but loses nothing and leaves nothing half-changed.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";
import { actionRequest, form, redirectOf } from "../helpers/server-action";
import { getDb, snapshotTables } from "../helpers/db";
import { apiRequest, createUserWithPassword } from "../helpers/session";
import { linkIn, withMailWorker, waitForMailTo } from "../helpers/smtp";

const { forgotPasswordAction, resetPasswordAction } = await import("@/lib/auth/actions");
const { signInAction } = await import("@/lib/auth/actions");
const { EMPTY_ACCOUNT_FORM, EMPTY_AUTH_FORM } = await import("@/lib/forms/state");
const { errors: authErrors } = (await import("../../messages/en/auth.json")).default;
const { deadResetLink: DEAD_RESET_LINK, resetLinkSent: RESET_LINK_SENT, wrongCredentials: WRONG_CREDENTIALS_MESSAGE } = authErrors;
const { isResetLinkLive, RESET_VALID_MINUTES } = await import("@/lib/auth/passwords");
const { env } = await import("@/lib/env");
const { getUserFromRequest } = await import("@/lib/auth/current-user");

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";
const OLD_PASSWORD = "Quiet-harbour-lantern-42";
const NEW_PASSWORD = "Copper-kettle-morning-77";

const mail = withMailWorker();
let addressCounter = 0;

beforeEach(async () => {
  actionRequest.jar.clear();
  // Each test asks from its own client address, so the per-address limit of one never reaches another.
  addressCounter += 1;
  actionRequest.headers = new Headers({ "x-forwarded-for": `10.20.${addressCounter}.1` });
  vi.spyOn(console, "info").mockImplementation(() => {});
});

async function askForLink(email: string) {
  return forgotPasswordAction(EMPTY_ACCOUNT_FORM, form({ email }));
}

/** Asks for a reset link for `email` and follows the link in the mail that arrives. */
async function mailedResetToken(email: string): Promise<string> {
  mail.smtp.received.length = 0;
  expect((await askForLink(email)).notice).toBe(RESET_LINK_SENT);
  const link = linkIn(await waitForMailTo(mail.smtp, email, /Reset your Fixwell password/), "/reset-password");
  return link.searchParams.get("token")!;
}

async function signInOutcome(email: string, password: string) {
  actionRequest.jar.clear();
  return redirectOf(signInAction(EMPTY_AUTH_FORM, form({ email, password })));
}

describe("forgot password → mailed link → new password", () => {
  it("signs this browser in, ends every other session, retires the old password and mails a notice", async () => {
    const owner = await createUserWithPassword("ada@example.test", OLD_PASSWORD);
    const token = await mailedResetToken("ada@example.test");
    expect(RESET_LINK_SENT).toContain(`${RESET_VALID_MINUTES} minutes`);
    expect(await isResetLinkLive(token)).toBe(true);

    const to = await redirectOf(resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: NEW_PASSWORD })));
    expect(to).toBe("/account?notice=password-reset");
    const cookie = actionRequest.jar.get("next-auth.session-token");
    expect((await decode({ token: cookie!.value, secret: env().NEXTAUTH_SECRET }))?.sub).toBe(owner.id);

    const stored = await (await getDb()).user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(await getUserFromRequest(apiRequest("GET", "/api/account/export", { cookie: owner.cookie })), "a cookie issued before the reset signs nobody in").toBeNull();
    expect(stored.emailVerifiedAt, "the link proved the address").not.toBeNull();
    expect(await isResetLinkLive(token)).toBe(false);

    expect(await signInOutcome("ada@example.test", NEW_PASSWORD)).toBe("/inputs");
    const refused = await signInAction(EMPTY_AUTH_FORM, form({ email: "ada@example.test", password: OLD_PASSWORD }));
    expect(refused.message).toBe(WRONG_CREDENTIALS_MESSAGE);

    const notice = await waitForMailTo(mail.smtp, "ada@example.test", /password was changed/);
    expect(notice.parsed.text).toContain("every other device was signed out");
  });

  it("the in-page form is redirected too (this signed-out page would otherwise send the browser to /inputs), and no refusal holds the password or the token", async () => {
    await createUserWithPassword("ben@example.test", OLD_PASSWORD);
    const token = await mailedResetToken("ben@example.test");
    const refused = await resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: "short", in_page: "1" }));
    expect(JSON.stringify(refused)).not.toContain(token);
    expect(await redirectOf(resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: NEW_PASSWORD, in_page: "1" })))).toBe("/account?notice=password-reset");
  });

  it("answers an address without an account with the same words, and stores and mails nothing", async () => {
    await createUserWithPassword("known@example.test", OLD_PASSWORD);
    const before = await snapshotTables();
    const unknown = await askForLink("nobody@example.test");
    expect(await snapshotTables()).toBe(before);
    const known = await askForLink("known@example.test");
    expect(unknown).toEqual({ ...known, email: "nobody@example.test" });
    await waitForMailTo(mail.smtp, "known@example.test", /Reset/);
    expect(mail.smtp.received.filter((mail) => mail.envelopeTo.includes("nobody@example.test"))).toHaveLength(0);
  });

  it("keeps the typed address and names a malformed one by its field, changing nothing", async () => {
    const before = await snapshotTables();
    const state = await askForLink("not-an-address");
    expect(state.fieldErrors.email).toMatch(/needs an @/);
    expect(state.email).toBe("not-an-address");
    expect(state.notice).toBeUndefined();
    expect(await snapshotTables()).toBe(before);
  });

  it("a newer link replaces the older one: only the newest works", async () => {
    await createUserWithPassword("cor@example.test", OLD_PASSWORD);
    const first = await mailedResetToken("cor@example.test");
    const second = await mailedResetToken("cor@example.test");
    expect(await isResetLinkLive(first)).toBe(false);
    expect(await isResetLinkLive(second)).toBe(true);
  });
});

describe("links that no longer work, and passwords the policy refuses", () => {
  const deadLinks: [string, (token: string) => Promise<string>][] = [
    [
      "expired (past its 30 minutes)",
      async (token) => {
        await (await getDb()).accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
        return token;
      },
    ],
    [
      "used already",
      async (token) => {
        expect(await redirectOf(resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: "Another-fine-phrase-19" })))).not.toBeNull();
        actionRequest.jar.clear();
        return token;
      },
    ],
    ["forged (well-formed, never issued)", async () => "A".repeat(43)],
    ["truncated (the last character cut off)", async (token) => token.slice(0, -1)],
    ["one character changed", async (token) => (token[0] === "a" ? "b" : "a") + token.slice(1)],
    ["empty", async () => ""],
    ["padded with a character more", async (token) => `${token}x`],
  ];

  it.each(deadLinks)("%s: the page offers a new link, the post says the link no longer works, nothing changes", async (_what, spoil) => {
    // A new address each time: one address gets at most 5 links an hour.
    const email = `dora-${addressCounter}@example.test`;
    await createUserWithPassword(email, OLD_PASSWORD);
    const token = await spoil(await mailedResetToken(email));
    expect(await isResetLinkLive(token)).toBe(false);
    const before = await snapshotTables();
    const state = await resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: NEW_PASSWORD }));
    expect(state.message).toBe(DEAD_RESET_LINK);
    expect(actionRequest.jar.size).toBe(0);
    expect(await snapshotTables()).toBe(before);
    expect(await signInOutcome(email, NEW_PASSWORD)).toBeNull();
  });

  it.each([
    ["too short", "short", /at least 8 characters/],
    ["one of the most common", "Password1", /one of the most common/],
    ["longer than 128 characters", "x".repeat(129), /at most 128 characters/],
  ])("a new password %s is refused by its field; the link keeps working and nothing changes", async (_what, password, message) => {
    const email = `eva-${addressCounter}@example.test`;
    await createUserWithPassword(email, OLD_PASSWORD);
    const token = await mailedResetToken(email);
    const before = await snapshotTables();
    const state = await resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password }));
    expect(state.fieldErrors.password).toMatch(message);
    expect(JSON.stringify(state)).not.toContain(password);
    expect(await snapshotTables()).toBe(before);
    expect(await isResetLinkLive(token)).toBe(true);
  });
});

describe("limits", () => {
  it("mails at most 5 links an hour to one address, answering the same after that, so the newest link keeps working", async () => {
    await createUserWithPassword("fenna@example.test", OLD_PASSWORD);
    for (let i = 0; i < 5; i += 1) {
      actionRequest.headers.set("x-forwarded-for", `10.21.${addressCounter}.${i}`);
      expect((await askForLink("fenna@example.test")).notice).toBe(RESET_LINK_SENT);
    }
    const db = await getDb();
    const newest = await db.accountToken.findFirstOrThrow({ where: { usedAt: null } });
    actionRequest.headers.set("x-forwarded-for", `10.21.${addressCounter}.99`);
    expect((await askForLink("fenna@example.test")).notice).toBe(RESET_LINK_SENT);
    expect(await db.outboxMessage.count({ where: { recipient: "fenna@example.test" } })).toBe(5);
    expect((await db.accountToken.findFirstOrThrow({ where: { usedAt: null } })).id).toBe(newest.id);
  });

  it("refuses the 21st request of an hour from one client address with a message to wait, whatever the address asked for", async () => {
    for (let i = 0; i < 20; i += 1) expect((await askForLink(`someone-${i}@example.test`)).notice).toBe(RESET_LINK_SENT);
    const state = await askForLink("someone-else@example.test");
    expect(state.message).toMatch(/Too many reset links .* Please wait \d+ minutes?/);
    expect(state.notice).toBeUndefined();
  });
});

describe("when the SMTP server is down", () => {
  it("the reset link waits in the outbox and arrives once the server is back", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await createUserWithPassword("gijs@example.test", OLD_PASSWORD);
    await mail.smtp.stop();
    expect((await askForLink("gijs@example.test")).notice).toBe(RESET_LINK_SENT);
    const db = await getDb();
    await vi.waitFor(async () => expect((await db.outboxMessage.findFirstOrThrow({ where: { recipient: "gijs@example.test" } })).attempts).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const waiting = await db.outboxMessage.findFirstOrThrow({ where: { recipient: "gijs@example.test" } });
    expect(waiting.sentAt).toBeNull();
    expect(waiting.failedAt).toBeNull();
    await mail.smtp.start();
    const link = linkIn(await waitForMailTo(mail.smtp, "gijs@example.test", /Reset/), "/reset-password");
    expect(await isResetLinkLive(link.searchParams.get("token"))).toBe(true);
  });

  it("a reset made meanwhile is complete at once (password, sessions, notice queued) and its notice arrives later", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const owner = await createUserWithPassword("hanna@example.test", OLD_PASSWORD);
    const token = await mailedResetToken("hanna@example.test");
    await mail.smtp.stop();
    expect(await redirectOf(resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token, password: NEW_PASSWORD })))).toBe("/account?notice=password-reset");
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).sessionVersion).toBe(1);
    const notice = await db.outboxMessage.findFirstOrThrow({ where: { recipient: "hanna@example.test", subject: { contains: "was changed" } } });
    expect(notice.sentAt).toBeNull();
    expect(await signInOutcome("hanna@example.test", NEW_PASSWORD)).toBe("/inputs");
    await mail.smtp.start();
    await waitForMailTo(mail.smtp, "hanna@example.test", /password was changed/);
  });
});
