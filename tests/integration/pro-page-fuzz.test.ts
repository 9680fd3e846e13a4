// Property-based fuzzing of /pro the way the server runs it, as a handyman: generated ?offers= and ?jobs=
// (hostile strings, repeated parameters, real cursors of this handyman's lists, of the other list, of
// another handyman's and of the API's). The property: the page runs (a bad link is explained on the page,
// which then shows the first pages), never an error, it writes nothing, and it never shows another
// handyman's offer. Fixed seed, bounded runs.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
// The page runs outside the server's renderer: next-intl's request locale is the address's ("en"), and its
// translations are the catalogue's through lib/i18n.
vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getTranslations: async (arg: { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const [namespace, ...within] = arg.namespace.split(".");
    const t = getTranslator(arg.locale as "en", namespace as never);
    return (key: string, values?: Record<string, string | number>) => t([...within, key].join(".") as never, values as never);
  },
}));
import { actionRequest } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser } from "../helpers/session";

const { default: ProPage } = await import("@/app/[locale]/(account)/pro/page");
const { getProPageOrThrow, getProViewOrThrow } = await import("@/lib/handymen/offers");

const SEED = 20261127;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 150);

type Query = Record<string, string | string[]>;
let nina: TestHandyman;
let ninasOffers: Set<string>;
let jellesOffers: string[];
let cursors: string[];
/** The newest open offer and the newest job of Nina's: on her first pages only. */
let firstPages: string[];

/** `count` offers to `handymanId` (on requests of `owner`), half open and half accepted, a minute apart. */
async function storeOffers(owner: { id: string }, handymanId: number, count: number): Promise<string[]> {
  const db = await getDb();
  const base = Date.parse("2026-06-02T09:00:00.000Z");
  const rows = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), requestId: randomUUID(), accepted: i % 2 === 1, at: new Date(base + i * 60_000) }));
  await db.repairRequest.createMany({
    data: rows.map((row) => ({ id: row.requestId, userId: owner.id, city: "Rotterdam" as const, taskType: "Painting" as const, state: row.accepted ? ("accepted" as const) : ("offered" as const), date: new Date("2026-07-01") })),
  });
  await db.offer.createMany({
    data: rows.map((row) => ({ id: row.id, requestId: row.requestId, handymanId, status: row.accepted ? ("accepted" as const) : ("open" as const), createdAt: row.at, expiresAt: new Date("2099-01-01") })),
  });
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  nina = await createSignedInHandyman(18, "fuzz-pro-nina@example.test");
  const jelle = await createSignedInHandyman(26, "fuzz-pro-jelle@example.test");
  const owner = await createSignedInUser("fuzz-pro-owner@example.test");
  ninasOffers = new Set(await storeOffers(owner, 18, 50));
  jellesOffers = await storeOffers(owner, 26, 50);
  const ninas = await getProPageOrThrow(nina);
  const jelles = await getProPageOrThrow(jelle);
  const api = await getProViewOrThrow(nina, undefined, { limit: 5 });
  firstPages = [ninas.open.rows[0].id, ninas.jobs.rows[0].id];
  cursors = [ninas.open.next!, ninas.jobs.next!, jelles.open.next!, jelles.jobs.next!, api.nextCursor!];
  actionRequest.headers = new Headers({ cookie: nina.cookie });
}, 120_000);

/** Runs the page as the server would (its reads done, its components left as elements) and checks that it wrote nothing. */
async function renders(query: Query): Promise<string> {
  const before = await tablesFingerprint();
  const text = elementTreeText(await ProPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve(query) }));
  expect(await tablesFingerprint()).toBe(before);
  return text;
}

const { nastyString } = hostileValues(["\u0000", "a".repeat(600), "abc.def"]);
const cursor = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 4).map((i) => cursors[i]),
  fc.constantFrom(0, 1).map((i) => `${cursors[i]}x`),
  fc.constantFrom(0, 1).map((i) => cursors[i].slice(0, -2)),
  nastyString,
);
const valueOrList = <T extends string>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 4 }, fc.array(arb, { minLength: 2, maxLength: 3 }));

describe("/pro under generated page links", () => {
  it("explains a link of another list or handyman and shows the first pages", async () => {
    const first = await renders({});
    expect(first).not.toMatch(/page link is not valid/);
    for (const id of firstPages) expect(first).toContain(id);
    const refused: Query[] = [{ jobs: cursors[0] }, { offers: cursors[1] }, { jobs: cursors[3] }, { offers: cursors[2] }, { jobs: cursors[4] }, { jobs: [cursors[1], cursors[1]] }, { jobs: `${cursors[1]}x` }];
    for (const query of refused) {
      const text = await renders(query);
      expect(text, JSON.stringify(query)).toMatch(/page link is not valid/);
      for (const id of firstPages) expect(text, JSON.stringify(query)).toContain(id);
    }
    // Nina's own link to her older jobs: no complaint, and the newest job is on the first page only.
    const older = await renders({ jobs: cursors[1] });
    expect(older).not.toMatch(/page link is not valid/);
    expect(older).not.toContain(firstPages[1]);
    expect(older).toContain(firstPages[0]);
  });

  it("runs for any ?offers= and ?jobs=, writes nothing, and shows only the handyman's own offers", async () => {
    const query = fc.dictionary(fc.constantFrom("offers", "jobs", "cursor", "limit", "other"), valueOrList(cursor), { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const text = await renders(params as Query);
        expect(text).toContain("Hello, ");
        for (const id of jellesOffers) expect(text).not.toContain(id);
        expect([...ninasOffers].some((id) => text.includes(id))).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
