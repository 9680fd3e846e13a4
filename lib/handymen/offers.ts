// What a handyman sees on /pro and through GET /api/pro/offers: the requests offered to them (open, and
// the ones they accepted, with what became of them), their rating and their newest reviews. Every list
// is a keyset page (lib/paging), never the whole history: a handyman with thousands of past jobs gets
// 20 of them on /pro. The conversations and photos of a page's cards are read for the whole page at
// once (two queries), never one card at a time. A homeowner's name and email appear only on a job the
// handyman accepted that is still going or done, and only when the homeowner's address is verified;
// before that a handyman sees the job, never the person.
import "server-only";
import { getDb } from "../db";
import type { SessionUser } from "../auth/current-user";
import { displayNameFromEmail } from "../auth/current-user";
import { actionsFor, type Action, type RequestState } from "../requests/lifecycle";
import type { RepairRequest } from "../requests/schemas";
import { fromTrackedRow, trackedRequestColumns } from "../requests/workflow";
import type { Prisma } from "../generated/prisma/client";
import { queryParam } from "../api/query";
import { decodeCursor, parsePageSize, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { threadsOfHandyman } from "../messages/threads";
import { listPhotosOfRequests, type PhotoSummary } from "../photos/photos";
import { getHandymanForUserOrThrow, listReviewsForHandyman, type ProHandyman, type PublishedReview } from "./queries";

export type ProOffer = {
  id: string;
  /** "expired" also for an open offer past its deadline that the sweep has not closed yet. */
  status: "open" | "accepted" | "expired";
  /** ISO timestamp: when an open offer lapses. */
  respondBy: string;
  request: Pick<RepairRequest, "id" | "taskType" | "city" | "date" | "details"> & { state: RequestState; proposedDate: string | null; homeOlderThanTwoYears: boolean | null };
  homeowner: { name: string; email: string } | null;
  /** What the handyman may do now (lib/requests/lifecycle.ts decides). */
  actions: Action[];
  /** The request's photos, while the offer is the handyman's (open before its deadline, or accepted); else none. */
  photos: PhotoSummary[];
  /** The handyman's conversation about the request with its unread count, when there is one. */
  thread: { id: string; unread: number } | null;
};

const CONTACT_STATES: readonly RequestState[] = ["accepted", "date_proposed", "done", "reviewed"];

/** /pro and the API show this many of the newest reviews; the public profile pages through all of them. */
export const PRO_REVIEWS_SHOWN = 20;

type ProBase = { handyman: ProHandyman; reviews: PublishedReview[]; /** More reviews than PRO_REVIEWS_SHOWN exist. */ moreReviews: boolean };

/** GET /api/pro/offers and the offer steps' answers: one page of the open and accepted offers together. */
export type ProView = ProBase & { offers: ProOffer[]; nextCursor: string | null };

/** /pro: a page of the offers waiting for an answer, a page of the jobs (with how many there are), both newest first. */
export type ProPageView = ProBase & { open: Page<ProOffer>; jobs: Page<ProOffer> & { total: number } };

/** GET /api/pro/offers gives this many offers a page unless ?limit= says otherwise (at most PRO_OFFERS_MAX_LIMIT). */
export const PRO_OFFERS_PAGE_SIZE = 50;
export const PRO_OFFERS_MAX_LIMIT = 200;
/** /pro shows this many open offers and this many jobs a page (no ?limit= there). */
export const PRO_PAGE_SIZE = 20;

/**
 * The handyman's offer lists: the API's (open and accepted together), and /pro's two (open offers under
 * ?offers=, jobs under ?jobs=). A cursor is valid on its own list of its own account only: one from
 * another list or account is a 400.
 */
export type ProList = "all" | "open" | "jobs";
const LISTS: Record<ProList, { name: string; statuses: ("open" | "accepted")[] }> = {
  all: { name: "pro.offers", statuses: ["open", "accepted"] },
  open: { name: "pro.open", statuses: ["open"] },
  jobs: { name: "pro.jobs", statuses: ["accepted"] },
};
const scopeOf = (user: Pick<SessionUser, "id">, list: ProList): CursorScope => ({ list: LISTS[list].name, owner: user.id });

export type ProOffersPage = { cursor?: Cursor; limit: number };

/** ?cursor= and ?limit= of GET /api/pro/offers (a bad one is a 400; absent: the newest PRO_OFFERS_PAGE_SIZE). */
export function parseProOffersPage(user: Pick<SessionUser, "id">, query: URLSearchParams): ProOffersPage {
  return {
    cursor: decodeCursor(queryParam(query, "cursor"), scopeOf(user, "all"), 2),
    limit: parsePageSize(queryParam(query, "limit"), { fallback: PRO_OFFERS_PAGE_SIZE, max: PRO_OFFERS_MAX_LIMIT }),
  };
}

/** /pro's ?offers= and ?jobs= cursors (a bad one is a 400; absent: the list's first page). */
export type ProPageCursors = { open?: Cursor; jobs?: Cursor };
export function parseProPageCursors(user: Pick<SessionUser, "id">, query: { offers?: string | string[]; jobs?: string | string[] }): ProPageCursors {
  return { open: decodeCursor(query.offers, scopeOf(user, "open"), 2), jobs: decodeCursor(query.jobs, scopeOf(user, "jobs"), 2) };
}

const offerColumns = {
  id: true,
  status: true,
  createdAt: true,
  expiresAt: true,
  request: { select: { ...trackedRequestColumns, user: { select: { email: true, emailVerifiedAt: true } } } },
} as const satisfies Prisma.OfferSelect;

type Db = Awaited<ReturnType<typeof getDb>>;
type OfferRow = Prisma.OfferGetPayload<{ select: typeof offerColumns }>;

/**
 * One page of the handyman's offers on `list`, newest first (the id, descending, breaking ties), through
 * the index on (handyman_id, status, created_at DESC, id DESC) (the API's list of both statuses through
 * (handyman_id, created_at DESC, id DESC)).
 */
function readOffers(db: Db, user: Pick<SessionUser, "id">, handymanId: number, list: ProList, size: number, cursor: Cursor | undefined): Promise<Page<OfferRow>> {
  const statuses = LISTS[list].statuses;
  const where: Prisma.OfferWhereInput = { handymanId, status: statuses.length === 1 ? statuses[0] : { in: statuses } };
  return readPage(
    scopeOf(user, list),
    size,
    cursor,
    ({ cursor: at, take }) => {
      const keyset = newestFirst(at, { time: "createdAt", id: "id" }, uuidOf);
      return db.offer.findMany({
        where: { AND: [where, keyset.where as Prisma.OfferWhereInput] },
        orderBy: keyset.orderBy as Prisma.OfferOrderByWithRelationInput[],
        take,
        select: offerColumns,
      });
    },
    (row) => timeKey(row.createdAt, row.id),
  );
}

/** What a row shows, before its photos and thread are added. */
function toOffer(row: OfferRow, now: Date, suspended: boolean): Omit<ProOffer, "photos" | "thread"> {
  const request = fromTrackedRow(row.request);
  const lapsed = row.status === "open" && row.expiresAt <= now;
  const status = lapsed ? "expired" : row.status === "accepted" ? "accepted" : "open";
  const owner = row.request.user;
  // A suspended handyman no longer sees the homeowner's address, even on a job they accepted.
  const showContact = !suspended && row.status === "accepted" && CONTACT_STATES.includes(request.state) && owner.emailVerifiedAt !== null;
  return {
    id: row.id,
    status,
    respondBy: row.expiresAt.toISOString(),
    request: {
      id: request.id,
      taskType: request.taskType,
      city: request.city,
      date: request.date,
      details: request.details,
      state: request.state,
      proposedDate: request.proposedDate,
      homeOlderThanTwoYears: request.homeOlderThanTwoYears,
    },
    homeowner: showContact ? { name: displayNameFromEmail(owner.email), email: owner.email } : null,
    actions: status === "expired" ? [] : actionsFor(request.state, "handyman"),
  };
}

/**
 * The cards of every page shown at once: the conversations (with unread counts) of all of them in one
 * query, the photos of those the handyman holds in another, whatever the number of cards.
 */
async function toCards(user: Pick<SessionUser, "id">, pages: OfferRow[][], now: Date, suspended: boolean): Promise<ProOffer[][]> {
  const shown = pages.map((rows) => rows.map((row) => toOffer(row, now, suspended)));
  const all = shown.flat();
  // Only while the offer is theirs and they are not suspended: the photo route refuses anyone else.
  const holding = suspended ? [] : all.filter((offer) => offer.status !== "expired").map((offer) => offer.request.id);
  const [threads, photos] = await Promise.all([threadsOfHandyman(user, [...new Set(all.map((offer) => offer.request.id))]), listPhotosOfRequests([...new Set(holding)])]);
  return shown.map((offers) =>
    offers.map((offer) => ({
      ...offer,
      photos: offer.status === "expired" || suspended ? [] : (photos.get(offer.request.id) ?? []),
      thread: threads.get(offer.request.id) ?? null,
    })),
  );
}

/** The handyman's own record and newest reviews; 404 for anyone who is not a handyman. */
async function proBase(db: Db, user: SessionUser): Promise<ProBase> {
  const handyman = await getHandymanForUserOrThrow(user, db);
  const reviews = await listReviewsForHandyman(handyman.id, db, PRO_REVIEWS_SHOWN + 1);
  return { handyman, reviews: reviews.slice(0, PRO_REVIEWS_SHOWN), moreReviews: reviews.length > PRO_REVIEWS_SHOWN };
}

/**
 * GET /api/pro/offers (and what the offer steps answer): one page of the open and accepted offers
 * together, newest first, and the cursor of the next (older) page; 404 for anyone who is not a handyman.
 */
export async function getProViewOrThrow(user: SessionUser, now = new Date(), page: ProOffersPage = { limit: PRO_OFFERS_PAGE_SIZE }): Promise<ProView> {
  const db = await getDb();
  const base = await proBase(db, user);
  const found = await readOffers(db, user, base.handyman.id, "all", page.limit, page.cursor);
  const [offers] = await toCards(user, [found.rows], now, base.handyman.suspended);
  return { ...base, offers, nextCursor: found.next };
}

/**
 * /pro: a page of the offers waiting for an answer and a page of the jobs (PRO_PAGE_SIZE each, newest
 * first, each list with its own cursor), how many jobs there are (counted on the index), and the cards'
 * conversations and photos in one query each; 404 for anyone who is not a handyman. A fixed number of
 * reads whatever the handyman's history.
 */
export async function getProPageOrThrow(user: SessionUser, cursors: ProPageCursors = {}, now = new Date()): Promise<ProPageView> {
  const db = await getDb();
  const base = await proBase(db, user);
  const handymanId = base.handyman.id;
  const [open, jobs, total] = await Promise.all([
    readOffers(db, user, handymanId, "open", PRO_PAGE_SIZE, cursors.open),
    readOffers(db, user, handymanId, "jobs", PRO_PAGE_SIZE, cursors.jobs),
    db.offer.count({ where: { handymanId, status: "accepted" } }),
  ]);
  const [openCards, jobCards] = await toCards(user, [open.rows, jobs.rows], now, base.handyman.suspended);
  return { ...base, open: { ...open, rows: openCards }, jobs: { ...jobs, rows: jobCards, total } };
}
