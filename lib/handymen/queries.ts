// Handymen as the rest of the code sees them: the public profile the matching rule ranks (never the
// account behind it), the handyman signed in on /pro, their "available now" switch and their reviews.
import "server-only";
import type { PrismaClient, Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import type { Handyman as PublicHandyman } from "../matching";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";

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

/** A row as the matching rule's list entry (the sample list's field names and "yes"/"no"). */
export function toPublicHandyman(row: PublicHandymanRow): PublicHandyman {
  return {
    id: row.id,
    name: row.name,
    // Interim: every handyman serves one city and one trade until profiles take sets (#23).
    city: fromDbCity(row.cities[0]),
    // Interim (#23): only sample handymen exist, and each has a rating; joined ones will show "new".
    rating: row.rating ?? 0,
    available: row.available ? "yes" : "no",
    price_per_hour: row.hourlyPriceCents / 100,
    task_type: fromDbTaskType(row.taskTypes[0]),
  };
}

/**
 * The list the matching rule ranks, in the register's order (by id, as the sample list is): everyone
 * who is not suspended, less those named in `exclude` (who declined the request or let it expire) and
 * less the profile of `requesterId`, the account that made the request: nobody is offered their own.
 */
export async function listHandymenForMatching(db: Db, exclude: readonly number[] = [], requesterId?: string): Promise<PublicHandyman[]> {
  const rows = await db.handyman.findMany({
    where: {
      suspended: false,
      ...(exclude.length ? { id: { notIn: [...exclude] } } : {}),
      ...(requesterId ? { OR: [{ userId: null }, { userId: { not: requesterId } }] } : {}),
    },
    orderBy: { id: "asc" },
    select: publicHandymanColumns,
  });
  return rows.map(toPublicHandyman);
}

export type ProHandyman = PublicHandyman & { suspended: boolean };

/** The handyman profile of a signed-in user, or null when the user is not a handyman. */
export async function findHandymanForUser(user: SessionUser, db?: Db): Promise<ProHandyman | null> {
  const client = db ?? (await getDb());
  const row = await client.handyman.findFirst({
    where: { userId: user.id, user: { role: "handyman" } },
    select: { ...publicHandymanColumns, suspended: true },
  });
  return row ? { ...toPublicHandyman(row), suspended: row.suspended } : null;
}

/** The same, for a handler or page only handymen may use: anyone else gets 404, as for a page that does not exist. */
export async function getHandymanForUserOrThrow(user: SessionUser, db?: Db): Promise<ProHandyman> {
  const handyman = await findHandymanForUser(user, db);
  if (!handyman) throw new ApiError("not_found", { key: "pageNotFound" });
  return handyman;
}

/** Switches "available now", which the "available" criterion reads. */
export async function setAvailability(user: SessionUser, available: boolean): Promise<ProHandyman> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  await db.handyman.update({ where: { id: handyman.id }, data: { available } });
  return { ...handyman, available: available ? "yes" : "no" };
}

export type PublishedReview = { id: string; stars: number; text: string; createdAt: string };

/** A handyman's reviews, newest first (text as written: pages escape it like any other text). */
export async function listReviewsForHandyman(handymanId: number, db?: Db): Promise<PublishedReview[]> {
  const client = db ?? (await getDb());
  const rows = await client.review.findMany({
    where: { handymanId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, stars: true, text: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Recomputes a handyman's rating as the mean of the rating they joined with and every review's stars,
 * inside the transaction that stores a review (so "best rated" ranks by what customers said).
 */
export async function refreshRating(tx: Prisma.TransactionClient, handymanId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ rating: number }[]>`
    UPDATE "handymen" h
       SET "rating" = (h."base_rating" + coalesce(r.total, 0)) / (1 + coalesce(r.n, 0))
      FROM (SELECT sum("stars")::float8 AS total, count(*)::int AS n FROM "reviews" WHERE "handyman_id" = ${handymanId}) r
     WHERE h."id" = ${handymanId}
    RETURNING h."rating"`;
  return row.rating;
}
