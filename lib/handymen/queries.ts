// Handymen as the rest of the code sees them: the candidates the matching rule ranks for a request (public
// fields only, never the account behind them), the handyman signed in on /pro, their pause switch
// ("available now") and their reviews.
import "server-only";
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import type { Handyman as PublicHandyman } from "../matching";
import { fromDbCity, fromDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { availableOnSql, insuredOnSql, type IsoDay } from "./availability";
import type { RatingBasis } from "./rating";

export type { PublicHandyman };

type Db = PrismaClient | Prisma.TransactionClient;

export const publicHandymanColumns = {
  id: true,
  name: true,
  cities: true,
  taskTypes: true,
  hourlyPriceCents: true,
  rating: true,
  available: true,
} as const satisfies Prisma.HandymanSelect;

type PublicHandymanRow = Prisma.HandymanGetPayload<{ select: typeof publicHandymanColumns }>;

/** Where a request is (the (city, trade) pair a handyman serves it under). */
export type RequestPair = { city: City; taskType: TaskType };

/**
 * A handyman's row as the matching rule's list entry for a request in `pair` (the sample list's field
 * names and "yes"/"no"): city and task_type are the request's, one pair of the handyman's sets. `available`
 * is the pause switch here; the matching list computes it for the request's date instead (listCandidates).
 */
export function toPublicHandyman(row: PublicHandymanRow, pair: RequestPair): PublicHandyman {
  return {
    id: row.id,
    name: row.name,
    city: pair.city,
    rating: row.rating,
    available: row.available ? "yes" : "no",
    price_per_hour: row.hourlyPriceCents / 100,
    task_type: pair.taskType,
  };
}

/** What the matching list is for: the request's pair and day, who passed on it and who made it. */
export type CandidateScope = RequestPair & {
  /** The request's preferred day, "YYYY-MM-DD": "available" is computed for it. */
  date: IsoDay;
  /** Handymen who declined the request or let it expire: it never goes back to them. */
  exclude?: readonly number[];
  /** The account that made the request: nobody is offered their own request. */
  requesterId?: string;
};

/**
 * The list the matching rule ranks for one request: the handymen serving the request's city and trade
 * (found through the GIN indexes on the two sets), less the suspended and removed, those whose insurance
 * does not cover the request's day (ranking.ts's rule, whatever the criterion), those in `exclude` and
 * the requester's own profile, in the register's order (by id, as the sample list is), each with
 * "available" on the request's day (lib/handymen/availability.ts). The rule's last step narrows to the
 * same pair, so ranking this list picks whom ranking the whole register would.
 */
export async function listCandidates(db: Db, scope: CandidateScope): Promise<PublicHandyman[]> {
  const exclude = scope.exclude?.length ? Prisma.sql`AND h."id" NOT IN (${Prisma.join([...scope.exclude])})` : Prisma.empty;
  const notOwn = scope.requesterId ? Prisma.sql`AND (h."user_id" IS NULL OR h."user_id" <> ${scope.requesterId}::uuid)` : Prisma.empty;
  const rows = await db.$queryRaw<CandidateRow[]>`
    SELECT h."id", h."name", h."hourly_price_cents", h."rating", ${availableOnSql(scope.date)} AS "available"
      FROM "handymen" h
     WHERE h."cities" @> ARRAY[${scope.city}]::"city"[]
       AND h."task_types" @> ARRAY[${scope.taskType}]::"task_type"[]
       AND NOT h."suspended" AND h."removed_at" IS NULL
       AND ${insuredOnSql(Prisma.sql`h."insured_until"`, scope.date)}
       ${exclude} ${notOwn}
     ORDER BY h."id"`;
  return rows.map((row) => publicCandidate(row, scope));
}

/** A candidate as SQL reads it: the handyman's own columns and "available" on the request's day. */
export type CandidateRow = { id: number; name: string; hourly_price_cents: number; rating: number | null; available: boolean };

/** A candidate in the spec's shape, in the request's city and trade. */
export function publicCandidate(row: CandidateRow, scope: RequestPair): PublicHandyman {
  return {
    id: row.id,
    name: row.name,
    city: scope.city,
    rating: row.rating === null ? null : Number(row.rating),
    available: row.available ? "yes" : "no",
    price_per_hour: Number(row.hourly_price_cents) / 100,
    task_type: scope.taskType,
  };
}

/** A signed-in handyman's own profile as /pro shows it: the sets they serve, rating, price and the pause switch. */
export type ProHandyman = Omit<PublicHandyman, "city" | "task_type"> & { cities: City[]; taskTypes: TaskType[]; suspended: boolean };

function toProHandyman(row: PublicHandymanRow & { suspended: boolean }): ProHandyman {
  return {
    id: row.id,
    name: row.name,
    cities: row.cities.map(fromDbCity),
    taskTypes: row.taskTypes.map(fromDbTaskType),
    rating: row.rating,
    available: row.available ? "yes" : "no",
    price_per_hour: row.hourlyPriceCents / 100,
    suspended: row.suspended,
  };
}

/** The handyman profile of a signed-in user, or null when the user is not a handyman. */
export async function findHandymanForUser(user: SessionUser, db?: Db): Promise<ProHandyman | null> {
  const client = db ?? (await getDb());
  const row = await client.handyman.findFirst({
    where: { userId: user.id, user: { role: "handyman" } },
    select: { ...publicHandymanColumns, suspended: true },
  });
  return row ? toProHandyman(row) : null;
}

/** The same, for a handler or page only handymen may use: anyone else gets 404, as for a page that does not exist. */
export async function getHandymanForUserOrThrow(user: SessionUser, db?: Db): Promise<ProHandyman> {
  const handyman = await findHandymanForUser(user, db);
  if (!handyman) throw new ApiError("not_found", { key: "pageNotFound" });
  return handyman;
}

/** A suspended handyman's profile stays as the operator left it: every change is refused with this (403). */
export const suspendedProfile = () => new ApiError("forbidden", { key: "profile.suspended" });

/** Switches "available now", which the "available" criterion reads; a suspended handyman cannot (403). */
export async function setAvailability(user: SessionUser, available: boolean): Promise<ProHandyman> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  const { count } = await db.handyman.updateMany({ where: { id: handyman.id, suspended: false }, data: { available } });
  if (count === 0) throw suspendedProfile();
  return { ...handyman, available: available ? "yes" : "no" };
}

