// Property-based fuzzing of /pro/profile's server actions (save the profile, add and remove days off)
// with generated fields, as the handyman, another handyman, a homeowner, an applicant and signed out,
// and of the public profile page with generated slugs and cursors. The properties: never an error
// thrown; a refusal is the form's answer and changes nothing; whatever goes through changes only the
// session's own handyman; a profile page answers what the proxy said (listed, gone or not found).
// Fixed seed, bounded runs.
import fc from "fast-check";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { actionRequest, redirectOf, sendCookie } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";

const actions = await import("@/lib/handymen/profile-actions");
const { IDLE_PROFILE_FORM, IDLE_DAY_OFF_FORM } = await import("@/lib/handymen/profile-state");
const { default: ProfilePage } = await import("@/app/[locale]/(marketing)/pros/[slug]/page");
const { renderToStaticMarkup } = await import("react-dom/server");

const SEED = 20261126;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);

let nina: TestHandyman;
let daan: TestHandyman;
let homeowner: TestUser;
let applicant: TestUser;
let daansDayOff: string;

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  nina = await createSignedInHandyman(18, "fuzz-nina@example.test");
  daan = await createSignedInHandyman(1, "fuzz-daan@example.test");
  homeowner = await createSignedInUser("fuzz-owner@example.test");
  applicant = await createSignedInUser("fuzz-applicant@example.test");
  const db = await getDb();
  await db.user.update({ where: { id: applicant.id }, data: { role: "applicant" } });
  daansDayOff = (await db.handymanDayOff.create({ data: { handymanId: 1, startsOn: new Date(`${amsterdamDay(3)}T00:00:00Z`), endsOn: new Date(`${amsterdamDay(4)}T00:00:00Z`) } })).id;
}, 60_000);

const { nastyString, pathString } = hostileValues([
  "\u0000",
  "\ud800",
  "a".repeat(10_000),
  "Painting",
  "Pipe-leakage",
  "Rotterdam",
  "The Hague",
  "45,50",
  "9.99",
  "500.01",
  "0",
  "11",
  "1",
  "7",
  amsterdamDay(0),
  amsterdamDay(-1),
  amsterdamDay(400),
  "2027-02-30",
]);
const FIELDS = ["task_types", "cities", "hourly_price", "intro", "weekdays", "daily_capacity", "starts_on", "ends_on", "day_off_id", "handyman_id", "in_page"] as const;

const posted = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nastyString, fc.array(nastyString, { maxLength: 3 })), { maxKeys: 7 }).map((fields) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
});

/** Everything but Nina's own rows: what no post by Nina may change. */
async function othersFingerprint(): Promise<string> {
  const db = await getDb();
  const [handymen, daysOff, workDays] = await Promise.all([
    db.handyman.findMany({ where: { id: { not: 18 } }, orderBy: { id: "asc" } }),
    db.handymanDayOff.findMany({ where: { handymanId: { not: 18 } }, orderBy: { id: "asc" } }),
    db.handymanWorkDay.findMany({ where: { handymanId: { not: 18 } }, orderBy: [{ handymanId: "asc" }, { weekday: "asc" }] }),
  ]);
  return JSON.stringify({ handymen, daysOff, workDays });
}

describe("the profile's actions under generated fields", () => {
  it("as the handyman: answers or leads on, never throws; a refusal changes nothing; nothing but their own profile changes", async () => {
    await fc.assert(
      fc.asyncProperty(posted, fc.constantFrom("save", "add", "remove"), async (data, which) => {
        sendCookie(nina.cookie);
        const [before, others] = await Promise.all([tablesFingerprint(), othersFingerprint()]);
        const run =
          which === "save" ? actions.saveProfileAction(IDLE_PROFILE_FORM, data) : which === "add" ? actions.addDayOffAction(IDLE_DAY_OFF_FORM, data) : actions.removeDayOffAction(IDLE_DAY_OFF_FORM, data);
        let state: { message: string | null; next?: string } | null = null;
        const to = await redirectOf(
          run.then((answer) => {
            state = answer;
          }),
        );
        expect(await othersFingerprint()).toBe(others);
        if (to || (state as { next?: string } | null)?.next) return;
        expect(state).not.toBeNull();
        expect(await tablesFingerprint()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(["signed out", "homeowner", "applicant", "another handyman"] as const)("as %s: Nina's profile never changes", async (who) => {
    await fc.assert(
      fc.asyncProperty(posted, fc.constantFrom("save", "add", "remove"), async (data, which) => {
        sendCookie(who === "signed out" ? null : who === "homeowner" ? homeowner.cookie : who === "applicant" ? applicant.cookie : daan.cookie);
        if (which === "remove" && who !== "another handyman") data.set("day_off_id", daansDayOff);
        const before = await getDb().then((db) => db.handyman.findUniqueOrThrow({ where: { id: 18 }, include: { workDays: true, daysOff: true } }));
        const run =
          which === "save" ? actions.saveProfileAction(IDLE_PROFILE_FORM, data) : which === "add" ? actions.addDayOffAction(IDLE_DAY_OFF_FORM, data) : actions.removeDayOffAction(IDLE_DAY_OFF_FORM, data);
        await redirectOf(run);
        const after = await getDb().then((db) => db.handyman.findUniqueOrThrow({ where: { id: 18 }, include: { workDays: true, daysOff: true } }));
        expect(after).toEqual(before);
        if (who !== "another handyman") expect(await (await getDb()).handymanDayOff.count({ where: { id: daansDayOff } })).toBe(1);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe("the public profile page under generated slugs and cursors", () => {
  it("renders a listed profile, or the not-found content; never throws", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(pathString, fc.constantFrom("daan-1", "nina-18", "DAAN-1", "daan-1-", "-daan")), fc.option(nastyString), async (slug, cursor) => {
        const element = await ProfilePage({ params: Promise.resolve({ locale: "en", slug }), searchParams: Promise.resolve(cursor === null ? {} : { cursor }) });
        // The not-found content is an async component only the server's renderer runs: read as its element.
        if (slug === "daan-1" || slug === "nina-18") expect(renderToStaticMarkup(element as ReactElement)).toContain("Hourly price");
        else expect(elementTreeText(element)).toContain("<NotFoundContent>");
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

actionRequest.headers = new Headers();
