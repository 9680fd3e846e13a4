// The money of a cancelled job. Every cancel step of a request (the homeowner's, an operator's on their
// behalf, the platform's when the handyman left, the homeowner's account being deleted) calls
// recordCancellation in its own transaction, right after the transition that locked the request: it asks the
// rule (lib/payments/cancellation.ts) what the paid payment's held money becomes and writes it down, once per
// request. Once that transaction has committed, settleCancellation asks lib/payments for the refund (reason
// key `cancel:<request>`, so two cancels refund once) and, for a late cancellation, releases the fee to the
// handyman's payout organization less commission. Nothing here calls the provider inside a transaction.
//
// A provider that does not answer leaves the refund "requested" (the reconciliation sweep finishes it); the
// fee is released only after the refund is done, and a handyman without a payout account waits for it until
// they connect one: the job-completion sweep (settleCancellations) picks both up.
import "server-only";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import { logFailure } from "../db/errors";
import type { Prisma } from "../generated/prisma/client";
import { balanceOf } from "../payments/ledger";
import { finishTransfer, PaymentProviderUnavailableError, PaymentRefusedError, refund, release, writeRefund } from "../payments";
import { cancellationOutcome, netOfGross, type Canceller, type CancellationRule } from "../payments/cancellation";
import { commissionCents } from "../payments/commission";

type Tx = Prisma.TransactionClient;

export type CancellationMoney = {
  paymentId: string;
  handymanId: number;
  /** The handyman's name, for the button's words ("€35 goes to Nina"). */
  handymanName: string;
  rule: CancellationRule;
  refundCents: number;
  feeCents: number;
  commissionCents: number;
};

/** The refund reason key of a request's cancellation: one refund per request, whoever presses what. */
export const cancellationReasonKey = (requestId: string) => `cancel:${requestId}`;

/**
 * What cancelling request `requestId` by `by` at `now` would move; null when nothing of it is paid and held
 * (cancelling is then free). Read inside the cancel's transaction, and by the order page for its button.
 */
export async function cancellationMoney(db: Tx, requestId: string, by: Canceller, now: Date): Promise<CancellationMoney | null> {
  // A payment refunded because its handyman cancelled the job (a job withdrawal) is no longer the job's:
  // the request went back to the ranking and may be paid again to the next handyman.
  const payment = await db.payment.findFirst({
    where: { requestId, status: "paid", withdrawal: null },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      quoteId: true,
      handymanId: true,
      handyman: { select: { name: true, hourlyPriceCents: true } },
      request: { select: { date: true } },
      ledger: { select: { kind: true, amountCents: true } },
    },
  });
  if (!payment) return null;
  const { held } = balanceOf(payment.ledger);
  if (held <= 0) return null;
  const quote = await db.quote.findFirst({
    where: { id: payment.quoteId, requestId },
    select: { createdAt: true, lines: { where: { kind: "labour" }, select: { hourlyPriceCents: true, vatRate: true } } },
  });
  const labour = quote?.lines[0];
  const outcome = cancellationOutcome({
    by,
    paidCents: held,
    agreedDate: payment.request.date.toISOString().slice(0, 10),
    now,
    hourlyPriceCents: labour?.hourlyPriceCents ?? payment.handyman.hourlyPriceCents,
  });
  const fee = outcome.feeToHandymanCents;
  // The fee is an hour of labour: commission on its net, as on a quote's labour (one function for commission).
  const commission = fee > 0 && quote ? Math.min(commissionCents({ createdAt: quote.createdAt, lines: [{ kind: "labour", netCents: netOfGross(fee, labour?.vatRate ?? 21) }] }), fee) : 0;
  return {
    paymentId: payment.id,
    handymanId: payment.handymanId,
    handymanName: payment.handyman.name,
    rule: outcome.rule,
    refundCents: outcome.refundCents,
    feeCents: fee,
    commissionCents: commission,
  };
}

/** What the homeowner saw on the Cancel button: the cancel goes through only if the rule still says this. */
export type ExpectedCancellation = { refundCents: number; feeCents: number };

/**
 * In the cancel's transaction, after its transition (so the request is locked and the cancel is the only one):
 * writes down what the cancellation moves. With `expected` (the amounts the homeowner's button showed) a
 * different answer now (the 24-hour boundary passed meanwhile) is refused with 409 and nothing is cancelled.
 */
export async function recordCancellation(tx: Tx, requestId: string, by: Canceller, now: Date, expected?: ExpectedCancellation): Promise<CancellationMoney | null> {
  const money = await cancellationMoney(tx, requestId, by, now);
  if (expected && ((money?.refundCents ?? 0) !== expected.refundCents || (money?.feeCents ?? 0) !== expected.feeCents)) {
    throw new ApiError("conflict", { key: "request.cancelAmountChanged" });
  }
  if (!money) return null;
  await tx.requestCancellation.create({
    data: { requestId, paymentId: money.paymentId, byRole: by, rule: money.rule, refundCents: money.refundCents, feeCents: money.feeCents, commissionCents: money.commissionCents },
  });
  return money;
}

