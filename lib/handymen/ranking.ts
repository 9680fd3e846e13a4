// The matching rule, the one place it is written (docs/request-life.md, "How we rank"): for a request in
// a (city, trade) pair,
//   - "price" ranks by hourly price ascending;
//   - "rated" by rating descending, a handyman without a rating yet ("new") after every rated one;
//   - "available" keeps only those available on the request's day (./availability.ts) and ranks them by
//     hourly price descending;
// ties in the register's order (by id), and the first one wins. The spec's rule sorted the whole register
// and then kept the request's city and task type; ranking only that pair's candidates picks the same
// handymen in the same order, since the sorts are stable.
//
// It is SQL, read through the btree indexes of `handyman_offerings` (one row per pair a handyman who may
// be offered work serves, kept by a trigger), so the offer and the pass-on read only the top of the ranking
// (LIMIT), the confirmation page gets the few rows it shows, and the criteria page a shortlist of each
// criterion's top few (rankShortlist), never the pair's whole list.
import "server-only";
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { CRITERIA, type Criterion } from "../requests/catalogue";
import { availableOnSql, insuredOnSql } from "./availability";
import { publicCandidate, type CandidateRow, type CandidateScope, type PublicHandyman } from "./queries";

type Db = PrismaClient | Prisma.TransactionClient;

/** Each criterion's order over `handyman_offerings` o: the btree index that gives it is named beside it. */
const ORDER: Record<Criterion, Prisma.Sql> = {
  price: Prisma.sql`o."hourly_price_cents" ASC, o."handyman_id" ASC`, // handyman_offerings_by_price
  rated: Prisma.sql`o."rating" DESC NULLS LAST, o."handyman_id" ASC`, // handyman_offerings_by_rating
  available: Prisma.sql`o."hourly_price_cents" DESC, o."handyman_id" ASC`, // handyman_offerings_by_price_desc
};

export type RankScope = CandidateScope & { criterion: Criterion };

export type Ranking = {
  /** The first `limit` of the ranking (all of it without a limit), best first. */
  top: PublicHandyman[];
  /** How many the ranking holds: the candidates, or under "available" those available on the day ("among the 5 plumbers"). */
  count: number;
};

export type RankedHolder = {
  /** The holder as a candidate of the request ("available" on its day), or null when they are no longer one (suspended, removed, left the pair). */
  handyman: PublicHandyman | null;
  /** Their place in the ranking, 1 for the first; 0 when they are not in it (under "available", not available on the day). */
  place: number;
};

type Row = CandidateRow;

/**
 * The candidates of the scope, rows of `handyman_offerings` o: its pair (the trigger keeps only handymen
 * who may be offered work: not suspended, not removed), insured on the request's day (whatever the
 * criterion: lapsed insurance takes a handyman out of the market), less those who passed on it and the
 * requester's own profile. Without the handymen table, so a count reads the pair's index entries only.
 */
function candidatesSql(scope: CandidateScope): Prisma.Sql {
  const exclude = scope.exclude?.length ? Prisma.sql`AND o."handyman_id" NOT IN (${Prisma.join([...scope.exclude])})` : Prisma.empty;
  const notOwn = scope.requesterId ? Prisma.sql`AND o."handyman_id" NOT IN (SELECT x."id" FROM "handymen" x WHERE x."user_id" = ${scope.requesterId}::uuid)` : Prisma.empty;
  return Prisma.sql`"handyman_offerings" o
     WHERE o."city" = ${scope.city}::"city" AND o."task_type" = ${scope.taskType}::"task_type"
       AND ${insuredOnSql(Prisma.sql`o."insured_until"`, scope.date)}
       ${exclude} ${notOwn}`;
}

/** The ranking's rows in the index's order: the candidates, under "available" joined to their handyman h and kept when available on the day. */
function rankedSql(scope: RankScope): Prisma.Sql {
  if (scope.criterion !== "available") return Prisma.sql`(SELECT o.* FROM ${candidatesSql(scope)}) o`;
  return Prisma.sql`(SELECT o.* FROM ${candidatesSql(scope)}) o JOIN "handymen" h ON h."id" = o."handyman_id" AND ${availableOnSql(scope.date)}`;
}

/**
 * How many of the ranking's rows meet `condition` (on o): the pair's index entries, and under "available"
 * the rule's check on each of those candidates (in the aggregate, so it never runs on the rest of the register).
 */
function countSql(scope: RankScope, condition: Prisma.Sql = Prisma.sql`true`): Prisma.Sql {
  if (scope.criterion !== "available") return Prisma.sql`SELECT count(*)::int AS "count" FROM ${candidatesSql(scope)} AND ${condition}`;
  return Prisma.sql`SELECT (count(*) FILTER (WHERE ${availableOnSql(scope.date)}))::int AS "count"
      FROM (SELECT o.* FROM ${candidatesSql(scope)} AND ${condition}) o JOIN "handymen" h ON h."id" = o."handyman_id"`;
}

