// Property-based fuzzing of the notification handlers (issue 35): POST and DELETE /api/push/subscriptions,
// PUT /api/account/notifications and the /account choices' form. The property (tests/helpers/fuzz.ts):
// never a 5xx, the error shape on every refusal, and a refusal leaves the database exactly as it was.
// Fixed seed and bounded runs, as in api-fuzz.test.ts.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie } from "../helpers/server-action";
import * as subscriptionsRoute from "../../app/api/push/subscriptions/route";
import * as preferencesRoute from "../../app/api/account/notifications/route";
import { resetDatabase, tablesFingerprint } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, hostileValues } from "../helpers/fuzz";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";
import { preferencesFromForm } from "../../lib/notifications/form";
import { getDb } from "../helpers/db";

const { saveNotificationChoicesAction } = await import("@/lib/notifications/actions");

const SEED = 20261129;
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let person: TestUser;

beforeAll(async () => {
  await resetDatabase();
  person = await createSignedInUser("fuzz-push@example.test");
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
}, 60_000);

const { nastyString, anyValue } = hostileValues(["https://10.0.0.1/push", "http://127.0.0.1:1/push", "https://fcm.googleapis.com/fcm/send/x", "offer", "newsletter"]);
const base64url = fc.uint8Array({ minLength: 0, maxLength: 80 }).map((bytes) => Buffer.from(bytes).toString("base64url"));
const key = fc.oneof(base64url, nastyString, fc.constant(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString("base64url")));
const endpoint = fc.oneof(nastyString, fc.webUrl(), fc.constantFrom("https://[::1]/x", "https://169.254.169.254/", "https://localhost/x", "ftp://push.example.com/x"));
const subscription = fc.oneof(
  anyValue,
  fc.record({ endpoint, keys: fc.oneof(anyValue, fc.record({ p256dh: key, auth: key })) }),
  fc.record({ endpoint: anyValue, expirationTime: anyValue, keys: fc.record({ p256dh: key, auth: key }) }),
);
const cookie = fc.constantFrom<string | undefined>(undefined, GARBAGE_COOKIE, "person");
const withCookie = (choice: string | undefined) => (choice === "person" ? person.cookie : choice);
const rawOrJson = (value: fc.Arbitrary<unknown>) => fc.oneof(value, nastyString.map((text) => ({ raw: text })));
const bodyOf = (value: unknown) => (value && typeof value === "object" && "raw" in value ? (value as { raw: string }).raw : value);

describe("the notification handlers under generated input", () => {
  it("POST /api/push/subscriptions: never a 5xx, and a refusal stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(cookie, rawOrJson(subscription), async (who, body) => {
        await checkProperty(() => call(subscriptionsRoute.POST, apiRequest("POST", "/api/push/subscriptions", { cookie: withCookie(who), body: bodyOf(body) })));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("DELETE /api/push/subscriptions: never a 5xx, and a refusal removes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(cookie, rawOrJson(fc.oneof(anyValue, fc.record({ endpoint: anyValue }))), async (who, body) => {
        await checkProperty(() => call(subscriptionsRoute.DELETE, apiRequest("DELETE", "/api/push/subscriptions", { cookie: withCookie(who), body: bodyOf(body) })));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("PUT /api/account/notifications: never a 5xx, and a refusal stores none of the choices", async () => {
    const choice = fc.record({ kind: fc.oneof(nastyString, fc.constantFrom("offer", "message", "done", "on-my-way")), mail: anyValue, push: anyValue });
    await fc.assert(
      fc.asyncProperty(cookie, rawOrJson(fc.oneof(anyValue, fc.record({ preferences: fc.oneof(anyValue, fc.array(choice, { maxLength: 25 })) }))), async (who, body) => {
        await checkProperty(() => call(preferencesRoute.PUT, apiRequest("PUT", "/api/account/notifications", { cookie: withCookie(who), body: bodyOf(body) })));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the /account choices' form: any posted fields are read without throwing, and only known kinds pass", async () => {
    const before = await tablesFingerprint();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom("kind", "mail", "push", "other"), nastyString), { maxLength: 20 }), async (fields) => {
        const form = new FormData();
        for (const [name, value] of fields) form.append(name, value);
        const parsed = preferencesFromForm(form);
        if (parsed.success) for (const { kind } of parsed.data.preferences) expect(["offer", "message", "quote-paid", "money-released", "accepted", "quote-received", "on-my-way", "done"]).toContain(kind);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await tablesFingerprint()).toBe(before);
  });
});

describe("the /account choices' form, posted without JavaScript", () => {
  const posted = (fields: [string, string][]) => {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return form;
  };

  it("stores the boxes ticked for each kind shown and leads back to the choices with a notice", async () => {
    sendCookie(person.cookie);
    const form = posted([["kind", "accepted"], ["kind", "done"], ["mail", "done"], ["push", "accepted"]]);
    expect(await redirectOf(saveNotificationChoicesAction(form))).toBe("/account?notice=notifications-saved#notifications");
    const stored = await (await getDb()).notificationPreference.findMany({ where: { userId: person.id }, orderBy: { kind: "asc" }, select: { kind: true, mail: true, push: true } });
    expect(stored).toEqual([
      { kind: "accepted", mail: false, push: true },
      { kind: "done", mail: true, push: false },
    ]);
  });

  it("refuses a form naming a kind that does not exist, storing none of its choices", async () => {
    sendCookie(person.cookie);
    const before = await tablesFingerprint();
    expect(await redirectOf(saveNotificationChoicesAction(posted([["kind", "offer"], ["mail", "newsletter"]])))).toBe("/account?notice=notifications-refused#notifications");
    expect(await tablesFingerprint()).toBe(before);
  });
});
