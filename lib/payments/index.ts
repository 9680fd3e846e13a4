// Payments: the homeowner pays an accepted quote with iDEAL through the provider, the money is held on the
// provider's balance, released to the handyman's organization less commission (a payment route), or
// refunded (reversing a route when it was already released). The only module that talks to the provider
// (./provider.ts). Every call carries an idempotency key derived from what it does, so a retry after a
// timeout never pays, refunds or releases twice; a refund or release is written down before the call, so
// one the provider did not answer is finished by the queue (./worker.ts). Webhooks and the reconciliation
// sweep never trust their caller: they fetch the payment from the provider and act on what it says.
// docs/payments.md tells the whole story.
import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "../db";
import { Prisma, type PaymentStatus } from "../generated/prisma/client";
import { PaymentProviderUnavailableError, PaymentRefusedError } from "./errors";
import { announcePaymentChange } from "./announce";
import { balanceOf, type Balance } from "./ledger";
import { canMove, fromProviderStatus, LIVE_STATUSES } from "./lifecycle";
import { amountToCents, centsToAmount } from "./money";
import { callProvider, providerMode } from "./provider";
import { issueCommissionInvoice, issueCreditNotes } from "../invoices/issue";
import { AfterCommit } from "../queue/after-commit";
import { announcePaid, announceReleased } from "./notices";

export { PaymentProviderUnavailableError, PaymentRefusedError } from "./errors";
export { balanceOf } from "./ledger";

/** The most a quote may ask (€10,000). */
export const MAX_PAYMENT_CENTS = 1_000_000;

export type StartPaymentInput = {
  quoteId: string;
  requestId: string;
  handymanId: number;
  amountCents: number;
  description: string;
  /** Where the provider sends the payer back (the order page). */
  redirectUrl: string;
  /** Where the provider posts status changes (the app's /api/payments/webhook). */
  webhookUrl: string;
};

export type StartedPayment = { paymentId: string; checkoutUrl: string };

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

function assertCents(value: number, { min, max }: { min: number; max: number }): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new PaymentRefusedError("invalid-amount", String(value));
}

/**
 * Starts (or resumes) the payment of a quote and returns where to send the payer. A quote with an open
 * payment gets that payment again (two tabs pay once); a paid quote is refused; after a failed, cancelled or
 * expired payment the next call starts a new attempt. A call the provider did not answer throws
 * PaymentProviderUnavailableError and the next call retries it with the same idempotency key.
 */
