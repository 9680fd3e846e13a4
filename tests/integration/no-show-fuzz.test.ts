// Property-based fuzzing of the day of a paid job (lib/requests/no-show.ts) against the payment stand-in: the
// handyman's "On my way", "I'm at the door" and no-show report (with generated photo bytes), the homeowner's
// objection and their report that the handyman did not come, under generated ids, texts and files, posted as
// the homeowner, another homeowner, the handyman, another handyman, an operator and signed out. The
// properties: never an error thrown; each step goes through only for its own side, once; anything refused
// changes nothing; the money never moves while the no-show's window runs. Fixed seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";
import { createSignedInOperator } from "../helpers/ops";
import { paidJob, startTestPayments, type TestPayments } from "../helpers/payments";
import { phoneJpeg } from "../helpers/photos";

const { onMyWayAction, atTheDoorAction, reportNoShowAction, objectNoShowAction, reportHandymanNoShowAction } = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { getPaymentBalance } = await import("@/lib/payments");

const SEED = 20261207;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 40), 200);

let payments: TestPayments;
let owner: TestUser;
let stranger: TestUser;
let operator: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
let offerId: string;
let paymentId: string;
let paid: number;
let jpeg: Buffer;

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  payments = await startTestPayments();
  jpeg = await phoneJpeg();
  owner = await createSignedInUser("fuzz-day-owner@example.test");
  stranger = await createSignedInUser("fuzz-day-stranger@example.test");
  operator = await createSignedInOperator();
  nina = await createSignedInHandyman(18, "fuzz-day-nina@example.test");
  hidde = await createSignedInHandyman(10, "fuzz-day-hidde@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam", date: amsterdamDay(0) };
  ({ requestId, offerId, paymentId, amountCents: paid } = await paidJob(owner, nina, where, { labour: { description: "Fix", amount: "100", vatRate: "21" } }, payments));
}, 60_000);

afterAll(async () => {
  await payments?.close();
});

const { nastyString } = hostileValues(["0", "-1", "00000000-0000-0000-0000-000000000000"]);

type Who = "owner" | "stranger" | "nina" | "hidde" | "operator" | "signed out";
const WHO: readonly Who[] = ["owner", "stranger", "nina", "hidde", "operator", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { owner, stranger, nina, hidde, operator }[who].cookie);

type Answer = { message: string | null; next?: string };

/** The action's answer, or where it redirected (signed out: to sign in); any other thrown error fails the property. */
async function post(run: () => Promise<Answer>): Promise<Answer> {
  let answer: Answer | null = null;
  const to = await redirectOf(run().then((state) => void (answer = state)));
  return to ? { message: `redirected to ${to}` } : answer!;
}

const photoBytes = fc.oneof(
  fc.constant<"jpeg" | "none">("jpeg"),
  fc.constant<"jpeg" | "none">("none"),
  fc.uint8Array({ maxLength: 2_000 }),
  nastyString.map((text) => new TextEncoder().encode(text)),
);

function dayForm(id: string, photo: "jpeg" | "none" | Uint8Array): FormData {
  const posted = postedForm({ offer_id: id, in_page: "1" });
  if (photo !== "none") posted.append("photos", new File([new Uint8Array(photo === "jpeg" ? jpeg : photo)], "door.jpg", { type: "image/jpeg" }));
  return posted;
}

describe("the day of a paid job under generated input", () => {
  it("only Nina says on my way and at the door, once each; a no-show is never taken before her 20 minutes; anything else changes nothing", async () => {
    const said = { "on-my-way": 0, "at-the-door": 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        fc.constantFrom(onMyWayAction, atTheDoorAction, reportNoShowAction),
        fc.oneof({ arbitrary: fc.constant("offer"), weight: 3 }, fc.uuid(), nastyString),
        photoBytes,
        async (who, action, id, photo) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const answer = await post(() => action(IDLE_STEP, dayForm(id === "offer" ? offerId : id, photo)));
          const notice = answer.next?.match(/notice=([a-z-]+)/)?.[1];
          if (notice === "on-my-way" || notice === "at-the-door") {
            expect(who).toBe("nina");
            expect(id).toBe("offer");
            said[notice] += 1;
            return;
          }
          expect(notice).toBeUndefined();
          expect(answer.message).toBeTruthy();
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(said["on-my-way"]).toBeLessThanOrEqual(1);
    expect(said["at-the-door"]).toBeLessThanOrEqual(1);
    sendCookie(nina.cookie);
    if (said["at-the-door"] === 0) expect(await atTheDoorAction(IDLE_STEP, dayForm(offerId, "none"))).toMatchObject({ next: "/pro?notice=at-the-door" });
    expect(await (await getDb()).noShow.count()).toBe(0);
  });

  it("20 minutes later only Nina's report with a photo the pipeline takes goes through, once; the money stays held", async () => {
    const db = await getDb();
    await db.jobArrival.update({ where: { offerId }, data: { atDoorAt: new Date(Date.now() - 21 * 60_000) } });
    let reported = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), fc.oneof({ arbitrary: fc.constant("offer"), weight: 3 }, fc.uuid(), nastyString), photoBytes, async (who, id, photo) => {
        sendCookie(cookieOf(who));
        const before = await tablesFingerprint();
        const answer = await post(() => reportNoShowAction(IDLE_STEP, dayForm(id === "offer" ? offerId : id, photo)));
        if (answer.next?.includes("notice=no-show-reported")) {
          expect(who).toBe("nina");
          expect(id).toBe("offer");
          reported += 1;
          return;
        }
        expect(answer.message).toBeTruthy();
        // A refused photo may have taken one of the account's hour (the photo pipeline's allowance), nothing else.
        if (photo === "none" || who !== "nina") expect(await tablesFingerprint()).toBe(before);
        expect(await db.noShow.count()).toBe(reported);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(reported).toBeLessThanOrEqual(1);
    sendCookie(nina.cookie);
    if (reported === 0) expect(await reportNoShowAction(IDLE_STEP, dayForm(offerId, "jpeg"))).toMatchObject({ next: "/pro?notice=no-show-reported" });
    expect(await db.noShow.count()).toBe(1);
    expect((await getPaymentBalance(paymentId)).held).toBe(paid);
  });

  it("only the homeowner objects, once, with words; nobody can report that Nina did not come; the money stays held", async () => {
    const db = await getDb();
    let objected = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        fc.constantFrom(objectNoShowAction, reportHandymanNoShowAction),
        fc.oneof({ arbitrary: fc.constant("request"), weight: 3 }, fc.uuid(), nastyString),
        fc.oneof({ arbitrary: fc.constant("I was at home all morning; nobody rang."), weight: 2 }, nastyString, fc.string({ maxLength: 3000 })),
        async (who, action, id, text) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          const answer = await post(() => action(IDLE_STEP, postedForm({ request_id: id === "request" ? requestId : id, text, in_page: "1" })));
          if (answer.next?.includes("notice=no-show-objected")) {
            expect(who).toBe("owner");
            expect(id).toBe("request");
            objected += 1;
            return;
          }
          expect(answer.next).toBeUndefined();
          expect(answer.message).toBeTruthy();
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(objected).toBeLessThanOrEqual(1);
    expect(await db.dispute.count()).toBe(objected);
    expect((await getPaymentBalance(paymentId)).held).toBe(paid);
    expect(await db.paymentTransfer.count({ where: { paymentId, kind: "refund" } })).toBe(0);
  });
});
