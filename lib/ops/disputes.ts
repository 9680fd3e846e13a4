// Disputes an operator settles (/ops/disputes): the homeowner reported a problem with a finished job
// (lib/requests/disputes.ts) and its money stays held until an operator decides — release it to the
// handyman, refund part of it, or refund all of it — with a reason both sides are mailed in their language.
// The homeowner's objection to a no-show the handyman reported (lib/requests/no-show.ts) is a dispute too, on
// a job not done: its decision ends the job (cancelled), and its page shows the day's times and the door photo.
// The decision asks for the operator's password like every money action, is one conditional update on
// state = open (two operators at once: one wins, the other gets 409), is audited in its transaction, and
// moves the money only through lib/payments: the refund is written down in the decision's transaction (so
// nothing can release the money before it), then finished, then the rest is released less commission. After
// a partial refund the commission is the job's commission in proportion to the part released
// (commissionOnPart, lib/payments/commission.ts): the refunded part carries none. docs/console.md.
import "server-only";
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { blankAsUndefined, queryParam, type Query } from "../api/query";
import { AfterCommit } from "../queue/after-commit";
import { fromDbCity, fromDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { applyTransition } from "../requests/lifecycle";
import { notify } from "../requests/notices";
import { findHolderOffer } from "../requests/workflow";
import { onTheDayOf, type OnTheDayView } from "../requests/no-show";
import { releaseJob } from "../requests/completion";
import { finishTransfer, getPaymentBalance, PaymentProviderUnavailableError, PaymentRefusedError, writeRefund } from "../payments";
import { balanceOf } from "../payments/ledger";
import { commissionCents, commissionOnPart } from "../payments/commission";
import { issueJobInvoiceWithMail } from "../invoices/mail";
import { formatPrice } from "../format";
import { isWholeCents, toCents, typedEuros } from "../validations/money";
import { freeTextSchema } from "../validations/text";
import { decodeCursor, readPage, type Cursor, type CursorScope } from "../paging/cursor";
import { oldestFirst, timeKey, uuidOf } from "../paging/keyset";
import { confirmPassword, type Operator } from "./access";
import { recordAudit } from "./audit";

export const DISPUTES_PAGE_SIZE = 50;
/** An open dispute older than this is raised on the console's overview. */
export const DISPUTE_OVERDUE_MS = 30 * 24 * 3_600_000;
export const DISPUTE_DECISIONS = ["release", "partial_refund", "full_refund"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const MAX_DECISION_REASON_LENGTH = 1_000;

const disputesScope = (operator: Pick<Operator, "id">): CursorScope => ({ list: "ops.disputes", owner: operator.id });

export type DisputeRow = { id: string; requestId: string; openedAt: string; state: "open" | "decided" | "withdrawn"; city: City; taskType: TaskType; handyman: string; heldCents: number; overdue: boolean };
export type DisputesPage = { rows: DisputeRow[]; nextCursor: string | null; previousCursor: string | null; show: "open" | "all" };

/** ?cursor= and ?show= (open, the default, or all) of /ops/disputes; a bad one is a 400. */
export function parseDisputesQuery(operator: Pick<Operator, "id">, query: Query): { cursor?: Cursor; show: "open" | "all" } {
  const show = z.preprocess(blankAsUndefined, z.enum(["open", "all"], { error: "Show open or all disputes." }).default("open")).safeParse(queryParam(query, "show"));
  if (!show.success) throw ApiError.fromZod(show.error, "Show open or all disputes.");
  return { cursor: decodeCursor(queryParam(query, "cursor"), disputesScope(operator), 2), show: show.data };
}

/** One page of the disputes, oldest first (the queue is worked from its oldest end). */
export async function listDisputes(operator: Pick<Operator, "id">, { cursor, show }: { cursor?: Cursor; show: "open" | "all" }, now = new Date()): Promise<DisputesPage> {
  const db = await getDb();
  const found = await readPage(
    disputesScope(operator),
    DISPUTES_PAGE_SIZE,
    cursor,
    ({ cursor: at, take }) => {
      const keyset = oldestFirst(at, { time: "openedAt", id: "id" }, uuidOf);
      return db.dispute.findMany({
        where: { AND: [show === "open" ? { state: "open" } : {}, keyset.where as Prisma.DisputeWhereInput] },
        orderBy: keyset.orderBy as Prisma.DisputeOrderByWithRelationInput[],
        take,
        select: {
          id: true,
          requestId: true,
          openedAt: true,
          state: true,
          request: { select: { city: true, taskType: true } },
          payment: { select: { handyman: { select: { name: true } }, ledger: { select: { kind: true, amountCents: true } } } },
        },
      });
    },
    (row) => timeKey(row.openedAt, row.id),
  );
  return {
    show,
    nextCursor: found.next,
    previousCursor: found.previous,
    rows: found.rows.map((row) => ({
      id: row.id,
      requestId: row.requestId,
      openedAt: row.openedAt.toISOString(),
      state: row.state,
      city: fromDbCity(row.request.city),
      taskType: fromDbTaskType(row.request.taskType),
      handyman: row.payment.handyman.name,
      heldCents: balanceOf(row.payment.ledger).held,
      overdue: row.state === "open" && now.getTime() - row.openedAt.getTime() > DISPUTE_OVERDUE_MS,
    })),
  };
}

/** How many open disputes are older than DISPUTE_OVERDUE_MS: raised on /ops. */
export async function countOverdueDisputes(now = new Date()): Promise<number> {
  const db = await getDb();
  return db.dispute.count({ where: { state: "open", openedAt: { lt: new Date(now.getTime() - DISPUTE_OVERDUE_MS) } } });
}

const NOT_FOUND = { key: "dispute.notFound" } as const;

export type DisputeDetail = {
  id: string;
  requestId: string;
  paymentId: string;
  state: "open" | "decided" | "withdrawn";
  openedAt: string;
  text: string;
  decision: DisputeDecision | null;
  refundCents: number | null;
  releaseCents: number | null;
  commissionCents: number | null;
  decidedAt: string | null;
  reason: string | null;
  city: City;
  taskType: TaskType;
  handyman: string;
  quote: { lines: { kind: string; description: string; netCents: number }[]; totalCents: number } | null;
  balance: { paid: number; held: number; released: number; refunded: number };
  /** What a decision would release and keep now: the job's commission on what is held. */
  commissionOnHeldCents: number;
  ledger: { kind: string; amountCents: number; at: string }[];
  timeline: { at: string; actorRole: string; action: string; note: string }[];
  /** The request's photos, then those the homeowner added to the problem report (part "problem"). */
  photos: { id: string; part: "request" | "problem" }[];
  threads: { id: string }[];
  /** The day's times and, for an objection to a reported no-show, the no-show with its door photo. */
  onTheDay: OnTheDayView;
};

/** One dispute with what an operator needs to decide it; 404 for an id that is not one. */
export async function getDisputeOrThrow(id: string): Promise<DisputeDetail> {
  if (!z.uuid().safeParse(id).success) throw new ApiError("not_found", NOT_FOUND);
  const db = await getDb();
  const row = await db.dispute.findUnique({
    where: { id },
    include: {
      request: {
        select: {
          city: true,
          taskType: true,
          date: true,
          events: { orderBy: { id: "asc" }, select: { at: true, actorRole: true, action: true, note: true } },
          photos: { orderBy: [{ part: "asc" }, { position: "asc" }], select: { id: true, part: true } },
          threads: { select: { id: true } },
        },
      },
      payment: { select: { quoteId: true, handyman: { select: { name: true } }, ledger: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { kind: true, amountCents: true, createdAt: true } } } },
    },
  });
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  const quote = await quoteOf(row.payment.quoteId, row.requestId);
  const balance = balanceOf(row.payment.ledger);
  return {
    id: row.id,
    requestId: row.requestId,
    paymentId: row.paymentId,
    state: row.state,
    openedAt: row.openedAt.toISOString(),
    text: row.text,
    decision: row.decision,
    refundCents: row.refundCents,
    releaseCents: row.releaseCents,
    commissionCents: row.commissionCents,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    city: fromDbCity(row.request.city),
    taskType: fromDbTaskType(row.request.taskType),
    handyman: row.payment.handyman.name,
    quote: quote ? { lines: quote.lines, totalCents: quote.totalCents } : null,
    balance,
    commissionOnHeldCents: quote ? Math.min(commissionCents(quote), balance.held) : 0,
    ledger: row.payment.ledger.map((entry) => ({ kind: entry.kind, amountCents: entry.amountCents, at: entry.createdAt.toISOString() })),
    timeline: row.request.events.map((event) => ({ at: event.at.toISOString(), actorRole: event.actorRole, action: event.action, note: event.note })),
    photos: row.request.photos,
    threads: row.request.threads,
    onTheDay: await onTheDayOf({ id: row.requestId, date: row.request.date.toISOString().slice(0, 10) }),
  };
}

async function quoteOf(quoteId: string, requestId: string) {
  if (!z.uuid().safeParse(quoteId).success) return null;
  const db = await getDb();
  return db.quote.findFirst({
    where: { id: quoteId, requestId },
    select: { createdAt: true, totalCents: true, lines: { orderBy: { position: "asc" }, select: { kind: true, description: true, netCents: true } } },
  });
}

const AMOUNT_MESSAGE = "Enter the refund in euros and cents, from €0.01 (for example 120.50).";

const decisionSchema = z.object({
  decision: z.enum(DISPUTE_DECISIONS, { error: "Choose release, partial refund or full refund." }),
  amount: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : typedEuros(value)),
    z.number({ error: AMOUNT_MESSAGE }).refine((euros) => isWholeCents(euros) && euros >= 0.01, AMOUNT_MESSAGE).transform(toCents).optional(),
  ),
  reason: freeTextSchema({
    max: MAX_DECISION_REASON_LENGTH,
    typeMessage: "Write the reason as text.",
    maxMessage: `Keep the reason to ${MAX_DECISION_REASON_LENGTH} characters or fewer.`,
  }).refine((value) => value.length >= 3, "Write the reason for the decision: both sides are mailed it."),
}).refine((value) => value.decision !== "partial_refund" || value.amount !== undefined, { message: AMOUNT_MESSAGE, path: ["amount"] });