/**
 * The rule's ranking of the request's candidates for `scope.criterion`: the first `limit` (every one
 * without a limit) and how many the ranking holds. The top is read in the index's order and stops at
 * `limit`; the count reads the pair's index entries (and, under "available", checks each one's day).
 */
export async function rankCandidates(db: Db, scope: RankScope, { limit }: { limit?: number } = {}): Promise<Ranking> {
  const limitSql = limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
  // The top in the index's order, then each one's row; "available" is worked out for those few only.
  // One query after the other: inside a transaction both run on its one connection.
  const rows = await db.$queryRaw<Row[]>`
    SELECT h."id", h."name", h."hourly_price_cents", h."rating", ${availableOnSql(scope.date)} AS "available"
      FROM (SELECT o."handyman_id", o."hourly_price_cents", o."rating" FROM ${rankedSql(scope)} ORDER BY ${ORDER[scope.criterion]} ${limitSql}) o
      JOIN "handymen" h ON h."id" = o."handyman_id"
     ORDER BY ${ORDER[scope.criterion]}`;
  const [{ count }] = await db.$queryRaw<{ count: number }[]>(countSql(scope));
  return { top: rows.map((row) => publicCandidate(row, scope)), count: Number(count) };
}

/**
 * The request's shortlist: the first `perCriterion` of the ranking under each criterion (at most three
 * times that many people), in the register's order (by id), each with "available" on the request's day.
 * One statement, so the three tops come from one snapshot; no count, so nothing reads the whole pair.
 * The first of each ranking is in it, and the spec's rule over it (lib/matching.ts) picks that one under
 * its criterion: whoever would come before them in the rule's order would come before them here too.
 */
export async function rankShortlist(db: Db, scope: CandidateScope, perCriterion: number): Promise<PublicHandyman[]> {
  const tops = CRITERIA.map(
    (criterion) => Prisma.sql`(SELECT o."handyman_id" FROM ${rankedSql({ ...scope, criterion })} ORDER BY ${ORDER[criterion]} LIMIT ${perCriterion})`,
  );
  const rows = await db.$queryRaw<Row[]>`
    SELECT h."id", h."name", h."hourly_price_cents", h."rating", ${availableOnSql(scope.date)} AS "available"
      FROM "handymen" h
     WHERE h."id" IN (${Prisma.join(tops, " UNION ")})
     ORDER BY h."id"`;
  return rows.map((row) => publicCandidate(row, scope));
}

/**
 * Where handyman `handymanId` (the one holding a request) stands in the ranking: as a candidate, and
 * their place in the rule's order (counted in SQL, so the page needs only this row, whatever the place).
 */
export async function rankHolder(db: Db, scope: RankScope, handymanId: number): Promise<RankedHolder> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT h."id", h."name", h."hourly_price_cents", h."rating", ${availableOnSql(scope.date)} AS "available"
      FROM (SELECT o."handyman_id" FROM ${candidatesSql(scope)} AND o."handyman_id" = ${handymanId}) o
      JOIN "handymen" h ON h."id" = o."handyman_id"`;
  if (!row) return { handyman: null, place: 0 };
  const handyman = publicCandidate(row, scope);
  if (scope.criterion === "available" && !row.available) return { handyman, place: 0 };
  const ahead = aheadOf(scope.criterion, Number(row.hourly_price_cents), row.rating === null ? null : Number(row.rating), handymanId);
  const [{ count: before }] = await db.$queryRaw<{ count: number }[]>(countSql(scope, ahead));
  return { handyman, place: Number(before) + 1 };
}

/** Rows of `handyman_offerings` o ranked before a handyman with these keys, in the criterion's order (ORDER above). */
function aheadOf(criterion: Criterion, priceCents: number, rating: number | null, id: number): Prisma.Sql {
  switch (criterion) {
    case "price":
      return Prisma.sql`(o."hourly_price_cents" < ${priceCents} OR (o."hourly_price_cents" = ${priceCents} AND o."handyman_id" < ${id}))`;
    case "available":
      return Prisma.sql`(o."hourly_price_cents" > ${priceCents} OR (o."hourly_price_cents" = ${priceCents} AND o."handyman_id" < ${id}))`;
    case "rated":
      return rating === null
        ? Prisma.sql`(o."rating" IS NOT NULL OR o."handyman_id" < ${id})`
        : Prisma.sql`(o."rating" > ${rating}::float8 OR (o."rating" = ${rating}::float8 AND o."handyman_id" < ${id}))`;
  }
}
