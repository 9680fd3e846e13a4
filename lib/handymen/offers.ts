// What a handyman sees on /pro: the requests offered to them (open, and the ones they accepted, with
// what became of them), their rating and their reviews. A homeowner's name and email appear only on a
// job the handyman accepted that is still going or done, and only when the homeowner's address is
// verified; before that a handyman sees the job, never the person.
import "server-only";
import { getDb } from "../db";
import type { SessionUser } from "../auth/current-user";
import { displayNameFromEmail } from "../auth/current-user";
import { actionsFor, type Action, type RequestState } from "../requests/lifecycle";
import type { RepairRequest } from "../requests/schemas";
import { fromTrackedRow, trackedRequestColumns } from "../requests/workflow";
import type { Prisma } from "../generated/prisma/client";
import { decodeCursor, parsePageSize, readPage, type Cursor, type CursorScope } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { getHandymanForUserOrThrow, listReviewsForHandyman, type ProHandyman, type PublishedReview } from "./queries";

export type ProOffer = {
  id: string;
  /** "expired" also for an open offer past its deadline that the sweep has not closed yet. */
  status: "open" | "accepted" | "expired";
  /** ISO timestamp: when an open offer lapses. */
  respondBy: string;
  request: Pick<RepairRequest, "id" | "taskType" | "city" | "date" | "details"> & { state: RequestState; proposedDate: string | null };
  homeowner: { name: string; email: string } | null;
  /** What the handyman may do now (lib/requests/lifecycle.ts decides). */
  actions: Action[];
};

const CONTACT_STATES: readonly RequestState[] = ["accepted", "date_proposed", "done", "reviewed"];

export type ProView = { handyman: ProHandyman; offers: ProOffer[]; reviews: PublishedReview[] };

/** GET /api/pro/offers gives this many offers a page unless ?limit= says otherwise (at most PRO_OFFERS_MAX_LIMIT). */
export const PRO_OFFERS_PAGE_SIZE = 50;
export const PRO_OFFERS_MAX_LIMIT = 200;

/** A handyman's offer cursors are their own: one from another list or account is a 400. */
const proOffersScope = (user: Pick<SessionUser, "id">): CursorScope => ({ list: "pro.offers", owner: user.id });

export type ProOffersPage = { cursor?: Cursor; limit: number };

/** ?cursor= and ?limit= of GET /api/pro/offers (a bad one is a 400; absent: the newest PRO_OFFERS_PAGE_SIZE). */
export function parseProOffersPage(user: Pick<SessionUser, "id">, query: URLSearchParams): ProOffersPage {
  const one = (key: string) => (query.getAll(key).length > 1 ? query.getAll(key) : (query.get(key) ?? undefined));
  return {
    cursor: decodeCursor(one("cursor"), proOffersScope(user), 2),
    limit: parsePageSize(one("limit"), { fallback: PRO_OFFERS_PAGE_SIZE, max: PRO_OFFERS_MAX_LIMIT }),
  };
}

const offerColumns = {
  id: true,
  status: true,
  createdAt: true,
  expiresAt: true,
  request: { select: { ...trackedRequestColumns, user: { select: { email: true, emailVerifiedAt: true } } } },
} as const satisfies Prisma.OfferSelect;

/**
 * The signed-in handyman's page; 404 for anyone who is not a handyman. With `page`, one page of the offers,
 * newest first (the id breaking ties), and the cursor of the next (older) one; without, every open and
 * accepted offer.
 */
export async function getProViewOrThrow(user: SessionUser, now?: Date): Promise<ProView>;
export async function getProViewOrThrow(user: SessionUser, now: Date | undefined, page: ProOffersPage): Promise<ProView & { nextCursor: string | null }>;
export async function getProViewOrThrow(user: SessionUser, now = new Date(), page?: ProOffersPage): Promise<ProView & { nextCursor?: string | null }> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  const where = { handymanId: handyman.id, status: { in: ["open" as const, "accepted" as const] } };
  const [found, reviews] = await Promise.all([
    page
      ? readPage(
          proOffersScope(user),
          page.limit,
          page.cursor,
          ({ cursor, take }) => {
            const keyset = newestFirst(cursor, { time: "createdAt", id: "id" }, uuidOf);
            return db.offer.findMany({
              where: { AND: [where, keyset.where as Prisma.OfferWhereInput] },
              orderBy: keyset.orderBy as Prisma.OfferOrderByWithRelationInput[],
              take,
              select: offerColumns,
            });
          },
          (row) => timeKey(row.createdAt, row.id),
        )
      : db.offer.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: offerColumns }).then((rows) => ({ rows, next: undefined })),
    listReviewsForHandyman(handyman.id, db),
  ]);
  const offers = found.rows.map((row): ProOffer => {
    const request = fromTrackedRow(row.request);
    const lapsed = row.status === "open" && row.expiresAt <= now;
    const status = lapsed ? "expired" : row.status === "accepted" ? "accepted" : "open";
    const owner = row.request.user;
    const showContact = row.status === "accepted" && CONTACT_STATES.includes(request.state) && owner.emailVerifiedAt !== null;
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
      },
      homeowner: showContact ? { name: displayNameFromEmail(owner.email), email: owner.email } : null,
      actions: status === "expired" ? [] : actionsFor(request.state, "handyman"),
    };
  });
  return page ? { handyman, offers, reviews, nextCursor: found.next ?? null } : { handyman, offers, reviews };
}
