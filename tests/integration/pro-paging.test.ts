// /pro's two keyset lists (lib/handymen/offers.ts getProPageOrThrow), against a real database: the offers
// waiting for an answer (?offers=) and the jobs (?jobs=), 20 a page, newest first with the id breaking
// ties, walked forwards and back; the jobs counted; every refusal (a forged, cut, another list's, another
// account's cursor, a repeated parameter) a 400 that reads no rows. The cards' conversations and photos
// are read for the whole page at once: the same few reads for 3 cards as for 40.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as proOffersRoute from "../../app/api/pro/offers/route";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const { encodeCursor } = await import("@/lib/paging/cursor");
const { getProPageOrThrow, parseProPageCursors, PRO_PAGE_SIZE } = await import("@/lib/handymen/offers");
const { listAuditPage } = await import("@/lib/ops/audit");
const { ApiError } = await import("@/lib/api/errors");

type Status = "open" | "accepted" | "declined" | "expired" | "withdrawn";
type Stored = { id: string; requestId: string; handymanId: number; status: Status; createdAt: Date };

const BASE = Date.parse("2026-06-02T09:00:00.000Z");

/**
 * `statuses.length` offers to `handymanId`, each on a request of its own (of `owner`), stored directly:
 * every three share one timestamp (ties the id must break). Open offers answer by a day far ahead.
 */
async function storeOffers(owner: TestUser, handymanId: number, statuses: Status[], base = BASE): Promise<Stored[]> {
  const db = await getDb();
  const offers = statuses.map((status, i) => ({
    id: randomUUID(),
    requestId: randomUUID(),
    handymanId,
    status,
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
  }));
  await db.repairRequest.createMany({
    data: offers.map((offer) => ({
      id: offer.requestId,
      userId: owner.id,
      city: "Amsterdam" as const,
      taskType: "Painting" as const,
      state: offer.status === "accepted" ? ("accepted" as const) : offer.status === "open" ? ("offered" as const) : ("submitted" as const),
      date: new Date("2026-07-01"),
      details: `request ${offer.requestId}`,
      createdAt: offer.createdAt,
    })),
  });
  await db.offer.createMany({ data: offers.map((offer) => ({ ...offer, expiresAt: new Date("2099-01-01T00:00:00.000Z") })) });
  return offers;
}

/** The ids of `offers` with `status`, in the lists' order: newest first, then id descending. */
const inOrder = (offers: Stored[], status: Status) =>
  offers
    .filter((offer) => offer.status === status)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((offer) => offer.id);

type Query = { offers?: string; jobs?: string };
const pageOf = (user: TestHandyman, query: Query = {}) => getProPageOrThrow(user, parseProPageCursors(user, query));

/** Walks one of /pro's lists by its next links to the end, then back by its previous links; the other list's cursor stays in every address. */
async function walk(user: TestHandyman, list: "open" | "jobs", other: Query = {}) {
  const param = list === "open" ? "offers" : "jobs";
  const forwards: string[][] = [];
  let page = await pageOf(user, other);
  const total = page.jobs.total;
  forwards.push(page[list].rows.map((offer) => offer.id));
  expect(page[list].previous).toBeNull();
  const others: string[] = [];
  while (page[list].next) {
    page = await pageOf(user, { ...other, [param]: page[list].next });
    others.push(JSON.stringify(page[list === "open" ? "jobs" : "open"].rows.map((offer) => offer.id)));
    forwards.push(page[list].rows.map((offer) => offer.id));
  }
  const backwards: string[][] = [forwards.at(-1)!];
  while (page[list].previous) {
    page = await pageOf(user, { ...other, [param]: page[list].previous });
    backwards.unshift(page[list].rows.map((offer) => offer.id));
  }
  return { forwards, backwards, total, others };
}

function expectBadCursor(run: () => unknown, label: string) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, label).toBeInstanceOf(ApiError);
  const error = thrown as InstanceType<typeof ApiError>;
  expect(error.status, label).toBe(400);
  expect(error.issues?.map((issue) => issue.path), label).toEqual(["cursor"]);
}