export async function startPayment(input: StartPaymentInput): Promise<StartedPayment> {
  assertCents(input.amountCents, { min: 1, max: MAX_PAYMENT_CENTS });
  if (input.quoteId.trim() === "" || input.description.trim() === "") throw new PaymentRefusedError("invalid-amount", "a quote and a description are needed");
  const db = await getDb();
  let payment = await db.payment.findFirst({ where: { quoteId: input.quoteId, status: { in: [...LIVE_STATUSES] } } });
  if (payment?.status === "paid") throw new PaymentRefusedError("already-paid");
  if (!payment) {
    const last = await db.payment.aggregate({ where: { quoteId: input.quoteId }, _max: { attempt: true } });
    const attempt = (last._max.attempt ?? 0) + 1;
    try {
      payment = await db.payment.create({
        data: {
          id: randomUUID(),
          quoteId: input.quoteId,
          attempt,
          requestId: input.requestId,
          handymanId: input.handymanId,
          amountCents: input.amountCents,
          description: input.description,
          mode: providerMode(),
          idempotencyKey: `payment:${input.quoteId}:${attempt}`,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another tab started it a moment ago: continue with that one.
      payment = await db.payment.findFirst({ where: { quoteId: input.quoteId, status: { in: [...LIVE_STATUSES] } } });
      if (!payment) throw error;
      if (payment.status === "paid") throw new PaymentRefusedError("already-paid");
    }
  }
  if (payment.providerPaymentId && payment.checkoutUrl) return { paymentId: payment.id, checkoutUrl: payment.checkoutUrl };
  const created = await createAtProvider(payment, input);
  if (!created.checkoutUrl) throw new PaymentRefusedError("provider-refused", "no checkout address");
  return { paymentId: payment.id, checkoutUrl: created.checkoutUrl };
}

type PaymentRow = { id: string; amountCents: number; description: string; idempotencyKey: string; providerPaymentId: string | null };

async function createAtProvider(payment: PaymentRow, urls: { redirectUrl: string; webhookUrl: string }): Promise<{ checkoutUrl: string | null }> {
  const created = await callProvider("create payment", (client) =>
    client.payments.create({
      amount: centsToAmount(payment.amountCents),
      description: payment.description,
      redirectUrl: urls.redirectUrl,
      webhookUrl: urls.webhookUrl,
      method: "ideal" as never,
      metadata: { paymentId: payment.id },
      idempotencyKey: payment.idempotencyKey,
    }),
  );
  const checkoutUrl = created.getCheckoutUrl();
  const db = await getDb();
  await db.payment.update({ where: { id: payment.id }, data: { providerPaymentId: created.id, checkoutUrl } });
  await applyProviderStatus(payment.id, created.id, created.status, amountToCents(created.amount));
  return { checkoutUrl };
}

/**
 * Moves the payment to the provider's status when the transition table allows it, and books "paid" in the
 * same transaction. Idempotent per (payment, status): a repeated or stale status changes nothing.
 */
async function applyProviderStatus(paymentId: string, providerPaymentId: string, providerStatus: string, providerAmountCents: number): Promise<PaymentStatus | undefined> {
  const next = fromProviderStatus(providerStatus);
  if (!next) return undefined;
  const db = await getDb();
  const after = new AfterCommit();
  const status = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: PaymentStatus; amount_cents: number }[]>`SELECT "status", "amount_cents" FROM "payments" WHERE "id" = ${paymentId}::uuid FOR UPDATE`;
    if (!row || !canMove(row.status, next)) return row?.status;
    // A provider payment whose amount is not ours is not ours to book.
    if (providerAmountCents !== row.amount_cents) return row.status;
    await tx.payment.update({ where: { id: paymentId, status: row.status }, data: { status: next } });
    if (next === "paid") {
      await tx.ledgerEntry.create({ data: { paymentId, kind: "paid", amountCents: providerAmountCents, providerId: providerPaymentId } });
      await announcePaid(tx, after, paymentId);
    }
    return next;
  });
  await after.run();
  return status;
}

/**
 * What a webhook does with `id=tr_…`: an id we do not know changes nothing (and costs the provider no call);
 * otherwise the payment is fetched from the provider, and only what it says, in our mode, moves ours.
 * Returns what happened, for the log and the tests.
 */
export async function syncPayment(providerPaymentId: string): Promise<"unknown" | "unchanged" | PaymentStatus> {
  if (!/^tr_\w{1,64}$/.test(providerPaymentId)) return "unknown";
  const db = await getDb();
  const payment = await db.payment.findUnique({ where: { providerPaymentId } });
  if (!payment) return "unknown";
  let fetched;
  try {
    fetched = await callProvider("get payment", (client) => client.payments.get(providerPaymentId));
  } catch (error) {
    if (error instanceof PaymentRefusedError) return "unknown";
    throw error;
  }
  if (fetched.id !== providerPaymentId || fetched.mode !== payment.mode) return "unknown";
  const before = payment.status;
  const after = await applyProviderStatus(payment.id, providerPaymentId, fetched.status, amountToCents(fetched.amount));
  if (!after || after === before) return "unchanged";
  await announcePaymentChange(payment.requestId);
  return after;
}

async function lockedBalance(tx: Prisma.TransactionClient, paymentId: string): Promise<{ status: PaymentStatus; balance: Balance; providerPaymentId: string | null }> {
  const [row] = await tx.$queryRaw<{ status: PaymentStatus; provider_payment_id: string | null }[]>`SELECT "status", "provider_payment_id" FROM "payments" WHERE "id" = ${paymentId}::uuid FOR UPDATE`;
  if (!row) throw new PaymentRefusedError("not-found");
  const entries = await tx.ledgerEntry.findMany({ where: { paymentId }, select: { kind: true, amountCents: true } });
  return { status: row.status, balance: balanceOf(entries), providerPaymentId: row.provider_payment_id };
}

