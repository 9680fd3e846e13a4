// What the handyman hears when money moves for them: a quote accepted and paid, and the money of a job
// released to their payout account (mail and push, as their notification choices say: lib/notifications).
// Called by ./index.ts inside the transaction that books the movement, so the notice is written with it
// (the outbox) and never for a movement that rolled back.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import type { AfterCommit } from "../queue/after-commit";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";
import { notify } from "../requests/notices";

type Tx = Prisma.TransactionClient;

async function paymentParties(tx: Tx, paymentId: string) {
  const payment = await tx.payment.findUnique({
    where: { id: paymentId },
    select: { handymanId: true, request: { select: { id: true, taskType: true, city: true, date: true, userId: true, state: true } } },
  });
  // A job cancelled meanwhile (a checkout finished after the cancel) is refunded, not announced.
  if (!payment || payment.request.state === "cancelled") return null;
  const { request } = payment;
  return {
    handymanId: payment.handymanId,
    request: { id: request.id, taskType: fromDbTaskType(request.taskType), city: fromDbCity(request.city), date: request.date.toISOString().slice(0, 10), userId: request.userId },
  };
}

/** The homeowner paid the handyman's quote: the handyman is told, once per payment. */
export async function announcePaid(tx: Tx, after: AfterCommit, paymentId: string): Promise<void> {
  const parties = await paymentParties(tx, paymentId);
  if (parties) await notify.quotePaid(tx, after, { ...parties, paymentId });
}

/** A job's money reached the handyman's payout account: they are told, once per payment. */
export async function announceReleased(tx: Tx, after: AfterCommit, paymentId: string): Promise<void> {
  const parties = await paymentParties(tx, paymentId);
  if (parties) await notify.moneyReleased(tx, after, { ...parties, paymentId });
}
