// What each side can do to a repair request once it is stored: the homeowner chooses how the handyman
// is picked, picks one of the next two instead, moves the day, cancels and reviews; the handyman accepts
// or declines an offer, answers a new day and marks the job done; the platform expires offers nobody
// answered. Every change is one transaction that starts with lib/requests/lifecycle.ts's transition (so
// the request's row is the first thing locked, and the loser of a race gets 409 before touching anything
// else), then writes the offers, the review and the mail that go with it.
//
// The homeowner's functions take the signed-in user and treat another user's request as unknown (404);
// the handyman's take the offer's id, and an offer made to someone else is unknown too.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { env } from "../env";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { formatDate } from "../format";
import { getTranslator } from "../i18n/translator";
import { DEFAULT_LOCALE } from "../../i18n/locales";
import { cityLabel } from "../requests/words";
import { getHandymanForUserOrThrow, refreshRating, refreshReliability, type CandidateScope, type PublicHandyman } from "../handymen/queries";
import { rankCandidates, type RankScope, type Ranking } from "../handymen/ranking";
import { toDbCriterion, type Criterion } from "./catalogue";
import { applyTransition, canTake, SYSTEM_ACTOR, wrongState, type Actor, type RequestState } from "./lifecycle";
import type { CriterionChoice, RepairRequest } from "./schemas";
import { requestColumns as storedRequestColumns } from "./queries";
import { fromStored, toDbDate } from "./stored";
import { AfterCommit } from "../queue/after-commit";
import { offerExpiryTask } from "./offer-expiry";
import { notify } from "./notices";
import { whyThisHandyman } from "./why-this-handyman";
import { recordCancellation, recordWithdrawal, settleCancellation, settleWithdrawal, type ExpectedCancellation, type SettleOutcome } from "./cancellation";

type Tx = Prisma.TransactionClient;

const requestColumns = { ...storedRequestColumns, state: true, proposedDate: true, homeOlderThanTwoYears: true, homeAgeStatedAt: true } as const satisfies Prisma.RepairRequestSelect;

/**
 * A request with what its life adds: the owner, the state, a day proposed after acceptance, and the
 * homeowner's statement whether the home is older than two years (null: never stated, read as "no").
 */
export type TrackedRequest = RepairRequest & {
  userId: string;
  state: RequestState;
  proposedDate: string | null;
  homeOlderThanTwoYears: boolean | null;
  /** ISO timestamp of that statement. */
  homeAgeStatedAt: string | null;
};

export function fromTrackedRow(row: Prisma.RepairRequestGetPayload<{ select: typeof requestColumns }>): TrackedRequest {
  return {
    ...fromStored(row),
    userId: row.userId,
    state: row.state,
    proposedDate: row.proposedDate ? row.proposedDate.toISOString().slice(0, 10) : null,
    homeOlderThanTwoYears: row.homeOlderThanTwoYears,
    homeAgeStatedAt: row.homeAgeStatedAt ? row.homeAgeStatedAt.toISOString() : null,
  };
}

export { requestColumns as trackedRequestColumns };

/** One of the user's requests with its state; 404 when it does not exist or belongs to someone else. */
export async function getTrackedRequestOrThrow(db: Tx, user: SessionUser, id: string): Promise<TrackedRequest> {
  const row = await db.repairRequest.findFirst({ where: { id, userId: user.id }, select: requestColumns });
  if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
  return fromTrackedRow(row);
}

/**
 * The request as the homeowner saw it when acting: a step applies from the state they saw, so if the
 * request moved on meanwhile (a handyman accepted it a moment ago) the step is refused with 409.
 */
function seenAs(request: TrackedRequest, seenState: RequestState | undefined): TrackedRequest {
  if (seenState === undefined || seenState === request.state) return request;
  throw wrongState(request.state);
}

const homeowner = (user: SessionUser): Actor => ({ role: "homeowner", userId: user.id });
const handymanActor = (user: SessionUser): Actor => ({ role: "handyman", userId: user.id });

