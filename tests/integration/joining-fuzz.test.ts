// Property-based fuzzing of joining: the application form's server action with generated fields (signed
// out, as a homeowner, as an applicant), the console's approve / reject / show-IBAN actions with generated
// ids and reasons, and the console's application pages with generated query strings and ids. The
// property: never an error thrown (a refusal is the form's answer, an unknown id the console's 404), never
// the password in an answer, and a refusal changes nothing. Fixed seed, bounded runs.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, createSignedInUser, sessionCookieFor, type TestUser } from "../helpers/session";

const { applyAction, approveApplicationAction, rejectApplicationAction, showIbanAction } = await import("@/lib/handymen/applications-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { default: ApplicationsPage } = await import("@/app/[locale]/ops/applications/page");
const { default: ApplicationPage } = await import("@/app/[locale]/ops/applications/[applicationId]/page");

const SEED = 20261126;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);
const PASSWORD = "Quiet-harbour-lantern-42";
const EMPTY = { values: {}, fieldErrors: {}, message: null };

let operator: TestUser;
let homeowner: TestUser;
let applicant: TestUser;
let applicationId: string;

const valid = (): Record<string, string | string[]> => ({
  name: "Fuzz Pro",
  phone: "+31 6 12345678",
  task_types: ["Painting"],
  cities: ["Amsterdam"],
  hourly_price: "40",
  kvk_number: "12345678",
  vat_id: "",
  iban: "NL91ABNA0417164300",
  intro: "",
  insurer: "Insurer",
  insured_until: amsterdamDay(100),
  consent: "on",
});

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  operator = await createSignedInOperator("fuzz-join-ops@example.test");
  homeowner = await createSignedInUser("fuzz-join-owner@example.test");
  actionRequest.headers = new Headers({ "x-forwarded-for": "10.9.9.9" });
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...valid(), email: "fuzz-join-applicant@example.test", password: PASSWORD })) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  expect(await redirectOf(applyAction(EMPTY, data))).toMatch(/^\/pro/);
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { email: "fuzz-join-applicant@example.test" } });
  applicant = { id: user.id, email: user.email, cookie: await sessionCookieFor(user) };
  applicationId = (await db.handymanApplication.findFirstOrThrow({ where: { userId: user.id } })).id;
}, 60_000);

const { nastyString } = hostileValues(["\u0000", "\ud800", "a".repeat(10_000), "NL91ABNA0417164300", "NL123456789B01", "Painting", "Rotterdam", "on", "12345678", "45,50", "9.99", "500.01"]);
const FIELDS = ["name", "email", "password", "phone", "task_types", "cities", "hourly_price", "kvk_number", "vat_id", "iban", "intro", "insurer", "insured_until", "consent"] as const;

/** A valid application with some fields replaced, removed or repeated by generated values. */
const posted = fc
  .dictionary(fc.constantFrom(...FIELDS), fc.oneof(nastyString, fc.array(nastyString, { maxLength: 3 }), fc.constant(null)), { maxKeys: 6 })
  .map((changes) => {
    const fields: Record<string, string | string[] | null> = { ...valid(), email: "fuzz-new@example.test", password: PASSWORD, ...changes };
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
    }
    return data;
  });