beforeEach(async () => {
  await resetDatabase();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/pro, a page of offers and a page of jobs at a time", () => {
  it("pages the jobs 20 at a time, newest first with ties broken by id, forwards and back, and counts them", async () => {
    const nina = await createSignedInHandyman(18);
    const owner = await createSignedInUser();
    // 47 jobs, 23 open offers, and what /pro never lists: declined, expired and withdrawn offers, another handyman's jobs.
    const statuses: Status[] = [...Array(47).fill("accepted"), ...Array(23).fill("open"), "declined", "expired", "withdrawn", "declined"];
    const mine = await storeOffers(owner, 18, statuses.map((_, i) => statuses[(i * 29) % statuses.length]));
    await storeOffers(owner, 26, Array(30).fill("accepted"), BASE + 30_000);
    const jobs = inOrder(mine, "accepted");
    const open = inOrder(mine, "open");
    expect(jobs).toHaveLength(47);

    const walked = await walk(nina, "jobs");
    expect(walked.total).toBe(47);
    expect(walked.forwards.map((ids) => ids.length)).toEqual([PRO_PAGE_SIZE, PRO_PAGE_SIZE, 7]);
    expect(walked.forwards.flat()).toEqual(jobs);
    expect(walked.backwards).toEqual(walked.forwards);
    // Paging the jobs leaves the offers on their first page.
    expect(new Set(walked.others)).toEqual(new Set([JSON.stringify(open.slice(0, PRO_PAGE_SIZE))]));

    const first = await pageOf(nina);
    expect(first.open.rows.every((offer) => offer.status === "open")).toBe(true);
    expect(first.jobs.rows.every((offer) => offer.status === "accepted")).toBe(true);
  });

  it("pages the open offers by their own cursor, keeping the jobs' page", async () => {
    const nina = await createSignedInHandyman(18);
    const owner = await createSignedInUser();
    const mine = await storeOffers(owner, 18, [...Array(44).fill("open"), ...Array(25).fill("accepted")]);
    const jobsSecond = (await pageOf(nina)).jobs.next!;
    const walked = await walk(nina, "open", { jobs: jobsSecond });
    expect(walked.forwards.map((ids) => ids.length)).toEqual([20, 20, 4]);
    expect(walked.forwards.flat()).toEqual(inOrder(mine, "open"));
    expect(walked.backwards).toEqual(walked.forwards);
    expect(new Set(walked.others)).toEqual(new Set([JSON.stringify(inOrder(mine, "accepted").slice(20))]));
  });

  it("refuses a forged, cut, another list's or another account's cursor with a 400 that names the cursor", async () => {
    const nina = await createSignedInHandyman(18);
    const jelle = await createSignedInHandyman(26);
    const owner = await createSignedInUser();
    await storeOffers(owner, 18, [...Array(25).fill("open"), ...Array(25).fill("accepted")]);
    await storeOffers(owner, 26, [...Array(25).fill("open"), ...Array(25).fill("accepted")]);
    const page = await pageOf(nina);
    const jobs = page.jobs.next!;
    const offers = page.open.next!;
    const jellesJobs = (await pageOf(jelle)).jobs.next!;
    const [payload, tag] = jobs.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ l: "pro.jobs", o: nina.id, d: "a", k: ["2099-01-01T00:00:00.000Z", randomUUID()] })).toString("base64url");
    const api = (await (await proOffersRoute.GET(apiRequest("GET", "/api/pro/offers?limit=5", { cookie: nina.cookie }), { params: Promise.resolve({}) })).json()) as { nextCursor: string };
    const operator = await createSignedInOperator();
    const audit = (await listAuditPage(operator, undefined)).next ?? encodeCursor({ list: "ops.audit", owner: operator.id }, "after", ["5"]);
    const refused: [string, Query | Record<string, unknown>][] = [
      ["forged", { jobs: `${forgedPayload}.${tag}` }],
      ["cut", { jobs: jobs.slice(0, -4) }],
      ["no tag", { jobs: payload }],
      ["garbage", { offers: "abc" }],
      ["too long", { jobs: "a".repeat(600) }],
      ["the offers' cursor as the jobs'", { jobs: offers }],
      ["the jobs' cursor as the offers'", { offers: jobs }],
      ["the API's cursor", { jobs: api.nextCursor }],
      ["the console's cursor", { jobs: audit }],
      ["another handyman's", { jobs: jellesJobs }],
      ["a key that is not a time and an id", { jobs: encodeCursor({ list: "pro.jobs", owner: nina.id }, "after", ["yesterday", "x"]) }],
      ["a repeated parameter", { jobs: [jobs, jobs] }],
    ];
    for (const [label, query] of refused) {
      if (label === "a key that is not a time and an id") {
        await expect(pageOf(nina, query as Query), label).rejects.toThrow(ApiError);
        continue;
      }
      expectBadCursor(() => parseProPageCursors(nina, query as Query), label);
    }
    // Jelle's own cursor still works for Jelle, and shows only Jelle's jobs.
    const theirs = await pageOf(jelle, { jobs: jellesJobs });
    const ninas = new Set([...page.jobs.rows, ...page.open.rows].map((offer) => offer.id));
    expect(theirs.jobs.rows).toHaveLength(5);
    expect(theirs.jobs.rows.some((offer) => ninas.has(offer.id))).toBe(false);
    // Absent or empty: the first page.
    expect((await pageOf(nina, { jobs: "", offers: "" })).jobs.rows.map((offer) => offer.id)).toEqual(page.jobs.rows.map((offer) => offer.id));
  });

  it("reads every card's conversation and photos at once: the same reads for 40 cards as for 3", async () => {
    const nina = await createSignedInHandyman(18);
    const jelle = await createSignedInHandyman(26);
    const owner = await createSignedInUser();
    const db = await getDb();

    /** Stores the offers with a conversation (one unread message) and a photo on each request; counts the reads of the handyman's /pro. */
    async function readsFor(user: TestHandyman, statuses: Status[]) {
      const offers = await storeOffers(owner, user.handymanId, statuses);
      const threads = offers.map((offer) => ({ id: randomUUID(), requestId: offer.requestId, handymanId: user.handymanId }));
      await db.messageThread.createMany({ data: threads });
      await db.threadMessage.createMany({ data: threads.map((thread) => ({ threadId: thread.id, authorId: owner.id, body: `hello about ${thread.requestId}` })) });
      await db.requestPhoto.createMany({
        data: offers.map((offer) => ({
          id: randomUUID(), requestId: offer.requestId, position: 1, contentType: "image/jpeg", width: 800, height: 600, size: 1000,
          thumbWidth: 320, thumbHeight: 240, thumbSize: 100, image: Buffer.from("full"), thumbnail: Buffer.from("thumb"),
        })),
      });
      const spies = [
        vi.spyOn(db, "$queryRaw"),
        vi.spyOn(db.offer, "findMany"),
        vi.spyOn(db.offer, "count"),
        vi.spyOn(db.requestPhoto, "findMany"),
        vi.spyOn(db.review, "findMany"),
        vi.spyOn(db.messageThread, "findMany"),
      ];
      const view = await pageOf(user);
      const counts = spies.map((spy) => spy.mock.calls.length);
      vi.restoreAllMocks();
      return { view, counts };
    }

    const few = await readsFor(jelle, ["open", "accepted", "accepted"]);
    expect(few.view.open.rows).toHaveLength(1);
    expect(few.view.jobs.rows).toHaveLength(2);
    const many = await readsFor(nina, [...Array(25).fill("open"), ...Array(25).fill("accepted")]);
    const cards = [...many.view.open.rows, ...many.view.jobs.rows];
    expect(cards).toHaveLength(40);
    // Every card has its conversation (with the one unread message) and its photo.
    expect(cards.every((offer) => offer.thread !== null && offer.thread.unread === 1)).toBe(true);
    expect(cards.every((offer) => offer.photos.length === 1 && offer.photos[0].thumbWidth === 320)).toBe(true);
    // $queryRaw: the conversations (one); offer.findMany: the two lists; count: the jobs; photos: one; reviews: one.
    expect(many.counts).toEqual(few.counts);
    expect(many.counts).toEqual([1, 2, 1, 1, 1, 0]);
  });

  it("shows photos only while the offer is the handyman's, and no card of another handyman's", async () => {
    const nina = await createSignedInHandyman(18);
    const owner = await createSignedInUser();
    const db = await getDb();
    const [lapsed, held] = await storeOffers(owner, 18, ["open", "open"]);
    await db.offer.update({ where: { id: lapsed.id }, data: { expiresAt: new Date(BASE) } });
    for (const offer of [lapsed, held]) {
      await db.requestPhoto.create({
        data: { id: randomUUID(), requestId: offer.requestId, position: 1, contentType: "image/jpeg", width: 8, height: 6, size: 10, thumbWidth: 4, thumbHeight: 3, thumbSize: 1, image: Buffer.from("full"), thumbnail: Buffer.from("thumb") },
      });
    }
    const view = await getProPageOrThrow(nina, {}, new Date(BASE + 86_400_000));
    const byId = new Map(view.open.rows.map((offer) => [offer.id, offer]));
    expect(byId.get(lapsed.id)).toMatchObject({ status: "expired", photos: [], actions: [] });
    expect(byId.get(held.id)?.photos).toHaveLength(1);
    expect(view.jobs.total).toBe(0);
  });
});