/** Runs one step's transaction, then what it set going (mail, offer expiry) once it has committed. */
export async function step<T>(fn: (tx: Tx, after: AfterCommit) => Promise<T>): Promise<T> {
  const db = await getDb();
  const after = new AfterCommit();
  const result = await db.$transaction((tx) => fn(tx, after));
  await after.run();
  return result;
}

/** Who holds a request is told by its offers: the one open or accepted offer, if any. */
export async function findHolderOffer(db: Tx, requestId: string) {
  return db.offer.findFirst({
    where: { requestId, status: { in: ["open", "accepted"] } },
    select: { id: true, handymanId: true, status: true, expiresAt: true },
  });
}

/** Handymen who declined the request, let it expire, or accepted it and cancelled: it never goes back to them. */
async function handymenWhoPassed(db: Tx, requestId: string): Promise<number[]> {
  const rows = await db.offer.findMany({
    where: { requestId, OR: [{ status: { in: ["declined", "expired"] } }, { withdrawal: { isNot: null } }] },
    select: { handymanId: true },
  });
  return rows.map((row) => row.handymanId);
}

/** Whom a request may go to: its pair and day, less those who passed on it and the requester's own profile. */
export async function candidateScope(db: Tx, request: Pick<TrackedRequest, "id" | "city" | "taskType" | "date" | "userId">): Promise<CandidateScope> {
  return { city: request.city, taskType: request.taskType, date: request.date, exclude: await handymenWhoPassed(db, request.id), requesterId: request.userId };
}

/** The scope of a request's ranking under `criterion` (the candidates of candidateScope). */
export async function rankingScope(db: Tx, request: Pick<TrackedRequest, "id" | "city" | "taskType" | "date" | "userId">, criterion: Criterion): Promise<RankScope> {
  return { ...(await candidateScope(db, request)), criterion };
}

/**
 * The top `limit` of the matching rule's ranking for a request under `criterion` (lib/handymen/ranking.ts),
 * and how many it holds: the handymen it may still go to (serving its city and trade, not suspended or
 * removed, not among those who declined it or let it expire, never the requester's own profile). The offer
 * and the pass-on read one or two; the confirmation page the three it shows.
 */
export async function rankingForRequest(
  db: Tx,
  request: Pick<TrackedRequest, "id" | "city" | "taskType" | "date" | "userId">,
  criterion: Criterion,
  limit: number,
): Promise<Ranking> {
  return rankCandidates(db, await rankingScope(db, request, criterion), { limit });
}

/** The two the homeowner may pick instead of the handyman holding the request: the next in the ranking (the top three hold them). */
function alternativesTo<H extends { id: number }>(top: readonly H[], holderId: number | null): H[] {
  return top.filter((h) => h.id !== holderId).slice(0, 2);
}

/** The timeline's note on why `handyman` (one of `ranking.top`) was picked. */
function explain(handyman: PublicHandyman, ranking: Ranking, request: Pick<RepairRequest, "city" | "taskType">, criterion: Criterion) {
  const standing = { place: ranking.top.findIndex((h) => h.id === handyman.id) + 1, count: ranking.count };
  // The timeline's notes are stored in English.
  return whyThisHandyman(standing, { criterion, city: request.city, taskType: request.taskType }, DEFAULT_LOCALE, getTranslator(DEFAULT_LOCALE, "request"));
}

/**
 * Closes the open offer (if any) as passed over, then gives the request to `handyman` until the deadline.
 * The handyman's row is read again under a share lock: an operator suspending them at this very moment
 * either waits for this offer (and withdraws it) or has committed, and then nothing is offered (409).
 */