describe("the application form under generated fields", () => {
  it.each(["signed out", "homeowner", "applicant waiting"] as const)("as %s: answers or leads on, never throws, never hands back the password, a refusal stores nothing", async (who) => {
    await fc.assert(
      fc.asyncProperty(posted, async (data) => {
        sendCookie(who === "signed out" ? null : who === "homeowner" ? homeowner.cookie : applicant.cookie);
        actionRequest.jar.clear();
        const before = await tablesFingerprint();
        let state: Awaited<ReturnType<typeof applyAction>> | null = null;
        const to = await redirectOf(
          applyAction(EMPTY, data).then((answer) => {
            state = answer;
          }),
        );
        if (to) {
          // Only a stranger with a complete application gets through; undo it for the next run.
          expect(who).toBe("signed out");
          const db = await getDb();
          await db.user.deleteMany({ where: { email: String(data.get("email")).trim().toLowerCase() } });
          return;
        }
        // The password is never handed back: not among the kept values, and nowhere in the answer unless
        // the same text was also posted in another field (a generated password may be "Painting").
        const password = data.get("password");
        const kept = (state as { values?: Record<string, unknown> } | null)?.values;
        expect(kept?.password).toBeUndefined();
        const elsewhere = [...data.entries()].some(([name, value]) => name !== "password" && typeof password === "string" && String(value).includes(password));
        if (typeof password === "string" && password.length >= 8 && !elsewhere) expect(JSON.stringify(state)).not.toContain(password);
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("the console's actions under generated ids and reasons", () => {
  it("as an operator: a refusal is the form's answer and changes nothing; never an error", async () => {
    sendCookie(operator.cookie);
    const id = fc.oneof(nastyString, fc.uuid(), fc.constant(applicationId.toUpperCase()));
    await fc.assert(
      fc.asyncProperty(id, nastyString, fc.constantFrom("approve", "reject", "iban"), async (target, reason, what) => {
        const before = await tablesFingerprint();
        const fields = { application_id: target, reason };
        if (what === "iban") {
          const shown = await showIbanAction({ fieldErrors: {}, message: null }, form(fields));
          if (shown.iban) expect(shown.iban).toBe("NL91ABNA0417164300");
          else expect(await tablesFingerprint()).toBe(before);
          return;
        }
        const run = what === "approve" ? approveApplicationAction(IDLE_STEP, form(fields)) : rejectApplicationAction(IDLE_STEP, form(fields));
        const to = await redirectOf(run);
        // The applicant's address is not verified, so approval is refused; a rejection with a real reason may go through.
        if (to) {
          expect(what).toBe("reject");
          expect(to).toContain("notice=application-rejected");
          await (await getDb()).$executeRaw`UPDATE "handyman_applications" SET "status" = 'submitted', "reject_reason" = NULL, "decided_by" = NULL, "decided_at" = NULL, "iban" = 'NL91ABNA0417164300' WHERE "id" = ${applicationId}::uuid`;
          return;
        }
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("the console's application pages under generated addresses", () => {
  async function renders(page: () => Promise<React.ReactNode>): Promise<string> {
    const before = await tablesFingerprint();
    let html: string;
    try {
      html = elementTreeText(await page());
    } catch (error) {
      if ((error as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") html = "404";
      else throw error;
    }
    expect(await tablesFingerprint()).toBe(before);
    return html;
  }

  it("/ops/applications renders for any list and cursor (a bad cursor explained), and shows the waiting application", async () => {
    sendCookie(operator.cookie);
    expect(await renders(() => ApplicationsPage({ searchParams: Promise.resolve({}) }))).toContain("Fuzz Pro");
    expect(await renders(() => ApplicationsPage({ searchParams: Promise.resolve({ cursor: "forged.cursor" }) }))).toMatch(/page link is not valid/i);
    await fc.assert(
      fc.asyncProperty(fc.record({ list: fc.oneof(nastyString, fc.constantFrom("waiting", "decided")), cursor: nastyString }, { requiredKeys: [] }), async (query) => {
        await renders(() => ApplicationsPage({ searchParams: Promise.resolve(query) }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("/ops/applications/{id} is the application or the 404, and shows the IBAN's last four only", async () => {
    sendCookie(operator.cookie);
    const page = await renders(() => ApplicationPage({ params: Promise.resolve({ applicationId }) }));
    expect(page).toContain("4300");
    expect(page).not.toContain("NL91ABNA0417164300");
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyString, fc.uuid()), async (id) => {
        expect(await renders(() => ApplicationPage({ params: Promise.resolve({ applicationId: id }) }))).toBe("404");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("anyone but an operator gets the console's 404", async () => {
    for (const cookie of [applicant.cookie, homeowner.cookie, null]) {
      sendCookie(cookie);
      expect(await renders(() => ApplicationsPage({ searchParams: Promise.resolve({}) }))).toBe("404");
      expect(await renders(() => ApplicationPage({ params: Promise.resolve({ applicationId }) }))).toBe("404");
    }
  });
});