export type TransferOutcome = { transferId: string; state: "done" | "requested" };

/**
 * Refunds `amountCents` of a paid payment for a reason (one refund per reason key: asking again returns the
 * first). Up to what is held plus what was released: the released part is taken back from the handyman's
 * organization (a route reversal). When the provider does not answer the refund stays "requested" and the
 * queue finishes it; the caller learns so from `state`.
 */
export async function refund(paymentId: string, amountCents: number, reasonKey: string): Promise<TransferOutcome> {
  const db = await getDb();
  const transferId = await db.$transaction((tx) => writeRefund(tx, paymentId, amountCents, reasonKey));
  return finishTransfer(transferId);
}

/**
 * refund()'s first half, inside the caller's transaction: checks the refund and writes it down as
 * "requested" (or finds the one written for the same reason key), and returns its id. The caller commits,
 * then hands the id to finishTransfer(); should it never get there, the reconciliation sweep does. For a
 * step whose other changes and the refund must be stored together or not at all (a quote replaced by a
 * lower one after payment, lib/quotes).
 */
export async function writeRefund(tx: Prisma.TransactionClient, paymentId: string, amountCents: number, reasonKey: string): Promise<string> {
  assertCents(amountCents, { min: 1, max: MAX_PAYMENT_CENTS });
  if (!/^[a-z0-9][a-z0-9:-]{0,63}$/.test(reasonKey)) throw new PaymentRefusedError("invalid-amount", "reason key");
  const { status, balance } = await lockedBalance(tx, paymentId);
  const existing = await tx.paymentTransfer.findUnique({ where: { paymentId_kind_reasonKey: { paymentId, kind: "refund", reasonKey } } });
  if (existing) return existing.id;
  if (status !== "paid") throw new PaymentRefusedError("not-paid");
  if (await tx.paymentTransfer.count({ where: { paymentId, state: "requested" } })) throw new PaymentRefusedError("transfer-in-progress");
  if (amountCents > balance.held + balance.released) throw new PaymentRefusedError("beyond-held", `${amountCents} > ${balance.held + balance.released}`);
  const reversedCents = Math.max(0, amountCents - balance.held);
  const release = reversedCents > 0 ? await tx.paymentTransfer.findFirst({ where: { paymentId, kind: "release", state: "done" } }) : null;
  const created = await tx.paymentTransfer.create({
    data: {
      id: randomUUID(),
      paymentId,
      kind: "refund",
      reasonKey,
      amountCents,
      reversedCents,
      organizationId: release?.organizationId ?? null,
      idempotencyKey: `refund:${paymentId}:${reasonKey}`,
    },
    select: { id: true },
  });
  return created.id;
}

/**
 * Releases a paid payment to the handyman's organization: `amountCents` routed to it, `commissionCents`
 * kept as Fixwell's commission; both together at most what is held. One release per payment.
 */
export async function release(paymentId: string, organizationId: string, amountCents: number, commissionCents: number): Promise<TransferOutcome> {
  assertCents(amountCents, { min: 1, max: MAX_PAYMENT_CENTS });
  assertCents(commissionCents, { min: 0, max: MAX_PAYMENT_CENTS });
  if (!/^org_\w{1,64}$/.test(organizationId)) throw new PaymentRefusedError("provider-refused", "not an organization id");
  const db = await getDb();
  const transfer = await db.$transaction(async (tx) => {
    const { status, balance } = await lockedBalance(tx, paymentId);
    const existing = await tx.paymentTransfer.findUnique({ where: { paymentId_kind_reasonKey: { paymentId, kind: "release", reasonKey: "release" } } });
    if (existing?.state === "done") throw new PaymentRefusedError("already-released");
    if (existing) return existing;
    if (status !== "paid") throw new PaymentRefusedError("not-paid");
    if (await tx.paymentTransfer.count({ where: { paymentId, state: "requested" } })) throw new PaymentRefusedError("transfer-in-progress");
    if (amountCents + commissionCents > balance.held) throw new PaymentRefusedError("beyond-held", `${amountCents + commissionCents} > ${balance.held}`);
    return tx.paymentTransfer.create({
      data: { id: randomUUID(), paymentId, kind: "release", reasonKey: "release", amountCents, commissionCents, organizationId, idempotencyKey: `release:${paymentId}` },
    });
  });
  return finishTransfer(transfer.id);
}