export type DecisionOutcome = { decision: DisputeDecision; refundCents: number; releaseCents: number; commissionCents: number };

/**
 * Decides dispute `id`: the form is checked first (400: no decision, no reason, a partial refund without an
 * amount or with a negative, malformed or larger-than-held one), then the password (403/429), then the
 * dispute's state (409 when decided or withdrawn meanwhile). Nothing is stored or moved on any of these.
 */
export async function decideDispute(
  operator: Operator,
  id: string,
  input: { decision?: unknown; amount?: unknown; reason?: unknown; password?: unknown },
  now = new Date(),
): Promise<DecisionOutcome> {
  const parsed = decisionSchema.safeParse({ decision: input.decision, amount: input.amount, reason: input.reason ?? "" });
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the field marked below.");
  if (!z.uuid().safeParse(id).success) throw new ApiError("not_found", NOT_FOUND);
  const db = await getDb();
  const dispute = await db.dispute.findUnique({ where: { id }, select: { id: true, requestId: true, paymentId: true, state: true, payment: { select: { quoteId: true } } } });
  if (!dispute) throw new ApiError("not_found", NOT_FOUND);
  await confirmPassword(operator, input.password);
  if (dispute.state !== "open") throw new ApiError("conflict", { key: "dispute.alreadyDecided" });
  const { decision, reason } = parsed.data;
  const { held } = await getPaymentBalance(dispute.paymentId);
  const refundCents = decision === "release" ? 0 : decision === "full_refund" ? held : parsed.data.amount!;
  if (refundCents > held) {
    const message = { key: "dispute.beyondHeld", values: { held: formatPrice(held / 100, "en") } } as const;
    throw new ApiError("bad_request", message, [{ path: "amount", message: `The refund can be at most ${formatPrice(held / 100, "en")}, what is held for this job.` }]);
  }
  const quote = await quoteOf(dispute.payment.quoteId, dispute.requestId);
  const remaining = held - refundCents;
  const commission = quote ? commissionOnPart(commissionCents(quote), remaining, held) : 0;
  const releaseCents = Math.max(0, remaining - commission);
  const after = new AfterCommit();
  let refundTransferId: string | null = null;
  await db.$transaction(async (tx) => {
    // The one decision: whoever's update finds the dispute still open wins; the other gets 409.
    const { count } = await tx.dispute.updateMany({
      where: { id, state: "open" },
      data: { state: "decided", decision, refundCents, releaseCents, commissionCents: commission, decidedById: operator.id, decidedAt: now, reason },
    });
    if (count !== 1) throw new ApiError("conflict", { key: "dispute.alreadyDecided" });
    const request = await tx.repairRequest.findUniqueOrThrow({ where: { id: dispute.requestId }, select: { id: true, state: true, taskType: true, city: true, date: true, userId: true, confirmedAt: true } });
    // An objection to a reported no-show (lib/requests/no-show.ts): the decision ends the job, cancelled, and
    // what it releases goes out as a confirmed job's would (releaseJob), without an invoice: no work was done.
    const noShow = await tx.noShow.updateMany({ where: { requestId: request.id, state: "objected" }, data: { state: "decided", settledAt: now } });
    const onTheDay = noShow.count === 1;
    await applyTransition(tx, { requestId: request.id, action: onTheDay ? "settle_no_show" : "decide_dispute", from: request.state, actor: { role: "operator", userId: operator.id }, note: decision });
    await tx.repairRequest.updateMany({ where: { id: request.id, confirmedAt: null }, data: { confirmedAt: now } });
    if (refundCents > 0) {
      try {
        refundTransferId = await writeRefund(tx, dispute.paymentId, refundCents, `dispute:${id}`);
      } catch (error) {
        if (error instanceof PaymentRefusedError && error.reason === "transfer-in-progress") throw new ApiError("conflict", { key: "dispute.moneyBusy" });
        if (error instanceof PaymentRefusedError && error.reason === "beyond-held") throw new ApiError("conflict", { key: "dispute.alreadyDecided" });
        throw error;
      }
    }
    // Money the handyman gets is invoiced as on a confirmation; a partial refund then gets its credit note.
    if (releaseCents > 0 && !onTheDay) await issueJobInvoiceWithMail(tx, after, request.id, now);
    const holder = await findHolderOffer(tx, request.id);
    const named = { id: request.id, userId: request.userId, taskType: fromDbTaskType(request.taskType), city: fromDbCity(request.city), date: request.date.toISOString().slice(0, 10) };
    if (holder) await notify.disputeDecided(tx, after, { request: named, handymanId: holder.handymanId, decision, refundCents, releaseCents, reason });
    await recordAudit(tx, operator, {
      action: "decide_dispute",
      targetType: "request",
      targetId: request.id,
      before: { dispute: id, state: "open", heldCents: held },
      // The reason is in the dispute and both mails, never in the log: it is free text about people.
      after: { dispute: id, state: "decided", decision, refundCents, releaseCents, commissionCents: commission },
    });
  });
  await after.run();
  // The money, once the decision is stored: a provider that does not answer leaves it to the queue's sweep.
  try {
    if (refundTransferId) await finishTransfer(refundTransferId);
    if (releaseCents > 0) await releaseJob(dispute.requestId);
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError) && !(error instanceof PaymentRefusedError)) throw error;
  }
  return { decision, refundCents, releaseCents, commissionCents: commission };
}
