// Fixed quotes, as the handyman holding a request sends them and the homeowner answers them. Every
// change is one step of the request's life (lib/requests/lifecycle.ts: send_quote, accept_quote,
// accept_replacement_quote, decline_quote), so the request's row is locked first and the timeline records it; the quote's own
// change is then an `UPDATE … WHERE status = 'sent' AND valid_until > now`, so of two tabs accepting the
// same quote exactly one wins. The rules (lines, amounts, VAT rates, validity) are ./rules.ts's.
//
// The handyman's functions treat a request they do not hold (accepted) as unknown (404); the
// homeowner's treat another homeowner's quote the same way.
//
// A paid quote stands until the job is done, with one exception: the handyman may send a replacement
// whose total is LOWER than what was paid (the work turned out smaller). The paid quote stays accepted
// until the homeowner accepts the replacement; then, in one transaction, the paid quote becomes
// "replaced", the payment is handed to the replacement (so the release's commission is computed from its
// labour) and the refund of the difference is written down (reason key `replaced:<quote id>`, so a second
// tab or a retry refunds once); the refund is then asked of the provider, or by the sweep when it is down.
// A higher (or equal) replacement is refused: asking more after payment would need a second payment.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { formatPrice, type Locale } from "../format";
import { getHandymanForUserOrThrow } from "../handymen/queries";
import { applyTransition, type Actor } from "../requests/lifecycle";
import { notify, repairName } from "../requests/notices";
import { logFailure } from "../db/errors";
import { finishTransfer, movePaymentToQuote, PaymentRefusedError, writeRefund, type TransferOutcome } from "../payments";
import { fromTrackedRow, step, trackedRequestColumns, type TrackedRequest } from "../requests/workflow";
import { getTranslator } from "../i18n/translator";
import { billingDetailsSchema, type BillingDetails } from "../validations/invoice-details";
import {
  MAX_QUOTE_TOTAL_CENTS,
  postedVatRates,
  quoteAmounts,
  quoteInputSchema,
  quoteLines,
  quoteRefusal,
  quoteStatusAt,
  replacementRefundKey,
  validUntilOf,
  type QuoteAmounts,
  type QuoteLineKind,
  type QuoteStatus,
} from "./rules";

type Tx = Prisma.TransactionClient;

export type QuoteLineView = { kind: QuoteLineKind; description: string; quarterHours: number | null; hourlyPriceCents: number | null; netCents: number; vatRate: number };

export type QuoteView = QuoteAmounts & {
  id: string;
  requestId: string;
  handymanId: number;
  status: QuoteStatus;
  lines: QuoteLineView[];
  /** ISO timestamps. */
  sentAt: string;
  validUntil: string;
  /** For an accepted quote: whether its payment went through (a paid quote may only be replaced by a lower one). */
  paid: boolean;
  /**
   * For a paid quote: the newer quote the handyman sent to replace it (waiting for an answer, lapsed or
   * declined), if any. Accepting it refunds the difference.
   */
  replacement: QuoteView | null;
};

/**
 * What accepting hands on to the payment: the quote as accepted, its total computed on the server. For a
 * replacement of a paid quote there is nothing to pay: `refund` says what is refunded and whether the
 * provider has done it yet ("requested": the sweep finishes it).
 */
export type AcceptedQuote = {
  quoteId: string;
  requestId: string;
  handymanId: number;
  amountCents: number;
  description: string;
  refund?: { amountCents: number; state: TransferOutcome["state"] };
};

const quoteColumns = {
  id: true,
  requestId: true,
  handymanId: true,
  status: true,
  validUntil: true,
  createdAt: true,
  lines: { orderBy: { position: "asc" }, select: { kind: true, description: true, quarterHours: true, hourlyPriceCents: true, netCents: true, vatRate: true } },
} as const satisfies Prisma.QuoteSelect;