export type PublishedReview = { id: string; stars: number; text: string; createdAt: string };

/** A handyman's reviews, newest first (text as written: pages escape it like any other text). */
export async function listReviewsForHandyman(handymanId: number, db?: Db, take?: number): Promise<PublishedReview[]> {
  const client = db ?? (await getDb());
  const rows = await client.review.findMany({
    where: { handymanId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take,
    select: { id: true, stars: true, text: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * What the ratings of the handymen `ids` rest on (lib/handymen/rating.ts says it in words): the rating,
 * the starting rating and how many reviews, by id. Two indexed reads whatever the number of reviews.
 */
export async function listRatingBases(ids: readonly number[], db?: Db): Promise<Record<number, RatingBasis>> {
  if (ids.length === 0) return {};
  const client = db ?? (await getDb());
  const unique = [...new Set(ids)];
  const rows = await client.handyman.findMany({ where: { id: { in: unique } }, select: { id: true, rating: true, baseRating: true } });
  const counts = await client.review.groupBy({ by: ["handymanId"], where: { handymanId: { in: unique } }, _count: { _all: true } });
  const reviewCount = new Map(counts.map((row) => [row.handymanId, row._count._all]));
  return Object.fromEntries(
    rows.map((row) => [row.id, { rating: row.rating, startingRating: row.baseRating, reviewCount: reviewCount.get(row.id) ?? 0 }]),
  );
}

/**
 * The handyman's reliability, kept with the profile like the rating: the jobs they accepted (offers still
 * accepted, and those they accepted and cancelled afterwards) and how many of them they cancelled (a
 * job_withdrawals row each) or did not come to (a no_shows row with absent = handyman, lib/requests/no-show.ts:
 * a no-show counts as a cancellation). Refreshed in the transactions that change it (accepting an offer,
 * cancelling an accepted job, a reported no-show); two counts in one statement, read by the profile without counting anything.
 */
export async function refreshReliability(tx: Prisma.TransactionClient, handymanId: number): Promise<{ accepted: number; cancelled: number }> {
  const [row] = await tx.$queryRaw<{ accepted: number; cancelled: number }[]>`
    UPDATE "handymen" h
       SET "jobs_accepted" = o.n + w.n, "jobs_cancelled" = w.n + s.n
      FROM (SELECT count(*)::int AS n FROM "offers" WHERE "handyman_id" = ${handymanId} AND "status" = 'accepted') o,
           (SELECT count(*)::int AS n FROM "job_withdrawals" WHERE "handyman_id" = ${handymanId}) w,
           (SELECT count(*)::int AS n FROM "no_shows" WHERE "handyman_id" = ${handymanId} AND "absent" = 'handyman') s
     WHERE h."id" = ${handymanId}
    RETURNING h."jobs_accepted" AS accepted, h."jobs_cancelled" AS cancelled`;
  return row;
}

/**
 * Recomputes a handyman's rating as the mean of the rating they joined with (when Fixwell gave them one)
 * and every review's stars, inside the transaction that stores a review (so "best rated" ranks by what
 * customers said). A handyman who joined without a starting rating is rated by the reviews alone.
 */
export async function refreshRating(tx: Prisma.TransactionClient, handymanId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ rating: number }[]>`
    UPDATE "handymen" h
       SET "rating" = (coalesce(h."base_rating", 0) + coalesce(r.total, 0))
                      / nullif((CASE WHEN h."base_rating" IS NULL THEN 0 ELSE 1 END) + r.n, 0)
      FROM (SELECT sum("stars")::float8 AS total, count(*)::int AS n FROM "reviews" WHERE "handyman_id" = ${handymanId}) r
     WHERE h."id" = ${handymanId}
    RETURNING h."rating"`;
  return row.rating;
}