/**
 * Asks the provider for a written-down refund or release (again, with its idempotency key) and books it.
 * Safe to run any number of times: a done transfer is left alone, the provider replays a repeated call, and
 * the ledger takes each provider event once.
 */
export async function finishTransfer(transferId: string): Promise<TransferOutcome> {
  const db = await getDb();
  const transfer = await db.paymentTransfer.findUniqueOrThrow({ where: { id: transferId }, include: { payment: { select: { providerPaymentId: true } } } });
  if (transfer.state !== "requested") return { transferId, state: "done" };
  const providerPaymentId = transfer.payment.providerPaymentId;
  if (!providerPaymentId) throw new PaymentRefusedError("not-paid");
  await db.paymentTransfer.update({ where: { id: transferId }, data: { attempts: { increment: 1 } } });
  let providerId: string;
  try {
    if (transfer.kind === "refund") {
      const made = await callProvider("refund", (client) =>
        client.paymentRefunds.create({
          paymentId: providerPaymentId,
          amount: centsToAmount(transfer.amountCents),
          description: transfer.reasonKey,
          ...(transfer.reversedCents > 0 && transfer.organizationId
            ? { routingReversals: [{ amount: centsToAmount(transfer.reversedCents), source: { type: "organization", organizationId: transfer.organizationId } }] as never }
            : {}),
          idempotencyKey: transfer.idempotencyKey,
        }),
      );
      providerId = made.id;
    } else {
      const made = await callProvider("release", (client) =>
        client.paymentRoutes.create({
          paymentId: providerPaymentId,
          amount: centsToAmount(transfer.amountCents),
          description: "release",
          destination: { type: "organization", organizationId: transfer.organizationId! },
          idempotencyKey: transfer.idempotencyKey,
        }),
      );
      providerId = made.id;
    }
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) return { transferId, state: "requested" };
    if (error instanceof PaymentRefusedError) {
      await db.paymentTransfer.updateMany({ where: { id: transferId, state: "requested" }, data: { state: "refused", finishedAt: new Date() } });
    }
    throw error;
  }
  const after = new AfterCommit();
  await db.$transaction(async (tx) => {
    const claimed = await tx.paymentTransfer.updateMany({ where: { id: transferId, state: "requested" }, data: { state: "done", providerId, finishedAt: new Date() } });
    if (claimed.count === 0) return;
    const entries: Prisma.LedgerEntryCreateManyInput[] =
      transfer.kind === "refund"
        ? [
            { paymentId: transfer.paymentId, kind: "refunded", amountCents: transfer.amountCents, providerId },
            ...(transfer.reversedCents > 0 ? [{ paymentId: transfer.paymentId, kind: "reversed" as const, amountCents: transfer.reversedCents, providerId }] : []),
          ]
        : [
            { paymentId: transfer.paymentId, kind: "released", amountCents: transfer.amountCents, providerId },
            ...(transfer.commissionCents > 0 ? [{ paymentId: transfer.paymentId, kind: "commission" as const, amountCents: transfer.commissionCents, providerId }] : []),
          ];
    await tx.ledgerEntry.createMany({ data: entries, skipDuplicates: true });
    // The invoices that follow the money, in the booking's transaction (lib/invoices): a credit note for a
    // refund of an invoiced payment, Fixwell's commission invoice for a release.
    if (transfer.kind === "refund") await issueCreditNotes(tx, transfer.paymentId);
    else {
      await issueCommissionInvoice(tx, transferId);
      await announceReleased(tx, after, transfer.paymentId);
    }
  });
  await after.run();
  return { transferId, state: "done" };
}