function toQuoteView(row: Prisma.QuoteGetPayload<{ select: typeof quoteColumns }>, now: Date, paid = false, replacement: QuoteView | null = null): QuoteView {
  return {
    id: row.id,
    requestId: row.requestId,
    handymanId: row.handymanId,
    status: quoteStatusAt(row, now),
    lines: row.lines,
    ...quoteAmounts(row.lines),
    sentAt: row.createdAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    paid,
    replacement,
  };
}

/**
 * The current quote of each request, for pages that already know the reader may see those requests: the
 * accepted one when there is one (with whether it is paid, and the lower quote sent to replace it, if
 * any), otherwise the newest one not replaced by another.
 */
export async function listCurrentQuotes(requestIds: readonly string[], now = new Date()): Promise<Map<string, QuoteView>> {
  if (requestIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.quote.findMany({
    where: { requestId: { in: [...requestIds] }, status: { not: "replaced" } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: quoteColumns,
  });
  const acceptedIds = rows.filter((row) => row.status === "accepted").map((row) => row.id);
  const paidIds = new Set(
    acceptedIds.length === 0 ? [] : (await db.payment.findMany({ where: { quoteId: { in: acceptedIds }, status: "paid" }, select: { quoteId: true } })).map((payment) => payment.quoteId),
  );
  const quotes = new Map<string, QuoteView>();
  for (const row of rows) {
    if (quotes.has(row.requestId) || row.status !== "accepted") continue;
    const newer = paidIds.has(row.id) ? rows.find((other) => other.requestId === row.requestId && other.status !== "accepted" && other.createdAt > row.createdAt) : undefined;
    quotes.set(row.requestId, toQuoteView(row, now, paidIds.has(row.id), newer ? toQuoteView(newer, now) : null));
  }
  for (const row of rows) if (!quotes.has(row.requestId)) quotes.set(row.requestId, toQuoteView(row, now));
  return quotes;
}

const handymanActor = (user: SessionUser): Actor => ({ role: "handyman", userId: user.id });
const homeownerActor = (user: SessionUser): Actor => ({ role: "homeowner", userId: user.id });

/** The request the signed-in handyman holds (their accepted offer); 404 for any other. */
async function heldRequestOrThrow(user: SessionUser, requestId: string) {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  const offer = await db.offer.findFirst({ where: { requestId, handymanId: handyman.id, status: "accepted" }, select: { request: { select: trackedRequestColumns } } });
  if (!offer) throw new ApiError("not_found", { key: "requestNotFound" });
  const request = fromTrackedRow(offer.request);
  // The price of every trade and city the handyman serves (handyman_offerings copies it by trigger).
  const { hourlyPriceCents } = await db.handyman.findUniqueOrThrow({ where: { id: handyman.id }, select: { hourlyPriceCents: true } });
  return { handyman, request, hourlyPriceCents };
}

/** The 400 of a quote ./rules.ts refuses, with the line concerned when there is one. */
function refused(refusal: NonNullable<ReturnType<typeof quoteRefusal>>): ApiError {
  if (refusal.key === "quote.totalTooHigh") {
    return new ApiError("validation_failed", { key: refusal.key, values: { max: (locale: Locale) => formatPrice(MAX_QUOTE_TOTAL_CENTS / 100, locale) } });
  }
  if (refusal.key !== "quote.vatRate") return new ApiError("validation_failed", { key: refusal.key });
  const message = { key: "quote.vatRate" as const, values: { rate: refusal.rate } };
  const path = refusal.index === 0 ? "labour.vatRate" : `materials.${refusal.index - 1}.vatRate`;
  return new ApiError("validation_failed", message, [{ path, message }]);
}

/**
 * Sends a quote on a request the signed-in handyman holds: the body is read by ./rules.ts's schema, each
 * line's VAT rate comes from the rule (./vat.ts: the trade, the line's kind, the home's age as the
 * homeowner stated it), the amounts are computed here, and any earlier quote still open, lapsed or
 * declined is replaced by it. An accepted quote not paid yet is never replaced (409); a paid one only by a
 * lower quote, which waits for the homeowner's answer beside it (400 for an equal or higher total). The
 * homeowner is mailed. 400 for a quote the rules refuse (a posted rate other than the rule's among them),
 * 404 for a request not theirs, 409 for a request no longer accepted (cancelled, done) or whose home age the
 * homeowner changed meanwhile.
 */
export async function sendQuote(user: SessionUser, requestId: string, body: unknown, now = new Date()): Promise<QuoteView> {
  const parsed = quoteInputSchema.safeParse(body);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, { key: "fixField" });
  const { handyman, request, hourlyPriceCents } = await heldRequestOrThrow(user, requestId);
  const lines = quoteLines(parsed.data, hourlyPriceCents, request);
  const amounts = quoteAmounts(lines);
  const refusal = quoteRefusal(lines, amounts, postedVatRates(parsed.data));
  if (refusal) throw refused(refusal);
  const validUntil = validUntilOf(now, parsed.data.validDays);
  const id = await step(async (tx, after) => {
    await applyTransition(tx, { requestId, action: "send_quote", from: request.state, actor: handymanActor(user), handymanId: handyman.id });
    const accepted = await tx.quote.findFirst({ where: { requestId, status: "accepted" }, select: { id: true, totalCents: true } });
    if (accepted) {
      if (!(await tx.payment.findFirst({ where: { quoteId: accepted.id, status: "paid" }, select: { id: true } }))) {
        throw new ApiError("conflict", { key: "quote.acceptedStands" });
      }
      if (amounts.totalCents >= accepted.totalCents) {
        throw new ApiError("validation_failed", { key: "quote.replacementNotLower", values: { paid: (locale: Locale) => formatPrice(accepted.totalCents / 100, locale) } });
      }
    }
    // The request's row is locked now (the transition above): the rates hold only for the answer they were computed from.
    const { homeOlderThanTwoYears } = await tx.repairRequest.findUniqueOrThrow({ where: { id: requestId }, select: { homeOlderThanTwoYears: true } });
    if (homeOlderThanTwoYears !== request.homeOlderThanTwoYears) throw new ApiError("conflict", { key: "quote.homeAgeChanged" });
    await tx.quote.updateMany({ where: { requestId, status: { in: ["sent", "declined"] } }, data: { status: "replaced" } });
    const quote = await tx.quote.create({
      data: {
        requestId,
        handymanId: handyman.id,
        netCents: amounts.netCents,
        vatCents: amounts.vatCents,
        totalCents: amounts.totalCents,
        validUntil,
        createdAt: now,
        lines: { create: lines.map((line, position) => ({ ...line, position })) },
      },
      select: { id: true },
    });
    await notify.quoteSent(tx, after, { request, handymanId: handyman.id, amounts, validUntil, paidCents: accepted?.totalCents });
    return quote.id;
  });
  const [row] = await (await getDb()).quote.findMany({ where: { id }, select: quoteColumns });
  return toQuoteView(row!, now);
}

/** One of the homeowner's quotes with its request; 404 for another homeowner's or an unknown one. */
async function ownQuoteOrThrow(db: Tx, user: SessionUser, quoteId: string) {
  const quote = await db.quote.findFirst({
    where: { id: quoteId, request: { userId: user.id } },
    select: { id: true, status: true, validUntil: true, handymanId: true, totalCents: true, handyman: { select: { name: true } }, request: { select: trackedRequestColumns } },
  });
  if (!quote) throw new ApiError("not_found", { key: "quote.notFound" });
  return { quote, request: fromTrackedRow(quote.request) };
}

/** The posted name and address the invoice is made out to (lib/validations/invoice-details.ts), or a 400 naming each field. */
function billingOf(posted: unknown): BillingDetails {
  const parsed = billingDetailsSchema.safeParse(posted ?? {});
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  return parsed.data;
}

/** The 409 for answering a quote that is no longer open, in words for what it became. */
function notOpen(status: QuoteStatus): ApiError {
  switch (status) {
    case "accepted":
      return new ApiError("conflict", { key: "quote.alreadyAccepted" });
    case "declined":
      return new ApiError("conflict", { key: "quote.alreadyDeclined" });
    case "replaced":
      return new ApiError("conflict", { key: "quote.replaced" });
    default:
      return new ApiError("conflict", { key: "quote.lapsed" });
  }
}

/**
 * The homeowner's answer to a sent quote, as one step: the request's row is locked by the lifecycle's
 * step, then the quote changes only if it is still sent and within its validity; otherwise (another tab
 * answered first, it lapsed meanwhile) 409 with what it became, and nothing is stored. Accepting a
 * replacement of a paid quote is its own step (accept_replacement_quote, see replaceWithin).
 */
async function answerQuote(user: SessionUser, quoteId: string, answer: "accepted" | "declined", now: Date, postedBilling?: unknown) {
  const db = await getDb();
  const { quote, request } = await ownQuoteOrThrow(db, user, quoteId);
  const seen = quoteStatusAt(quote, now);
  if (seen !== "sent") throw notOpen(seen);
  const replacing = answer === "accepted" && (await db.quote.findFirst({ where: { requestId: request.id, status: "accepted" }, select: { id: true } })) !== null;
  // Accepting (not replacing) names who the invoice is made out to; refused field by field, nothing accepted.
  const billing = answer === "accepted" && !replacing ? billingOf(postedBilling) : null;
  const transferId = await step(async (tx) => {
    await applyTransition(tx, {
      requestId: request.id,
      action: answer === "declined" ? "decline_quote" : replacing ? "accept_replacement_quote" : "accept_quote",
      from: request.state,
      actor: homeownerActor(user),
      handymanId: quote.handymanId,
    });
    const { count } = await tx.quote.updateMany({ where: { id: quoteId, status: "sent", validUntil: { gt: now } }, data: { status: answer, answeredAt: now } });
    if (count !== 1) {
      const current = await tx.quote.findUniqueOrThrow({ where: { id: quoteId }, select: { status: true, validUntil: true } });
      throw notOpen(quoteStatusAt(current, now));
    }
    if (billing) {
      await tx.repairRequest.update({
        where: { id: request.id },
        data: { billingName: billing.billing_name, billingStreet: billing.billing_street, billingPostcode: billing.billing_postcode },
      });
    }
    // The request's row is locked from here: what stands now is what the step acts on.
    const paidQuote =
      answer === "accepted" ? await tx.quote.findFirst({ where: { requestId: request.id, status: "accepted", id: { not: quoteId } }, select: { id: true, totalCents: true } }) : null;
    if ((paidQuote !== null) !== replacing) throw new ApiError("conflict", { key: "quote.changed" });
    return paidQuote ? replaceWithin(tx, paidQuote, quote) : null;
  });
  return { quote, request, refund: transferId ? await askRefund(transferId.id, transferId.amountCents) : undefined };
}

/**
 * The paid quote replaced by the lower one the homeowner just accepted, inside the step's transaction:
 * the paid quote becomes "replaced", its payment pays the new quote, and the refund of the difference is
 * written down. 409 when the paid quote has no paid payment or the replacement is not lower (neither
 * can be sent, so only a race gets here), or while an earlier refund of the payment is still on its way.
 */
async function replaceWithin(tx: Tx, paidQuote: { id: string; totalCents: number }, quote: { id: string; totalCents: number }): Promise<{ id: string; amountCents: number }> {
  const payment = await tx.payment.findFirst({ where: { quoteId: paidQuote.id, status: "paid" }, select: { id: true } });
  if (!payment) throw new ApiError("conflict", { key: "quote.alreadyAccepted" });
  const refundCents = paidQuote.totalCents - quote.totalCents;
  if (refundCents < 1) throw new ApiError("conflict", { key: "quote.replaced" });
  await tx.quote.update({ where: { id: paidQuote.id, status: "accepted" }, data: { status: "replaced" } });
  await movePaymentToQuote(tx, payment.id, paidQuote.id, quote.id);
  try {
    return { id: await writeRefund(tx, payment.id, refundCents, replacementRefundKey(quote.id)), amountCents: refundCents };
  } catch (error) {
    if (error instanceof PaymentRefusedError && error.reason === "transfer-in-progress") throw new ApiError("conflict", { key: "quote.refundInProgress" });
    throw error;
  }
}

/**
 * Asks the provider for the refund written down with the replacement. A provider that does not answer
 * leaves it "requested" for the sweep; one that refuses it leaves it "refused" for an operator (logged),
 * and the homeowner's step stands either way.
 */
async function askRefund(transferId: string, amountCents: number): Promise<AcceptedQuote["refund"]> {
  try {
    return { amountCents, state: (await finishTransfer(transferId)).state };
  } catch (error) {
    logFailure("quotes", "refunding the difference of a replaced quote", error);
    return { amountCents, state: "requested" };
  }
}

/** What the payment says it is for, the job and the handyman: "Fixwell: pipe leakage job in Rotterdam by Nina". */
function paymentDescription(request: TrackedRequest, handymanName: string, locale: Locale): string {
  return getTranslator(locale, "job")("quote.paymentDescription", { job: repairName(request, locale), name: handymanName });
}

/**
 * Accepts one of the homeowner's quotes: the one server-side step before the payment, which is made
 * for the returned amount (the quote's stored total, computed when it was sent) and nothing the browser
 * sent. 404 for another homeowner's quote; 409 for one accepted already (two tabs: the second), declined,
 * replaced or lapsed, or on a request no longer accepted. Accepting the lower replacement of a paid quote
 * pays nothing: the difference is refunded, and `refund` says how much.
 *
 * `billing` is the name, street and number, and postcode the invoice is made out to (billing_name,
 * billing_street, billing_postcode; the city is the request's): required when accepting, 400 field by field
 * and nothing accepted when missing or invalid, stored on the request in the acceptance's transaction.
 * Accepting a lower replacement of a paid quote does not ask again (the paid acceptance gave them; the
 * order page's form corrects them until the invoice is made), so it is ignored there.
 */
export async function acceptQuote(user: SessionUser, quoteId: string, billing: unknown, locale: Locale, now = new Date()): Promise<AcceptedQuote> {
  const { quote, request, refund } = await answerQuote(user, quoteId, "accepted", now, billing);
  return {
    quoteId: quote.id,
    requestId: request.id,
    handymanId: quote.handymanId,
    amountCents: quote.totalCents,
    description: paymentDescription(request, quote.handyman.name, locale),
    ...(refund ? { refund } : {}),
  };
}

/** Declines one of the homeowner's quotes; the handyman may then send a new one. Refusals as acceptQuote's. */
export async function declineQuote(user: SessionUser, quoteId: string, now = new Date()): Promise<void> {
  await answerQuote(user, quoteId, "declined", now);
}

/**
 * One of the homeowner's accepted quotes, as the payment takes it (its stored total, the job and the
 * handyman in the page's language): for paying again after the first attempt did not go through. 404 for
 * another homeowner's or an unknown quote; 409 for one that is not accepted.
 */
export async function payableQuote(user: SessionUser, quoteId: string, locale: Locale): Promise<AcceptedQuote> {
  const { quote, request } = await ownQuoteOrThrow(await getDb(), user, quoteId);
  if (quote.status !== "accepted") throw new ApiError("conflict", { key: "payment.notAccepted" });
  return { quoteId: quote.id, requestId: request.id, handymanId: quote.handymanId, amountCents: quote.totalCents, description: paymentDescription(request, quote.handyman.name, locale) };
}