export type SettleOutcome = "done" | "requested" | "waiting" | "nothing";

/**
 * Asks the provider for what request `requestId`'s cancellation moves: the refund, then (once the refund is
 * done) the fee to the handyman's organization. "requested" when the provider did not answer (the sweeps
 * finish it), "waiting" when the fee waits for the handyman's payout account. Safe to run any number of
 * times; never throws for the provider (the cancel has already happened).
 */
export async function settleCancellation(requestId: string): Promise<SettleOutcome> {
  const db = await getDb();
  const row = await db.requestCancellation.findUnique({
    where: { requestId },
    select: { paymentId: true, refundCents: true, feeCents: true, commissionCents: true, payment: { select: { handyman: { select: { payoutOrganizationId: true } } } } },
  });
  if (!row) return "nothing";
  try {
    if (row.refundCents > 0) {
      const { state } = await refund(row.paymentId, row.refundCents, cancellationReasonKey(requestId));
      if (state === "requested") return "requested";
    }
    if (row.feeCents <= 0) return "done";
    const organizationId = row.payment.handyman.payoutOrganizationId;
    if (!organizationId) return "waiting";
    if (await db.paymentTransfer.count({ where: { paymentId: row.paymentId, kind: "release" } })) return "done";
    const { state } = await release(row.paymentId, organizationId, row.feeCents - row.commissionCents, row.commissionCents);
    return state;
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) return "requested";
    if (error instanceof PaymentRefusedError && (error.reason === "transfer-in-progress" || error.reason === "already-released")) return "requested";
    logFailure("payments", `settling the cancellation of request ${requestId}`, error);
    return "requested";
  }
}

/** Settles each of the requests after their cancel committed. */
export async function settleCancellations(requestIds: readonly string[]): Promise<void> {
  for (const id of requestIds) await settleCancellation(id);
}

/**
 * The sweep (with the job-completion one, every minute): every cancellation whose refund was never asked for
 * (a server stopped between the commit and the call), and every late fee not released yet whose handyman has
 * a payout account (they connected since, or the refund was finished by the reconciliation sweep).
 */
