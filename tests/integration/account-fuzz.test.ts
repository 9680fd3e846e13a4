// Property-based fuzzing of the account's forms and download: generated emails, passwords, tokens and
// cookies. The property: nothing ever throws (a server action that throws is an error page), a refusal
// answers with a message for the form and leaves the database exactly as it was, and the download is
// never a 5xx and is given only to its owner. Fixed seed and bounded runs, as in api-fuzz.test.ts.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { actionRequest, form, sendCookie } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { apiRequest, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";

const { forgotPasswordAction, resetPasswordAction } = await import("@/lib/auth/actions");
const { changePasswordAction, deleteAccountAction } = await import("@/lib/account/actions");
const { EMPTY_ACCOUNT_FORM } = await import("@/lib/forms/state");
const { verifyEmailAddress } = await import("@/lib/auth/account-tokens");
const exportRoute = await import("@/app/api/account/export/route");

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const PASSWORD = "Quiet-harbour-lantern-42";

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  await resetDatabase();
  owner = await createUserWithPassword("fuzz-owner@example.test", PASSWORD);
  stranger = await createUserWithPassword("fuzz-stranger@example.test", PASSWORD);
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
}, 60_000);

const nastyString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", " ", "null", "' OR 1=1 --", "%00", "\u0000", "😀", "a".repeat(300), "\ud800", "../../etc/passwd", "fuzz-owner@example.test", "FUZZ-OWNER@example.test "),
);
const token = fc.oneof(nastyString, fc.base64String({ minLength: 40, maxLength: 48 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/));
const password = fc.oneof(nastyString, fc.constant(PASSWORD), fc.string({ minLength: 8, maxLength: 130 }));

/** Runs an action; it must answer (never throw), and the database may change only when `changed(state)` allows it. */
async function checkAction<S extends { fieldErrors: object; message: string | null }>(run: () => Promise<S>, mayChange: (state: S) => boolean) {
  const before = await tablesFingerprint();
  const state = await run();
  expect(typeof state.fieldErrors).toBe("object");
  if (!mayChange(state)) expect(await tablesFingerprint()).toBe(before);
  return state;
}

describe("account forms under generated input", () => {
  it("forgot password: always answers, and stores something only for the owner's address", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.emailAddress(), nastyString), async (email) => {
        const state = await checkAction(
          () => forgotPasswordAction(EMPTY_ACCOUNT_FORM, form({ email })),
          (answer) => answer.notice !== undefined && email.trim().toLowerCase() === owner.email,
        );
        expect(state.notice ?? state.message ?? Object.values(state.fieldErrors)[0]).toBeTruthy();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("reset password: any token but a mailed one is refused, and nothing changes", async () => {
    await fc.assert(
      fc.asyncProperty(token, password, async (link, newPassword) => {
        const state = await checkAction(() => resetPasswordAction(EMPTY_ACCOUNT_FORM, form({ token: link, password: newPassword })), () => false);
        expect(state.message ?? state.fieldErrors.password).toBeTruthy();
        expect(actionRequest.jar.size).toBe(0);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("verify email: any token but a mailed one is invalid, and nothing changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(token, fc.constant(undefined), fc.array(fc.string(), { maxLength: 3 })), async (link) => {
        const before = await tablesFingerprint();
        expect(await verifyEmailAddress(link)).toBe("invalid");
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("change password and delete account: without the current password nothing changes, whatever is typed", async () => {
    sendCookie(owner.cookie);
    const wrongPassword = password.filter((typed) => typed !== PASSWORD);
    await fc.assert(
      fc.asyncProperty(wrongPassword, password, fc.boolean(), async (current, next, deleting) => {
        const run = deleting
          ? () => deleteAccountAction(EMPTY_ACCOUNT_FORM, form({ password: current }))
          : () => changePasswordAction(EMPTY_ACCOUNT_FORM, form({ currentPassword: current, newPassword: next }));
        const state = await checkAction(run, () => false);
        expect(state.message ?? Object.values(state.fieldErrors)[0]).toBeTruthy();
      }),
      { seed: SEED, numRuns: Math.min(RUNS, 300) },
    );
    expect(await (await getDb()).user.count()).toBe(2);
  });
});

describe("GET /api/account/export under generated cookies", () => {
  it("never fails with a 5xx, changes nothing, and gives each account only its own data", async () => {
    const cookies = fc.oneof(
      fc.constantFrom(owner.cookie, stranger.cookie, "next-auth.session-token=not.a.jwt", ""),
      // A header carries bytes: text that is not well-formed Unicode cannot be sent (nor URI-encoded).
      nastyString.filter((value) => value.isWellFormed()).map((value) => `next-auth.session-token=${encodeURIComponent(value)}`),
    );
    await fc.assert(
      fc.asyncProperty(cookies, async (cookie) => {
        const before = await tablesFingerprint();
        const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: cookie || undefined }), routeContext());
        expect(response.status).toBeLessThan(500);
        expect(await tablesFingerprint()).toBe(before);
        if (response.status === 200) {
          const data = (await response.json()) as { account: { email: string } };
          expect(data.account.email).toBe(cookie === owner.cookie ? owner.email : stranger.email);
        } else {
          expect(response.status).toBe(401);
        }
      }),
      { seed: SEED, numRuns: Math.min(RUNS, 300) },
    );
  });
});
