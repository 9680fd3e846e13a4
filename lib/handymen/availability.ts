// The one rule for "available": whether a handyman can take a job on a given day. It is SQL, so the
// matching query computes it for every candidate in one statement (lib/handymen/queries.ts), and this is
// the only place it is written. A handyman is available on day D when
//   - the pause switch is on ("available now", `available`), and they are neither suspended nor removed;
//   - they work that weekday (handyman_work_days, ISO 1 = Monday … 7 = Sunday);
//   - no day off covers D (handyman_days_off, both ends inclusive);
//   - they have accepted fewer jobs on requests dated D than they take a day (`daily_capacity`): only
//     offers in state 'accepted' count, so a cancelled, declined, withdrawn or expired one frees the place;
//   - their insurance runs until D or later (`insured_until` null or >= D).
// docs/professionals.md ("How we rank") says the same in words.
import "server-only";
import { Prisma, type PrismaClient } from "../generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

/** "YYYY-MM-DD". */
export type IsoDay = string;

/**
 * Whether the insurance end date in `column` covers `day`: no date on record (the samples), or that day or
 * later. Part of every criterion's eligibility (lib/handymen/ranking.ts), not only of "available": a
 * handyman whose insurance lapsed is offered nothing until a new end date is entered.
 */
export function insuredOnSql(column: Prisma.Sql, day: IsoDay): Prisma.Sql {
  return Prisma.sql`(${column} IS NULL OR ${column} >= ${day}::date)`;
}

/**
 * The rule as a boolean SQL expression over the handymen row aliased `h`, for the calendar day `day`.
 * Use it inside a query that reads `"handymen" h`.
 */
export function availableOnSql(day: IsoDay): Prisma.Sql {
  return Prisma.sql`(
    h."available" AND NOT h."suspended" AND h."removed_at" IS NULL
    AND ${insuredOnSql(Prisma.sql`h."insured_until"`, day)}
    AND EXISTS (SELECT 1 FROM "handyman_work_days" w WHERE w."handyman_id" = h."id" AND w."weekday" = extract(isodow FROM ${day}::date)::int)
    AND NOT EXISTS (SELECT 1 FROM "handyman_days_off" o WHERE o."handyman_id" = h."id" AND ${day}::date BETWEEN o."starts_on" AND o."ends_on")
    AND (SELECT count(*) FROM "offers" a JOIN "inputs" r ON r."input_id" = a."request_id"
          WHERE a."handyman_id" = h."id" AND a."status" = 'accepted' AND r."date" = ${day}::date) < h."daily_capacity"
  )`;
}

/** Whether handyman `handymanId` is available on `day` (false for an unknown id). */
export async function isAvailableOn(db: Db, handymanId: number, day: IsoDay): Promise<boolean> {
  const [row] = await db.$queryRaw<{ available: boolean }[]>`SELECT ${availableOnSql(day)} AS "available" FROM "handymen" h WHERE h."id" = ${handymanId}`;
  return row?.available ?? false;
}