/** A payment's balance from its ledger. */
export async function getPaymentBalance(paymentId: string): Promise<Balance> {
  const db = await getDb();
  return balanceOf(await db.ledgerEntry.findMany({ where: { paymentId }, select: { kind: true, amountCents: true } }));
}

/** How long a payment may stay open or pending before the sweep asks the provider about it. */
export const RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * The reconciliation sweep: every payment still open or pending after RECONCILE_AFTER_MS is fetched from the
 * provider (a lost webhook costs minutes), and every refund or release still "requested" is asked again.
 * A provider that is down is left for the next sweep.
 */
export async function reconcilePayments({ olderThanMs = RECONCILE_AFTER_MS, now = new Date() } = {}): Promise<{ synced: number; finished: number }> {
  const db = await getDb();
  const before = new Date(now.getTime() - olderThanMs);
  const stale = await db.payment.findMany({
    where: { status: { in: ["open", "pending"] }, createdAt: { lte: before }, providerPaymentId: { not: null } },
    select: { providerPaymentId: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  let synced = 0;
  for (const { providerPaymentId } of stale) {
    try {
      const result = await syncPayment(providerPaymentId!);
      if (result !== "unchanged" && result !== "unknown") synced++;
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    }
  }
  const requested = await db.paymentTransfer.findMany({ where: { state: "requested" }, select: { id: true }, orderBy: { createdAt: "asc" }, take: 200 });
  let finished = 0;
  for (const { id } of requested) {
    try {
      if ((await finishTransfer(id)).state === "done") finished++;
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
    }
  }
  return { synced, finished };
}

export type PaymentView = {
  status: PaymentStatus;
  amountCents: number;
  checkoutUrl: string | null;
  /** Refunded to the payer so far, and asked of the provider but not yet confirmed by it (the sweep finishes it). */
  refundedCents: number;
  refundRequestedCents: number;
};

/**
 * The newest payment of a quote as our database holds it (the webhook and the reconciliation keep it), for
 * the order page. While it is still open or pending the provider is asked once (the payer may just have come
 * back from the checkout before its webhook arrived): what the provider says is a fact, the return is not.
 * A provider that does not answer leaves the stored status.
 */
export async function paymentOfQuote(quoteId: string): Promise<PaymentView | null> {
  const db = await getDb();
  const newest = () =>
    db.payment.findFirst({
      where: { quoteId },
      orderBy: { attempt: "desc" },
      select: { status: true, amountCents: true, checkoutUrl: true, providerPaymentId: true, transfers: { where: { kind: "refund" }, select: { amountCents: true, state: true } } },
    });
  const payment = await newest();
  if (!payment) return null;
  if ((payment.status === "open" || payment.status === "pending") && payment.providerPaymentId) {
    try {
      if ((await syncPayment(payment.providerPaymentId)) !== "unchanged") return pick(await newest());
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    }
  }
  return pick(payment);
}

type StoredPaymentView = Pick<PaymentView, "status" | "amountCents" | "checkoutUrl"> & { transfers: { amountCents: number; state: "requested" | "done" | "refused" }[] };

const pick = (row: StoredPaymentView | null): PaymentView | null => {
  if (!row) return null;
  const sum = (state: "requested" | "done") => row.transfers.filter((transfer) => transfer.state === state).reduce((total, transfer) => total + transfer.amountCents, 0);
  return { status: row.status, amountCents: row.amountCents, checkoutUrl: row.checkoutUrl, refundedCents: sum("done"), refundRequestedCents: sum("requested") };
};

/**
 * Hands a paid payment over to the quote that replaced the one it paid (a lower quote accepted after
 * payment, lib/quotes): from then on the release's commission is computed from that quote. Inside the
 * caller's transaction, with the refund of the difference (writeRefund).
 */
export async function movePaymentToQuote(tx: Prisma.TransactionClient, paymentId: string, fromQuoteId: string, toQuoteId: string): Promise<void> {
  const { count } = await tx.payment.updateMany({ where: { id: paymentId, quoteId: fromQuoteId, status: "paid" }, data: { quoteId: toQuoteId } });
  if (count !== 1) throw new PaymentRefusedError("not-paid", "the payment no longer pays that quote");
}