async function makeOffer(tx: Tx, after: AfterCommit, request: TrackedRequest, handyman: PublicHandyman, now: Date): Promise<void> {
  const [free] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "id" = ${handyman.id} AND NOT "suspended" FOR SHARE`;
  if (!free) throw new ApiError("conflict", { key: "request.handymanUnavailable", values: { name: handyman.name } });
  await tx.offer.updateMany({ where: { requestId: request.id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
  const offer = await tx.offer.create({
    data: { requestId: request.id, handymanId: handyman.id, expiresAt: new Date(now.getTime() + env().HANDYMAN_RESPONSE_HOURS * 3_600_000) },
    select: { id: true, expiresAt: true },
  });
  // The request's thread with this handyman (lib/messages) starts with the offer; offered again, it is the same thread.
  await tx.messageThread.createMany({ data: [{ requestId: request.id, handymanId: handyman.id }], skipDuplicates: true });
  after.send(offerExpiryTask(offer));
  await notify.offered(tx, after, { request, handymanId: handyman.id, respondBy: offer.expiresAt });
}

/**
 * 409 while a no-show of the request waits for the homeowner's window or an operator (./no-show.ts): the job
 * is neither cancelled, finished nor given up under it; the no-show's settlement or decision ends it.
 */
async function refuseDuringNoShow(tx: Tx, requestId: string): Promise<void> {
  if (await tx.noShow.count({ where: { requestId, state: { in: ["open", "objected"] } } })) throw new ApiError("conflict", { key: "noShow.pending" });
}

// ---- The homeowner's side. ----

/**
 * Saves the homeowner's criterion and gives the request to the handyman the rule picks, or records that
 * nobody can take it. The city and task type sent along must be the stored ones (409 otherwise): the
 * browser matched for them. Choosing again before anyone accepted passes the request to the new match;
 * a choice that picks the handyman already holding it only saves the criterion.
 */
export async function chooseCriterion(user: SessionUser, id: string, choice: CriterionChoice, now = new Date()): Promise<RepairRequest> {
  const db = await getDb();
  const current = await getTrackedRequestOrThrow(db, user, id);
  if (current.city !== choice.city || current.taskType !== choice.taskType) {
    throw new ApiError("conflict", { key: "request.mustMatch", values: { city: (locale) => cityLabel(current.city, locale), taskType: current.taskType } });
  }
  if (!canTake("offer", current.state)) throw wrongState(current.state);
  const criterion = toDbCriterion(choice.criterion);
  await step(async (tx, after) => {
    const ranking = await rankingForRequest(tx, current, choice.criterion, 1);
    const first = ranking.top[0];
    const holder = current.state === "offered" ? await findHolderOffer(tx, id) : null;
    if (first && holder?.handymanId === first.id) {
      const { count } = await tx.repairRequest.updateMany({ where: { id, state: current.state }, data: { criterion } });
      if (count !== 1) throw wrongState(current.state);
      return;
    }
    if (!first) {
      await applyTransition(tx, { requestId: id, action: "find_nobody", from: current.state, actor: homeowner(user), set: { criterion } });
      await tx.offer.updateMany({ where: { requestId: id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
      return;
    }
    await applyTransition(tx, {
      requestId: id,
      action: "offer",
      from: current.state,
      actor: homeowner(user),
      handymanId: first.id,
      note: explain(first, ranking, current, choice.criterion),
      set: { criterion },
    });
    await makeOffer(tx, after, current, first, now);
  });
  return fromStored(await db.repairRequest.findUniqueOrThrow({ where: { id }, select: requestColumns }));
}

/**
 * The homeowner picks one of the next two in the ranking instead of the handyman holding the request,
 * while nobody has accepted it. The pick is checked against the server's own ranking: 409 when that
 * handyman is not (or no longer) one of the two.
 */
export async function pickAlternative(user: SessionUser, id: string, handymanId: number, now = new Date()): Promise<void> {
  const db = await getDb();
  const current = await getTrackedRequestOrThrow(db, user, id);
  const criterion = current.criterion;
  if (current.state !== "offered" || !criterion) throw wrongState(current.state);
  await step(async (tx, after) => {
    const ranking = await rankingForRequest(tx, current, criterion, 3);
    const holder = await findHolderOffer(tx, id);
    const chosen = alternativesTo(ranking.top, holder?.handymanId ?? null).find((h) => h.id === handymanId);
    if (!chosen) throw new ApiError("conflict", { key: "request.notPickable" });
    await applyTransition(tx, {
      requestId: id,
      action: "offer",
      from: current.state,
      actor: homeowner(user),
      handymanId: chosen.id,
      note: `You chose ${chosen.name} instead. ${explain(chosen, ranking, current, criterion)}`,
    });
    await makeOffer(tx, after, current, chosen, now);
  });
}

/**
 * Moves the preferred day: freely before a handyman accepted; afterwards the new day is a proposal the
 * handyman confirms, or declines by keeping the day agreed.
 */
export async function changeDate(user: SessionUser, id: string, date: string, seenState?: RequestState): Promise<void> {
  const db = await getDb();
  const current = seenAs(await getTrackedRequestOrThrow(db, user, id), seenState);
  if (date === (current.proposedDate ?? current.date)) {
    throw new ApiError("bad_request", { key: "request.alreadyPlanned", values: { date: (locale) => formatDate(date, locale) } });
  }
  await step(async (tx, after) => {
    if (canTake("change_date", current.state)) {
      await applyTransition(tx, {
        requestId: id,
        action: "change_date",
        from: current.state,
        actor: homeowner(user),
        note: `Date moved from ${formatDate(current.date)} to ${formatDate(date)}.`,
        set: { date: toDbDate(date) },
      });
      return;
    }
    if (!canTake("propose_date", current.state)) throw wrongState(current.state);
    const holder = await findHolderOffer(tx, id);
    await applyTransition(tx, {
      requestId: id,
      action: "propose_date",
      from: current.state,
      actor: homeowner(user),
      handymanId: holder?.handymanId ?? null,
      note: `You asked to move the job to ${formatDate(date)}.`,
      set: { proposedDate: toDbDate(date) },
    });
    if (holder) await notify.dateProposed(tx, after, { request: current, handymanId: holder.handymanId, date });
  });
}

/**
 * Cancels the request, until it is done; the handyman holding it hears of it. A paid job's money follows the
 * cancellation rule (./cancellation.ts): written down with the cancel, asked of the provider once it has
 * committed. With `expected` (the amounts the Cancel button showed) a rule that now says otherwise is 409.
 */
export async function cancelRequest(user: SessionUser, id: string, seenState?: RequestState, now = new Date(), expected?: ExpectedCancellation): Promise<SettleOutcome> {
  const db = await getDb();
  const current = seenAs(await getTrackedRequestOrThrow(db, user, id), seenState);
  const money = await step(async (tx, after) => {
    await applyTransition(tx, { requestId: id, action: "cancel", from: current.state, actor: homeowner(user) });
    await refuseDuringNoShow(tx, id);
    const money = await recordCancellation(tx, id, "homeowner", now, expected);
    const holder = await findHolderOffer(tx, id);
    await tx.offer.updateMany({ where: { requestId: id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
    if (holder) await notify.cancelled(tx, after, { request: current, handymanId: holder.handymanId, money });
    return money;
  });
  return money ? settleCancellation(id) : "nothing";
}

/**
 * 403 when the handyman `handymanId` is the account `userId` itself: nobody accepts or reviews their own
 * request (matching never offers it to them; this holds for requests made before that rule).
 */
async function refuseOwnRequest(db: Tx, handymanId: number, userId: string): Promise<void> {
  const own = await db.handyman.count({ where: { id: handymanId, userId } });
  if (own > 0) throw new ApiError("forbidden", { key: "request.ownRequest" });
}

export type ReviewInput = { stars: number; text: string };

/** The homeowner's one review of a finished job; the handyman's rating takes it in at once. */
export async function reviewRequest(user: SessionUser, id: string, review: ReviewInput): Promise<void> {
  const db = await getDb();
  const current = await getTrackedRequestOrThrow(db, user, id);
  await step(async (tx) => {
    await applyTransition(tx, { requestId: id, action: "review", from: current.state, actor: homeowner(user) });
    const holder = await findHolderOffer(tx, id);
    if (holder?.status !== "accepted") throw new Error(`Request ${id} is done, but no accepted offer says by whom.`);
    await refuseOwnRequest(tx, holder.handymanId, user.id);
    await tx.review.create({ data: { requestId: id, handymanId: holder.handymanId, stars: review.stars, text: review.text } });
    await refreshRating(tx, holder.handymanId);
  });
}

// ---- The handyman's side: always through an offer made to them. ----

async function getOfferForHandymanOrThrow(db: Tx, user: SessionUser, offerId: string) {
  const handyman = await getHandymanForUserOrThrow(user, db);
  const offer = await db.offer.findFirst({
    where: { id: offerId, handymanId: handyman.id },
    select: { id: true, status: true, expiresAt: true, request: { select: requestColumns } },
  });
  if (!offer) throw new ApiError("not_found", { key: "requestNotFound" });
  return { handyman, offer, request: fromTrackedRow(offer.request) };
}

/** 409 for an offer that can no longer be answered, with the reason in plain words. */
function assertOpen(offer: { status: string; expiresAt: Date }, now: Date): void {
  if (offer.status === "expired" || (offer.status === "open" && offer.expiresAt <= now)) {
    throw new ApiError("conflict", { key: "request.offerExpired" });
  }
  if (offer.status === "withdrawn") throw new ApiError("conflict", { key: "request.offerWithdrawn" });
  if (offer.status === "declined") throw new ApiError("conflict", { key: "request.alreadyDeclined" });
  if (offer.status === "accepted") throw new ApiError("conflict", { key: "request.alreadyAccepted" });
}

/** Answers the open offer inside the step's transaction; 409 when it closed after it was read. */
async function answerOffer(tx: Tx, offerId: string, status: "accepted" | "declined", now: Date, declineReason: string | null = null) {
  const { count } = await tx.offer.updateMany({
    where: { id: offerId, status: "open", expiresAt: { gt: now } },
    data: { status, answeredAt: now, declineReason },
  });
  if (count !== 1) throw new ApiError("conflict", { key: "request.offerNotOpen" });
}

export async function acceptOffer(user: SessionUser, offerId: string, now = new Date()): Promise<void> {
  const { handyman, offer, request } = await getOfferForHandymanOrThrow(await getDb(), user, offerId);
  if (request.userId === user.id) throw new ApiError("forbidden", { key: "request.ownRequest" });
  assertOpen(offer, now);
  await step(async (tx, after) => {
    await applyTransition(tx, { requestId: request.id, action: "accept", from: request.state, actor: handymanActor(user), handymanId: handyman.id });
    await answerOffer(tx, offerId, "accepted", now);
    await refreshReliability(tx, handyman.id);
    await notify.accepted(tx, after, { request, handymanId: handyman.id });
  });
}

/** Declines an offer (the optional reason is kept for the operator) and passes the request on. */
export async function declineOffer(user: SessionUser, offerId: string, reason: string, now = new Date()): Promise<void> {
  const { handyman, offer, request } = await getOfferForHandymanOrThrow(await getDb(), user, offerId);
  assertOpen(offer, now);
  await step(async (tx, after) => {
    await applyTransition(tx, { requestId: request.id, action: "decline", from: request.state, actor: handymanActor(user), handymanId: handyman.id });
    await answerOffer(tx, offerId, "declined", now, reason || null);
    await passOn(tx, after, request, "declined", handyman.id, now);
  });
}

/**
 * The handyman holding an accepted job cancels it, until it is done. In one transaction: the step (409 when
 * the job moved on, or another tab cancelled it a moment ago), the offer closed as withdrawn, their quotes on
 * the request void (stored as replaced: the next handyman quotes afresh), the withdrawal recorded with, for a
 * paid job, the full refund written down (./cancellation.ts), their reliability counted again, and the
 * request passed on as after a decline: the next handyman in the same ranking who has not passed on it, or
 * nobody (unmatched). The homeowner is mailed that the handyman cancelled, that the money comes back in full,
 * and who has it now. The refund is asked of the provider once the transaction has committed.
 */
export async function withdrawJob(user: SessionUser, offerId: string, now = new Date()): Promise<SettleOutcome> {
  const { handyman, offer, request } = await getOfferForHandymanOrThrow(await getDb(), user, offerId);
  if (offer.status !== "accepted") throw new ApiError("conflict", { key: "request.notYourJobNow" });
  const money = await step(async (tx, after) => {
    await applyTransition(tx, {
      requestId: request.id,
      action: "withdraw_job",
      from: request.state,
      actor: handymanActor(user),
      handymanId: handyman.id,
      note: `${handyman.name} cancelled the job.`,
      // A new day the homeowner asked of this handyman goes with them; the next one is offered the day agreed.
      set: { proposedDate: null },
    });
    const { count } = await tx.offer.updateMany({ where: { id: offerId, status: "accepted" }, data: { status: "withdrawn", answeredAt: now } });
    if (count !== 1) throw new ApiError("conflict", { key: "request.notYourJobNow" });
    await refuseDuringNoShow(tx, request.id);
    await tx.quote.updateMany({ where: { requestId: request.id, handymanId: handyman.id, status: { in: ["sent", "accepted", "declined"] } }, data: { status: "replaced", answeredAt: now } });
    const money = await recordWithdrawal(tx, { requestId: request.id, handymanId: handyman.id, offerId }, now);
    await refreshReliability(tx, handyman.id);
    await passOn(tx, after, request, "declined", handyman.id, now, { reason: "withdrew", refundCents: money?.refundCents ?? 0 });
    return money;
  });
  return settleWithdrawal(money);
}

/**
 * After a decline or an expiry (or a handyman cancelling an accepted job): the next handyman in the same
 * ranking who has not passed on the request gets it; with nobody left it is unmatched. The homeowner hears
 * either way, with `why` saying what the previous handyman did (and what of the money comes back).
 */
async function passOn(
  tx: Tx,
  after: AfterCommit,
  request: TrackedRequest,
  from: "declined" | "expired",
  previousId: number,
  now: Date,
  why: { reason: "withdrew"; refundCents: number } | null = null,
): Promise<void> {
  const reason = why?.reason ?? from;
  const refundCents = why?.refundCents ?? 0;
  const criterion = request.criterion;
  const ranking = criterion ? await rankingForRequest(tx, request, criterion, 1) : null;
  const next = ranking?.top[0];
  if (!next || !ranking || !criterion) {
    await applyTransition(tx, { requestId: request.id, action: "run_out", from, actor: SYSTEM_ACTOR });
    await notify.unmatched(tx, after, { request, previousHandymanId: previousId, reason, refundCents });
    return;
  }
  await applyTransition(tx, {
    requestId: request.id,
    action: "pass_on",
    from,
    actor: SYSTEM_ACTOR,
    handymanId: next.id,
    note: explain(next, ranking, request, criterion),
  });
  await makeOffer(tx, after, request, next, now);
  await notify.passedOn(tx, after, { request, previousHandymanId: previousId, handymanId: next.id, reason, refundCents });
}

/** The handyman confirms the homeowner's new day, or keeps the one agreed. */
export async function answerDate(user: SessionUser, offerId: string, confirm: boolean): Promise<void> {
  const { handyman, offer, request } = await getOfferForHandymanOrThrow(await getDb(), user, offerId);
  const proposed = request.proposedDate;
  if (offer.status !== "accepted" || !proposed) throw wrongState(request.state);
  await step(async (tx, after) => {
    await applyTransition(tx, {
      requestId: request.id,
      action: confirm ? "confirm_date" : "keep_date",
      from: request.state,
      actor: handymanActor(user),
      handymanId: handyman.id,
      note: confirm
        ? `${handyman.name} confirmed the new date, ${formatDate(proposed)}.`
        : `${handyman.name} cannot come on ${formatDate(proposed)} and keeps ${formatDate(request.date)}.`,
      set: confirm ? { date: toDbDate(proposed), proposedDate: null } : { proposedDate: null },
    });
    await notify.dateAnswered(tx, after, { request, handymanId: handyman.id, date: proposed, confirmed: confirm });
  });
}

export async function markDone(user: SessionUser, offerId: string): Promise<void> {
  const { handyman, offer, request } = await getOfferForHandymanOrThrow(await getDb(), user, offerId);
  if (offer.status !== "accepted") throw new ApiError("conflict", { key: "request.onlyAcceptedDone" });
  await step(async (tx, after) => {
    await applyTransition(tx, { requestId: request.id, action: "finish", from: request.state, actor: handymanActor(user), handymanId: handyman.id });
    await refuseDuringNoShow(tx, request.id);
    await notify.done(tx, after, { request, handymanId: handyman.id });
  });
}

// ---- The platform's side: offers nobody answered in time. ----

/**
 * Expires one offer that is still open past its deadline and passes the request on. False when there
 * was nothing to do: answered, withdrawn, not due yet, or expired by another worker a moment ago.
 */
export async function expireOffer(offerId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const offer = await db.offer.findUnique({
    where: { id: offerId },
    select: { status: true, expiresAt: true, handymanId: true, request: { select: requestColumns } },
  });
  if (!offer || offer.status !== "open" || offer.expiresAt > now) return false;
  const request = fromTrackedRow(offer.request);
  try {
    await step(async (tx, after) => {
      await applyTransition(tx, { requestId: request.id, action: "expire", from: request.state, actor: SYSTEM_ACTOR, handymanId: offer.handymanId });
      const { count } = await tx.offer.updateMany({
        where: { id: offerId, status: "open", expiresAt: { lte: now } },
        data: { status: "expired", answeredAt: now },
      });
      if (count !== 1) throw new ApiError("conflict", { key: "request.offerClosed" });
      await passOn(tx, after, request, "expired", offer.handymanId, now);
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === "conflict") return false;
    throw error;
  }
  return true;
}

/** Expires every offer past its deadline: the periodic sweep, so a lost or late job loses nothing. */
export async function expireDueOffers(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db.offer.findMany({
    where: { status: "open", expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take: 100,
    select: { id: true },
  });
  let expired = 0;
  for (const { id } of due) if (await expireOffer(id, now)) expired += 1;
  return expired;
}

// ---- An operator's side (lib/ops): cancelling for the homeowner, and the offers of a suspended handyman. ----

/**
 * Cancels request `id` on its homeowner's behalf inside the caller's transaction (which writes the audit
 * entry too): the homeowner's own cancel step, from the state the operator saw (409 when it moved on or
 * no longer allows it), with the reason on the timeline; the handyman holding it and the homeowner (with
 * the reason) hear of it. A paid job's refund is written down here (./cancellation.ts); the caller settles
 * it with settleCancellation once its transaction has committed. Returns the request as it was; 404 for an
 * unknown id.
 */
export async function cancelOnBehalf(
  tx: Tx,
  after: AfterCommit,
  { operatorId, id, reason, seenState, now = new Date() }: { operatorId: string; id: string; reason: string; seenState?: RequestState; now?: Date },
): Promise<TrackedRequest> {
  const row = await tx.repairRequest.findUnique({ where: { id }, select: requestColumns });
  if (!row) throw new ApiError("not_found", { key: "requestNotFound" });
  const current = seenAs(fromTrackedRow(row), seenState);
  await applyTransition(tx, { requestId: id, action: "cancel", from: current.state, actor: { role: "operator", userId: operatorId }, note: reason });
  const money = await recordCancellation(tx, id, "operator", now);
  const holder = await findHolderOffer(tx, id);
  await tx.offer.updateMany({ where: { requestId: id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
  if (holder) await notify.cancelled(tx, after, { request: current, handymanId: holder.handymanId, money });
  await notify.cancelledForHomeowner(tx, after, { request: current, reason, money });
  return current;
}

/**
 * After an operator suspended handyman `handymanId` (in the caller's transaction, before this runs): each
 * request offered to them and not answered yet goes to the next handyman in its ranking, or is left
 * without one; the homeowner hears either way. Jobs they already accepted stay theirs. Returns the ids
 * of the requests moved.
 */
export async function withdrawOpenOffersOf(tx: Tx, after: AfterCommit, { operatorId, handymanId, now = new Date() }: { operatorId: string; handymanId: number; now?: Date }): Promise<string[]> {
  return passOnOpenOffersOf(tx, after, { role: "operator", userId: operatorId }, handymanId, now);
}

/** The open offers of a handyman who can no longer take requests, each passed to the next handyman (or none), by `actor`. */
async function passOnOpenOffersOf(tx: Tx, after: AfterCommit, actor: Actor, handymanId: number, now: Date): Promise<string[]> {
  const offers = await tx.offer.findMany({
    where: { handymanId, status: "open" },
    orderBy: { createdAt: "asc" },
    select: { id: true, request: { select: requestColumns } },
  });
  for (const offer of offers) {
    const request = fromTrackedRow(offer.request);
    await tx.offer.updateMany({ where: { id: offer.id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
    const criterion = request.criterion;
    // The handyman leaving may still be a candidate (an account being erased): the top two hold the next one.
    const ranking = criterion ? await rankingForRequest(tx, request, criterion, 2) : null;
    const next = ranking?.top.find((h) => h.id !== handymanId);
    if (!next || !ranking || !criterion) {
      await applyTransition(tx, { requestId: request.id, action: "withdraw", from: request.state, actor, handymanId });
      await notify.unmatched(tx, after, { request, previousHandymanId: handymanId, reason: "unavailable" });
      continue;
    }
    await applyTransition(tx, { requestId: request.id, action: "reassign", from: request.state, actor, handymanId: next.id, note: explain(next, ranking, request, criterion) });
    await makeOffer(tx, after, request, next, now);
    await notify.passedOn(tx, after, { request, previousHandymanId: handymanId, handymanId: next.id, reason: "unavailable" });
  }
  return offers.map((offer) => offer.request.id);
}

export type Departure = { handymanId: number; movedRequests: string[]; cancelledRequests: string[] };

/**
 * A handyman deletes their account (lib/account/delete.ts calls this in its transaction, before the
 * account's row goes): their profile leaves the market as a suspension takes it out (never matched nor
 * offered anything, so off every page that lists handymen), each open offer passes to the next handyman
 * as after a suspension, and each job they accepted and had not finished is cancelled by the platform,
 * with the reason on its timeline and a mail to its homeowner, who may ask again. (The lifecycle has no
 * way back from an accepted job to a new offer; cancelling is the step it has, and it leaves the
 * homeowner free to make a new request at once instead of waiting on someone to reassign it.) A paid
 * job's refund is written down (./cancellation.ts) for the caller to settle once its transaction has
 * committed (`cancelledRequests`). Jobs done stay as they are, so their homeowner can still review them. Null when the account has no handyman profile.
 */
export async function takeHandymanOutOfMarket(tx: Tx, after: AfterCommit, userId: string, now = new Date()): Promise<Departure | null> {
  const [profile] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "handymen" WHERE "user_id" = ${userId}::uuid FOR UPDATE`;
  if (!profile) return null;
  await tx.handyman.update({ where: { id: profile.id }, data: { suspended: true, available: false } });
  const movedRequests = await passOnOpenOffersOf(tx, after, SYSTEM_ACTOR, profile.id, now);
  const accepted = await tx.offer.findMany({
    where: { handymanId: profile.id, status: "accepted", request: { state: { in: ["accepted", "date_proposed"] } } },
    orderBy: { createdAt: "asc" },
    select: { request: { select: requestColumns } },
  });
  for (const { request: row } of accepted) {
    const request = fromTrackedRow(row);
    await applyTransition(tx, {
      requestId: request.id,
      action: "cancel",
      from: request.state,
      actor: SYSTEM_ACTOR,
      handymanId: profile.id,
      // Not by name: the account is being erased (lib/account/delete.ts).
      note: "The handyman left Fixwell, so the job is cancelled.",
    });
    const money = await recordCancellation(tx, request.id, "system", now);
    await notify.handymanLeft(tx, after, { request, handymanId: profile.id, money });
  }
  return { handymanId: profile.id, movedRequests, cancelledRequests: accepted.map(({ request }) => request.id) };
}
