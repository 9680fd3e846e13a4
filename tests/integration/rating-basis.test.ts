// What a rating rests on, on every page that shows one, against a real database (issue 31, defect 4): a
// sample handyman's starting rating, which no homeowner gave, never reads as "4.7 out of 5 from no reviews
// yet" but as Fixwell's starting rating; a rating with reviews says how many (and that the starting rating
// is counted in); a handyman who joined without a starting rating is rated by the reviews alone; search
// engines get no star rating; /how-we-rank says the same in the same words. Both languages.
import { randomUUID } from "node:crypto";
import { JSDOM } from "jsdom";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const pageLocale = vi.hoisted(() => ({ value: "en" as "en" | "nl" }));

// Pages rendered on request; here there is no request to wait for.
vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), connection: async () => {} }));
// The server components run outside Next's renderer: next-intl's locale is the test's, its translations
// the catalogue's through lib/i18n.
vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getLocale: async () => pageLocale.value,
  getTranslations: async (arg: string | { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const { locale, namespace: full } = typeof arg === "string" ? { locale: pageLocale.value, namespace: arg } : arg;
    const [namespace, ...within] = full.split(".");
    const t = getTranslator(locale as "en", namespace as never) as unknown as ((key: string, values?: object) => string) & { rich: (key: string, values?: object) => ReactNode; raw: (key: string) => unknown };
    const at = (key: string) => [...within, key].join(".");
    return Object.assign((key: string, values?: object) => t(at(key), values), { rich: (key: string, values?: object) => t.rich(at(key), values), raw: (key: string) => t.raw(at(key)) });
  },
}));

import { actionRequest } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { createSignedInUser } from "../helpers/session";

const { default: ProfilePage } = await import("@/app/[locale]/(marketing)/pros/[slug]/page");
const { default: HowWeRankPage } = await import("@/app/[locale]/(marketing)/how-we-rank/page");
const { default: ArrangingPage } = await import("@/app/[locale]/(account)/inputs/criteria/arranging/page");
const { default: RosterPage } = await import("@/app/[locale]/ops/handymen/page");
const { default: OpsHandymanPage } = await import("@/app/[locale]/ops/handymen/[handymanId]/page");
const { ProDashboard } = await import("@/components/requests/pro-dashboard");
const { OrderDetails } = await import("@/components/requests/order-details");
const { getProPageOrThrow } = await import("@/lib/handymen/offers");
const { refreshRating } = await import("@/lib/handymen/queries");
const { getRequestDetailsOrThrow } = await import("@/lib/requests/details");
const { renderToStaticMarkup } = await import("react-dom/server");

/** Fenna (#2): a sample plumber in Amsterdam with a starting rating of 4.7 and, after the seed, no reviews. */
const FENNA = { id: 2, slug: "fenna-2" };

async function profileHtml(slug: string, locale: "en" | "nl" = "en"): Promise<string> {
  const element = await ProfilePage({ params: Promise.resolve({ locale, slug }), searchParams: Promise.resolve({}) });
  return `<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`;
}

const ratingOn = (html: string) => new JSDOM(html).window.document.querySelector('[data-testid="profile-rating"]')?.textContent ?? "";

/** A review of a done job of `handymanId`, stored as the review step stores it: with the rating refreshed in the same transaction. */
async function review(handymanId: number, stars: number): Promise<void> {
  const db = await getDb();
  const owner = await db.user.create({ data: { email: `owner-${randomUUID()}@example.test`, passwordHash: "!" }, select: { id: true } });
  const handyman = await db.handyman.findUniqueOrThrow({ where: { id: handymanId }, select: { cities: true, taskTypes: true } });
  const request = await db.repairRequest.create({
    data: { id: randomUUID(), userId: owner.id, taskType: handyman.taskTypes[0], city: handyman.cities[0], date: new Date("2026-01-10T00:00:00Z"), details: "", criterion: "price", state: "reviewed" },
    select: { id: true },
  });
  await db.$transaction(async (tx) => {
    await tx.review.create({ data: { requestId: request.id, handymanId, stars, text: "" } });
    await refreshRating(tx, handymanId);
  });
}

/** A handyman who joined through /join: no starting rating, so no rating until the first review. */
async function joinedHandyman(): Promise<{ id: number; slug: string }> {
  const slug = `joined-${randomUUID().slice(0, 8)}`;
  return (await getDb()).handyman.create({
    data: { name: "Zeger", slug, cities: ["Rotterdam"], taskTypes: ["Painting"], hourlyPriceCents: 4500, rating: null, baseRating: null, workDays: { create: [{ weekday: 1 }] } },
    select: { id: true, slug: true },
  });
}

/** The first element in `tree` made by the component named `name`. */
function findElement(tree: unknown, name: string): ReactElement<Record<string, unknown>> | null {
  if (Array.isArray(tree)) {
    for (const item of tree) {
      const found = findElement(item, name);
      if (found) return found;
    }
    return null;
  }
  if (!isValidElement(tree)) return null;
  const type = tree.type as { name?: string };
  if (typeof type === "function" && type.name === name) return tree as ReactElement<Record<string, unknown>>;
  return findElement(Object.values(tree.props as object), name);
}

