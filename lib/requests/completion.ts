// A finished job's end: the homeowner confirms it is done (or the platform does, AUTO_CONFIRM_AFTER_MS after
// the handyman marked it done), and confirming releases the job's payment to the handyman's payout
// organization less Fixwell's commission (lib/payments/commission.ts). A confirmed job whose handyman has
// not connected a payout account yet waits; the sweep (completeJobs, run by the queue) releases it once they
// do, and confirms the jobs nobody confirmed in time. Confirming twice confirms once; release() itself
// releases a payment once whatever happens. A job whose homeowner reported a problem (an open dispute,
// ./disputes.ts) is neither confirmed by the platform nor released until an operator decides it; the
// homeowner confirming it after all withdraws the dispute.
import "server-only";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { getPaymentBalance, PaymentProviderUnavailableError, PaymentRefusedError, release } from "../payments";
import { commissionCents } from "../payments/commission";
import { applyTransition, SYSTEM_ACTOR, type Actor, type RequestState } from "./lifecycle";
import { getTrackedRequestOrThrow, step } from "./workflow";
import { issueJobInvoiceWithMail, issueWaitingInvoices } from "../invoices/mail";

/** How long after "done" a job nobody confirmed is confirmed by itself. */
export const AUTO_CONFIRM_AFTER_MS = 48 * 3_600_000;

export type ReleaseOutcome = "released" | "requested" | "waiting" | "nothing";

/** Requests without an open dispute: the sweep's and every release's filter. */
export const NO_OPEN_DISPUTE = { OR: [{ dispute: null }, { dispute: { state: { not: "open" as const } } }] };

async function confirm(requestId: string, from: RequestState, actor: Actor, now: Date): Promise<void> {
  await step(async (tx, after) => {
    await applyTransition(tx, { requestId, action: "confirm_done", from, actor });
    if (actor.role === "system") {
      // A problem reported since the sweep read the job keeps it open.
      if (await tx.dispute.count({ where: { requestId, state: "open" } })) throw new ApiError("conflict", { key: "dispute.alreadyReported" });
    } else {
      // The homeowner confirms after all: their dispute is withdrawn and the money released.
      await tx.dispute.updateMany({ where: { requestId, state: "open" }, data: { state: "withdrawn", decidedAt: now, reason: "withdrawn" } });
    }
    const { count } = await tx.repairRequest.updateMany({ where: { id: requestId, confirmedAt: null }, data: { confirmedAt: now } });
    if (count !== 1) throw new ApiError("conflict", { key: "request.alreadyConfirmed" });
    // The homeowner's invoice, with its mail, in the confirmation's transaction (or, while the handyman's
    // business details are missing, as soon as they give them: lib/invoices).
    await issueJobInvoiceWithMail(tx, after, requestId, now);
  });
}

/**
 * The homeowner confirms their finished job: 404 for another's request, 409 before the handyman marked it
 * done or when it was already confirmed. The payment is released at once when it can be (a provider that
 * does not answer leaves it to the sweep); what happened to it is returned.
 */
export async function confirmDone(user: SessionUser, id: string, now = new Date()): Promise<ReleaseOutcome> {
  const current = await getTrackedRequestOrThrow(await getDb(), user, id);
  await confirm(id, current.state, { role: "homeowner", userId: user.id }, now);
  return releaseJob(id);
}

/**
 * Releases the paid payment of a confirmed job: what is still held, less the commission on its quote, to
 * the handyman's organization. "waiting" while the handyman has no payout account; "nothing" when there is
 * nothing to release (not confirmed, not paid, already released, all refunded).
 */
export async function releaseJob(requestId: string): Promise<ReleaseOutcome> {
  const db = await getDb();
  const request = await db.repairRequest.findUnique({ where: { id: requestId }, select: { confirmedAt: true, dispute: { select: { state: true, commissionCents: true } } } });
  if (!request?.confirmedAt || request.dispute?.state === "open") return "nothing";
  const payment = await db.payment.findFirst({
    where: { requestId, status: "paid", transfers: { none: { kind: "release" } } },
    select: { id: true, quoteId: true, handyman: { select: { payoutOrganizationId: true } } },
  });
  if (!payment) return "nothing";
  const organizationId = payment.handyman.payoutOrganizationId;
  if (!organizationId) return "waiting";
  const quote = await db.quote.findFirst({ where: { id: payment.quoteId, requestId }, select: { createdAt: true, lines: { select: { kind: true, netCents: true } } } });
  if (!quote) throw new Error(`Payment ${payment.id} pays no quote of request ${requestId}.`);
  const { held } = await getPaymentBalance(payment.id);
  // A dispute's decision fixed the commission on what it released (lib/ops/disputes.ts); otherwise the quote's.
  const decided = request.dispute?.state === "decided" ? request.dispute.commissionCents : null;
  const commission = Math.min(decided ?? commissionCents(quote), held);
  if (held - commission < 1) return "nothing";
  try {
    const { state } = await release(payment.id, organizationId, held - commission, commission);
    return state === "done" ? "released" : "requested";
  } catch (error) {
    // Another confirmation or the sweep released it a moment ago.
    if (error instanceof PaymentRefusedError && (error.reason === "already-released" || error.reason === "transfer-in-progress")) return "nothing";
    throw error;
  }
}

/**
 * The sweep: confirms every job marked done more than AUTO_CONFIRM_AFTER_MS ago that nobody confirmed, then
 * releases every confirmed job's payment that waits (for a payout account, or for this sweep). Safe to run
 * any number of times, on any number of workers.
 */
export async function completeJobs(now = new Date()): Promise<{ confirmed: number; released: number }> {
  const db = await getDb();
  const due = await db.repairRequest.findMany({
    where: {
      state: { in: ["done", "reviewed"] },
      confirmedAt: null,
      ...NO_OPEN_DISPUTE,
      events: { some: { action: "finish", at: { lte: new Date(now.getTime() - AUTO_CONFIRM_AFTER_MS) } } },
    },
    select: { id: true, state: true },
    take: 200,
  });
  let confirmed = 0;
  for (const request of due) {
    try {
      await confirm(request.id, request.state, SYSTEM_ACTOR, now);
      confirmed++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  const waiting = await db.payment.findMany({
    where: { status: "paid", transfers: { none: { kind: "release" } }, request: { confirmedAt: { not: null }, ...NO_OPEN_DISPUTE }, handyman: { payoutOrganizationId: { not: null } } },
    select: { requestId: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  let released = 0;
  for (const { requestId } of waiting) {
    try {
      if ((await releaseJob(requestId)) !== "nothing") released++;
    } catch (error) {
      if (!(error instanceof PaymentRefusedError) && !(error instanceof PaymentProviderUnavailableError)) throw error;
    }
  }
  // Invoices that waited for a handyman's business details (normally made when they save them).
  await issueWaitingInvoices();
  return { confirmed, released };
}