export async function settleDueCancellations(): Promise<number> {
  const db = await getDb();
  const due = await db.requestCancellation.findMany({
    where: {
      OR: [
        { refundCents: { gt: 0 }, payment: { transfers: { none: { kind: "refund", reasonKey: { startsWith: "cancel:" } } } } },
        { feeCents: { gt: 0 }, payment: { transfers: { none: { kind: "release" } }, handyman: { payoutOrganizationId: { not: null } } } },
      ],
    },
    select: { requestId: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  let settled = 0;
  for (const { requestId } of due) if ((await settleCancellation(requestId)) === "done") settled++;
  return settled;
}

/** The refund reason key of a payment completed after its job was cancelled: all of it goes back. */
export const paidAfterCancelReasonKey = (paymentId: string) => `paid-after-cancel:${paymentId}`;

/**
 * A checkout finished in another tab (or a bank that answered late) after the job was cancelled: the payment
 * is paid, its request cancelled, and no cancellation row speaks for it; or after the handyman it pays had
 * cancelled the job (their quote void, the request passed on). All that it holds is refunded (reason
 * key per payment, so asking twice refunds once). Run when the provider says a payment is paid (the webhook,
 * by the minute sweep; `only` narrows it to one provider payment. Never throws
 * for the provider: a refund it could not ask for is "requested", and the reconciliation sweep finishes it.
 */
export async function refundPaidAfterCancel(only?: { providerPaymentId: string }): Promise<number> {
  const db = await getDb();
  // Paid for a handyman who had cancelled the job meanwhile (the checkout finished after their cancel): their
  // quote is void and the request went on without them, so this payment is no one's either.
  const voided = await db.$queryRaw<{ id: string }[]>`
    SELECT p."id"::text AS id FROM "payments" p
     WHERE p."status" = 'paid'
       AND EXISTS (SELECT 1 FROM "job_withdrawals" w WHERE w."request_id" = p."request_id" AND w."handyman_id" = p."handyman_id")
       AND NOT EXISTS (SELECT 1 FROM "job_withdrawals" w WHERE w."payment_id" = p."id")
     LIMIT 200`;
  const stray = await db.payment.findMany({
    where: {
      ...(only ? { providerPaymentId: only.providerPaymentId } : {}),
      status: "paid",
      OR: [{ request: { state: "cancelled", noShow: { is: null } }, cancellations: { none: {} } }, { id: { in: voided.map((row) => row.id) } }],
      withdrawal: null,
      transfers: { none: { kind: "refund", reasonKey: { startsWith: "paid-after-cancel:" } } },
    },
    select: { id: true, ledger: { select: { kind: true, amountCents: true } } },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  let refunded = 0;
  for (const payment of stray) {
    const { held } = balanceOf(payment.ledger);
    if (held <= 0) continue;
    try {
      await refund(payment.id, held, paidAfterCancelReasonKey(payment.id));
      refunded++;
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) continue;
      logFailure("payments", `refunding payment ${payment.id} completed after its job was cancelled`, error);
    }
  }
  return refunded;
}

export type CancellationView = {
  refundCents: number;
  feeCents: number;
  handymanName: string;
  /** "done": the refund went through; "requested": on its way. */
  refund: "done" | "requested";
  /** "done": the fee reached the handyman; "waiting": it is held until they can be paid; "none": no fee. */
  fee: "done" | "waiting" | "none";
};

/** What the order page says of a cancelled paid job: how much was (or is being) refunded, and the fee. */
export async function cancellationView(requestId: string): Promise<CancellationView | null> {
  const db = await getDb();
  const row = await db.requestCancellation.findUnique({
    where: { requestId },
    select: {
      refundCents: true,
      feeCents: true,
      payment: { select: { handyman: { select: { name: true, removedAt: true } }, transfers: { select: { kind: true, reasonKey: true, state: true } } } },
    },
  });
  if (!row) return null;
  const refundDone = row.refundCents === 0 || row.payment.transfers.some((t) => t.kind === "refund" && t.reasonKey === cancellationReasonKey(requestId) && t.state === "done");
  const released = row.payment.transfers.some((t) => t.kind === "release" && t.state === "done");
  return {
    refundCents: row.refundCents,
    feeCents: row.feeCents,
    handymanName: row.payment.handyman.removedAt ? "" : row.payment.handyman.name,
    refund: refundDone ? "done" : "requested",
    fee: row.feeCents === 0 ? "none" : released ? "done" : "waiting",
  };
}

/**
 * What the homeowner's Cancel button says at this moment: the rule's answer for them now; null when
 * cancelling is free (nothing paid and held). The press recomputes it and refuses a different answer.
 */
export async function cancelPreview(requestId: string, now = new Date()): Promise<CancellationMoney | null> {
  return cancellationMoney(await getDb(), requestId, "homeowner", now);
}

// ---- The handyman cancels a job they accepted (a withdrawal, withdrawJob in ./workflow.ts). ----
//
// The request does not end: it goes back to the ranking, and the next handyman's quote may be paid with a new
// payment, which the homeowner may cancel later (a request_cancellations row, one per request, reason key
// `cancel:<request>`). So the withdrawal's money is kept apart: a job_withdrawals row per accepted offer given
// up, naming the payment it refunded (one per payment), and the refund's reason key is per payment
// (`withdrawn:<payment>`). The refund is written down in the withdrawal's own transaction (writeRefund, as a
// replacement quote's), so it cannot be lost between the commit and the call; finishTransfer asks the
// provider after the commit, and the reconciliation sweep finishes one the provider did not answer.

/** The refund reason key of a payment whose handyman cancelled the job: all it holds, once. */
export const withdrawalReasonKey = (paymentId: string) => `withdrawn:${paymentId}`;

export type WithdrawalMoney = { paymentId: string; refundCents: number; transferId: string };

/**
 * In the handyman's cancel transaction, after its transition: records the withdrawal of offer `offerId` (the
 * reliability mark) and, when the job is paid and its money held, writes down the full refund. 409 when another
 * movement of the payment is on its way (a refund of a replaced quote): nothing is cancelled, try again.
 */
export async function recordWithdrawal(
  tx: Tx,
  { requestId, handymanId, offerId }: { requestId: string; handymanId: number; offerId: string },
  now: Date,
): Promise<WithdrawalMoney | null> {
  const money = await cancellationMoney(tx, requestId, "handyman", now);
  const paid = money && money.handymanId === handymanId && money.refundCents > 0 ? money : null;
  await tx.jobWithdrawal.create({ data: { requestId, handymanId, offerId, paymentId: paid?.paymentId ?? null, refundCents: paid?.refundCents ?? 0 } });
  if (!paid) return null;
  try {
    const transferId = await writeRefund(tx, paid.paymentId, paid.refundCents, withdrawalReasonKey(paid.paymentId));
    return { paymentId: paid.paymentId, refundCents: paid.refundCents, transferId };
  } catch (error) {
    if (error instanceof PaymentRefusedError && error.reason === "transfer-in-progress") throw new ApiError("conflict", { key: "request.withdrawBusy" });
    throw error;
  }
}

/** After the withdrawal committed: asks the provider for its refund. Never throws; "requested" is finished by the sweep. */
export async function settleWithdrawal(money: WithdrawalMoney | null): Promise<SettleOutcome> {
  if (!money) return "nothing";
  try {
    return (await finishTransfer(money.transferId)).state === "done" ? "done" : "requested";
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError)) logFailure("payments", `refunding payment ${money.paymentId} of a job its handyman cancelled`, error);
    return "requested";
  }
}