beforeEach(async () => {
  await resetDatabase();
  pageLocale.value = "en";
  vi.spyOn(console, "info").mockImplementation(() => {});
});

describe("a sample handyman's starting rating, with no reviews", () => {
  it("is said on the profile to be Fixwell's starting rating, never a rating 'from no reviews'", async () => {
    const html = await profileHtml(FENNA.slug);
    expect(ratingOn(html)).toBe("Starting rating 4.7 out of 5, set by Fixwell, not by customers: no reviews yet");
    expect(html).not.toMatch(/out of 5 from no reviews/);
    const dutch = await profileHtml(FENNA.slug, "nl");
    expect(ratingOn(dutch)).toBe("Startbeoordeling 4,7 van de 5, gegeven door Fixwell, niet door klanten: nog geen beoordelingen");
    expect(dutch).not.toMatch(/uit nog geen beoordelingen/);
  });

  it("gives search engines no star rating", async () => {
    const html = await profileHtml(FENNA.slug);
    expect(html).not.toContain("aggregateRating");
    const structured = [...new JSDOM(html).window.document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? "");
    expect(structured.filter((text) => /ratingValue|reviewCount/.test(text))).toEqual([]);
  });

  it("reads the same on /pro, the order page, the confirmation and in the console", async () => {
    // "available" offers an Amsterdam plumbing job to Fenna (the dearest available, before Mila at the same price by id).
    const owner = await createSignedInUser();
    const where = { taskType: "Pipe-leakage", city: "Amsterdam" };
    const requestId = await submitRequest(owner, where);
    expect((await chooseCriterion(owner, requestId, "available", where)).status).toBe(200);
    expect((await openOfferOf(requestId)).handymanId).toBe(FENNA.id);
    const words = "Starting rating 4.7 out of 5, set by Fixwell, not by customers: no reviews yet";

    const fenna = await createSignedInHandyman(FENNA.id);
    expect(elementTreeText(await ProDashboard({ view: await getProPageOrThrow(fenna), query: {} }))).toContain(words);

    const order = await OrderDetails({ request: await getRequestDetailsOrThrow(owner, requestId, "en") });
    const card = findElement(order, "HandymanCard")!;
    expect(elementTreeText((card.type as (props: object) => ReactNode)(card.props))).toContain(words);

    // The confirmation (a client component) is handed what the rating rests on, for everyone it shows.
    actionRequest.headers = new Headers({ cookie: owner.cookie });
    const arranging = findElement(await ArrangingPage({ params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({ input: requestId }) } as never), "ArrangingResult")!;
    expect((arranging.props.ratings as Record<number, unknown>)[FENNA.id]).toEqual({ rating: 4.7, startingRating: 4.7, reviewCount: 0 });

    const operator = await createSignedInOperator();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    expect(elementTreeText(await OpsHandymanPage({ params: Promise.resolve({ handymanId: String(FENNA.id) }) }))).toContain(words);
    expect(elementTreeText(await RosterPage({ searchParams: Promise.resolve({ q: "Fenna" }) }))).toContain("4.7, starting rating");
  });
});

describe("a rating with reviews", () => {
  it("says how many reviews it rests on, and that the starting rating is counted in", async () => {
    await review(FENNA.id, 5);
    await review(FENNA.id, 4);
    // (4.7 + 5 + 4) / 3 = 4.57
    expect(ratingOn(await profileHtml(FENNA.slug))).toBe("4.6 out of 5 from 2 reviews and a starting rating of 4.7 set by Fixwell");
    expect(ratingOn(await profileHtml(FENNA.slug, "nl"))).toBe("4,6 van de 5 uit 2 beoordelingen en een startbeoordeling van 4,7, gegeven door Fixwell");
  });

  it("of a handyman who joined without a starting rating is the mean of the reviews alone, with their count", async () => {
    const zeger = await joinedHandyman();
    expect(ratingOn(await profileHtml(zeger.slug))).toBe("New: no reviews yet");
    await review(zeger.id, 5);
    await review(zeger.id, 4);
    // Before, the missing starting rating made the mean NULL: reviewed, yet "new" and ranked last.
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: zeger.id } })).rating).toBeCloseTo(4.5, 10);
    expect(ratingOn(await profileHtml(zeger.slug))).toBe("4.5 out of 5 from 2 reviews");
    expect(ratingOn(await profileHtml(zeger.slug, "nl"))).toBe("4,5 van de 5 uit 2 beoordelingen");
  });
});

describe("/how-we-rank", () => {
  it("says what a rating rests on and shows a starting rating in the words the profiles use, in both languages", async () => {
    for (const [locale, heading, words] of [
      ["en", "What a rating rests on", "Starting rating 4.7 out of 5, set by Fixwell, not by customers: no reviews yet"],
      ["nl", "Waar een beoordeling op rust", "Startbeoordeling 4,7 van de 5, gegeven door Fixwell, niet door klanten: nog geen beoordelingen"],
    ] as const) {
      pageLocale.value = locale;
      const text = new JSDOM(renderToStaticMarkup((await HowWeRankPage({ params: Promise.resolve({ locale }) })) as ReactElement)).window.document.body.textContent ?? "";
      expect(text).toContain(heading);
      expect(text).toContain(`"${words}"`);
    }
  });
});
