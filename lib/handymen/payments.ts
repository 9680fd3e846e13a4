// /pro's money list: the handyman's paid payments, newest first, a keyset page at a time (lib/paging, the
// cursor under ?payments=), each with its job (trade, city, day — never the homeowner), where its money is
// from the ledger (lib/payments/ledger.ts balanceOf, the one balance function) and its state in words; and
// the totals held and released over all their payments, summed by the database in one query. Only paid
// payments carry money: open, failed, cancelled and expired attempts are not listed.
import "server-only";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { decodeCursor, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { balanceOf, type Balance } from "../payments/ledger";
import { fromDbCity, fromDbTaskType, type TaskType } from "../requests/catalogue";
import { getHandymanForUserOrThrow } from "./queries";
import { PRO_PAGE_SIZE } from "./offers";

/** Where a payment's money is, for the handyman. */
export type ProPaymentState = "held" | "waiting_for_payout" | "released" | "refunded";

export type ProPayment = {
  id: string;
  /** ISO timestamp of the payment. */
  createdAt: string;
  job: { taskType: TaskType; city: string; date: string };
  balance: Balance;
  state: ProPaymentState;
};

export type ProPayments = Page<ProPayment> & { totals: Pick<Balance, "held" | "released"> };

const scopeOf = (user: Pick<SessionUser, "id">): CursorScope => ({ list: "pro.payments", owner: user.id });

/** /pro's ?payments= cursor (a bad one, or another list's or account's, is a 400; absent: the first page). */
export function parseProPaymentsCursor(user: Pick<SessionUser, "id">, value: string | string[] | undefined): Cursor | undefined {
  return decodeCursor(value, scopeOf(user), 2);
}

/**
 * A payment's state: money still held waits for the job to be confirmed, or — once confirmed — for the
 * handyman's payout account; otherwise it was released to them, or (none released) refunded.
 */
export function proPaymentState(balance: Balance, job: { confirmed: boolean; payoutConnected: boolean }): ProPaymentState {
  if (balance.held > 0) return job.confirmed && !job.payoutConnected ? "waiting_for_payout" : "held";
  if (balance.released > 0 || balance.refunded === 0) return "released";
  return "refunded";
}

const paymentColumns = {
  id: true,
  createdAt: true,
  request: { select: { taskType: true, city: true, date: true, confirmedAt: true } },
} as const satisfies Prisma.PaymentSelect;

/**
 * The handyman's payments page at `cursor` (PRO_PAGE_SIZE rows, newest first, the id breaking ties) through
 * the index on (handyman_id, status, created_at DESC, id DESC); the page's ledger in one query; the totals
 * in another. 404 for anyone who is not a handyman.
 */
export async function getProPaymentsOrThrow(user: SessionUser, cursor?: Cursor): Promise<ProPayments> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  const where: Prisma.PaymentWhereInput = { handymanId: handyman.id, status: "paid" };
  const [page, sums, account] = await Promise.all([
    readPage(
      scopeOf(user),
      PRO_PAGE_SIZE,
      cursor,
      ({ cursor: at, take }) => {
        const keyset = newestFirst(at, { time: "createdAt", id: "id" }, uuidOf);
        return db.payment.findMany({
          where: { AND: [where, keyset.where as Prisma.PaymentWhereInput] },
          orderBy: keyset.orderBy as Prisma.PaymentOrderByWithRelationInput[],
          take,
          select: paymentColumns,
        });
      },
      (row) => timeKey(row.createdAt, row.id),
    ),
    db.ledgerEntry.groupBy({ by: ["kind"], where: { payment: where }, _sum: { amountCents: true } }),
    db.handyman.findUnique({ where: { id: handyman.id }, select: { payoutOrganizationId: true } }),
  ]);
  const entries = page.rows.length
    ? await db.ledgerEntry.findMany({ where: { paymentId: { in: page.rows.map((row) => row.id) } }, select: { paymentId: true, kind: true, amountCents: true } })
    : [];
  const payoutConnected = Boolean(account?.payoutOrganizationId);
  const rows = page.rows.map((row): ProPayment => {
    const balance = balanceOf(entries.filter((entry) => entry.paymentId === row.id));
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      job: { taskType: fromDbTaskType(row.request.taskType), city: fromDbCity(row.request.city), date: row.request.date.toISOString().slice(0, 10) },
      balance,
      state: proPaymentState(balance, { confirmed: row.request.confirmedAt !== null, payoutConnected }),
    };
  });
  const total = balanceOf(sums.map((sum) => ({ kind: sum.kind, amountCents: sum._sum.amountCents ?? 0 })));
  return { ...page, rows, totals: { held: total.held, released: total.released } };
}
