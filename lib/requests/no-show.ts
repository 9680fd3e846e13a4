// On the day of a paid job: the handyman who accepted it says "On my way" (the homeowner hears of it, by mail
// and push as they chose) and "I'm at the door", each once and only on the agreed day in the Netherlands; the
// times are kept in job_arrivals. Then one of two no-shows may be reported, one per request (no_shows):
//
// - Nobody opens. The handyman reports the homeowner's no-show noShowWaitMs() after "I'm at the door" at the
//   earliest, and only with a photo of the door, checked and re-encoded like every photo (lib/photos: its
//   metadata never stored). The homeowner is mailed at once and may object until OBJECTION_WINDOW_MS later on
//   their order page. Unchallenged, the no-show is settled when the window ends by a task on the job queue
//   (settle-no-show, due at the window's end; a sweep every five minutes picks up a task that was lost):
//   treated as the homeowner's late cancellation, through the one cancellation rule (recordCancellation with
//   the homeowner as the canceller, at the time of the report): an hour at the handyman's price to them less
//   commission, the rest refunded. An objection opens a dispute (lib/requests/disputes.ts's table) that an
//   operator decides at /ops/disputes (lib/ops/disputes.ts), the request then ending cancelled.
// - The handyman does not come. The job stores an agreed day, no hour: the agreed window is that day until
//   ARRIVAL_WINDOW_END_HOUR:00 in the Netherlands. From then on, without "I'm at the door", the homeowner may
//   report the handyman's no-show: the request is cancelled with a full refund (the cancellation rule's
//   "handyman" row) and the no-show counts in the handyman's reliability with the jobs they cancelled
//   (refreshReliability, lib/handymen/queries.ts).
//
// Every step is a transition of lib/requests/lifecycle.ts, so it is on the timeline, locks the request first
// and loses a race with 409. Settling is a conditional update of the no-show's state, so a task that runs twice,
// late, or with the sweep moves the money once; the refund's reason key is the cancellation's (one per request).
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import { Prisma as PrismaNamespace } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { env } from "../env";
import { formatDate, formatDateTime } from "../format";
import { getHandymanForUserOrThrow, refreshReliability } from "../handymen/queries";
import { agreedDayStart } from "../payments/cancellation";
import { balanceOf } from "../payments/ledger";
import type { ProcessedPhoto } from "../photos/intake";
import { inspectPhoto } from "../photos/intake";
import { photoViewerOf, preparePhotos } from "../photos/photos";
import { recordAudit } from "../ops/audit";
import type { QueuedTask } from "../queue";
import { freeTextSchema } from "../validations/text";
import { recordCancellation, settleCancellation, type SettleOutcome } from "./cancellation";
import { applyTransition, SYSTEM_ACTOR, wrongState, type RequestState } from "./lifecycle";
import { notify } from "./notices";
import { fromTrackedRow, getTrackedRequestOrThrow, step, trackedRequestColumns, type TrackedRequest } from "./workflow";

type Tx = Prisma.TransactionClient;

/** How long the handyman waits at the door before they may report that nobody opened: 20 minutes (NO_SHOW_WAIT_MINUTES). */
export const noShowWaitMs = () => env().NO_SHOW_WAIT_MINUTES * 60_000;
/** How long the homeowner has to object to a reported no-show. */
export const OBJECTION_WINDOW_MS = 2 * 3_600_000;
/** The agreed window ends at this hour of the agreed day in the Netherlands (the job stores no hour). */
export const ARRIVAL_WINDOW_END_HOUR = 18;
export const MAX_OBJECTION_LENGTH = 2_000;

export const SETTLE_NO_SHOW = "settle-no-show";

const ON_THE_DAY_STATES: readonly RequestState[] = ["accepted", "date_proposed"];

const AMSTERDAM_DAY = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" });

/** The day `now` falls on in the Netherlands, YYYY-MM-DD. */
export function amsterdamDay(now: Date): string {
  return AMSTERDAM_DAY.format(now);
}

/** The end of the agreed window: ARRIVAL_WINDOW_END_HOUR:00 on the agreed day in the Netherlands. */
export function arrivalWindowEnd(agreedDate: string): Date {
  const start = agreedDayStart(agreedDate);
  const next = new Date(start.getTime() + 36 * 3_600_000).toISOString().slice(0, 10);
  // Counted back from the next midnight: the clocks never change between 18:00 and midnight.
  return new Date(agreedDayStart(next).getTime() - (24 - ARRIVAL_WINDOW_END_HOUR) * 3_600_000);
}

/** The task that settles no-show `id` when its homeowner's window ends; queued once per no-show. */
export function noShowTask(noShow: { id: string; objectUntil: Date }): QueuedTask {
  return { name: SETTLE_NO_SHOW, data: { noShowId: noShow.id }, singletonKey: noShow.id, startAfter: noShow.objectUntil };
}

export const objectionSchema = freeTextSchema({
  max: MAX_OBJECTION_LENGTH,
  typeMessage: "Write why as text.",
  maxMessage: `Keep it to ${MAX_OBJECTION_LENGTH} characters or fewer.`,
}).refine((value) => value.length >= 10, "Write what happened (at least a sentence): an operator reads it and decides.");

const isUniqueViolation = (error: unknown) => error instanceof PrismaNamespace.PrismaClientKnownRequestError && error.code === "P2002";

type PaidJob = { handymanId: number; handymanName: string; offerId: string; request: TrackedRequest; paymentId: string };

/**
 * The handyman's paid, accepted job behind offer `offerId`: 404 for an offer made to someone else (or a
 * malformed id), 409 when the job is not theirs now, not in a state for the day, or not paid and held.
 */
async function paidJobOf(db: Tx, user: SessionUser, offerId: string): Promise<PaidJob> {
  const handyman = await getHandymanForUserOrThrow(user, db);
  const offer = await db.offer.findFirst({ where: { id: offerId, handymanId: handyman.id }, select: { id: true, status: true, request: { select: trackedRequestColumns } } });
  if (!offer) throw new ApiError("not_found", { key: "requestNotFound" });
  if (offer.status !== "accepted") throw new ApiError("conflict", { key: "request.notYourJobNow" });
  const request = fromTrackedRow(offer.request);
  if (!ON_THE_DAY_STATES.includes(request.state)) throw wrongState(request.state);
  const paymentId = await heldPaymentOf(db, request.id, handyman.id);
  if (!paymentId) throw new ApiError("conflict", { key: "noShow.notPaid" });
  return { handymanId: handyman.id, handymanName: handyman.name, offerId: offer.id, request, paymentId };
}

/** The job's paid payment to `handymanId` with money still held, if any. */
async function heldPaymentOf(db: Tx, requestId: string, handymanId: number): Promise<string | null> {
  const payment = await db.payment.findFirst({
    where: { requestId, handymanId, status: "paid", withdrawal: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, ledger: { select: { kind: true, amountCents: true } } },
  });
  return payment && balanceOf(payment.ledger).held > 0 ? payment.id : null;
}

/** 409 unless `now` is on the job's agreed day in the Netherlands. */
function assertAgreedDay(request: TrackedRequest, now: Date): void {
  if (amsterdamDay(now) !== request.date) throw new ApiError("conflict", { key: "noShow.notTheDay", values: { date: (locale) => formatDate(request.date, locale) } });
}

/** The handyman is on their way: the time kept, the homeowner told. 409 on another day and the second time. */
export async function sayOnMyWay(user: SessionUser, offerId: string, now = new Date()): Promise<void> {
  const job = await paidJobOf(await getDb(), user, offerId);
  assertAgreedDay(job.request, now);
  await step(async (tx, after) => {
    await applyTransition(tx, { requestId: job.request.id, action: "on_my_way", from: job.request.state, actor: { role: "handyman", userId: user.id }, handymanId: job.handymanId, note: `${job.handymanName} is on the way.` });
    const existing = await tx.jobArrival.findUnique({ where: { offerId }, select: { onMyWayAt: true, atDoorAt: true } });
    if (existing?.onMyWayAt || existing?.atDoorAt) throw new ApiError("conflict", { key: "noShow.alreadyOnTheWay" });
    await tx.jobArrival.upsert({ where: { offerId }, create: { offerId, requestId: job.request.id, handymanId: job.handymanId, onMyWayAt: now }, update: { onMyWayAt: now } });
    await notify.onMyWay(tx, after, { request: job.request, handymanId: job.handymanId, at: now });
  });
}

/** The handyman is at the door: the time kept (from it the 20 minutes count). 409 on another day and the second time. */
export async function sayAtTheDoor(user: SessionUser, offerId: string, now = new Date()): Promise<void> {
  const job = await paidJobOf(await getDb(), user, offerId);
  assertAgreedDay(job.request, now);
  await step(async (tx) => {
    await applyTransition(tx, { requestId: job.request.id, action: "at_the_door", from: job.request.state, actor: { role: "handyman", userId: user.id }, handymanId: job.handymanId, note: `${job.handymanName} is at the door.` });
    const existing = await tx.jobArrival.findUnique({ where: { offerId }, select: { atDoorAt: true } });
    if (existing?.atDoorAt) throw new ApiError("conflict", { key: "noShow.alreadyAtTheDoor" });
    await tx.jobArrival.upsert({ where: { offerId }, create: { offerId, requestId: job.request.id, handymanId: job.handymanId, atDoorAt: now }, update: { atDoorAt: now } });
  });
}

/**
 * The handyman reports that nobody opened: 409 without "I'm at the door", before noShowWaitMs() after it
 * and for a second report; 400 without a photo (or a photo the pipeline refuses). Every refusal that needs no
 * decoding comes first; then the photo is re-encoded (metadata dropped), then the report is stored with the
 * homeowner's window, the homeowner mailed, and the window's end queued.
 */
export async function reportHomeownerNoShow(user: SessionUser, offerId: string, photos: Buffer[], now = new Date()): Promise<{ id: string; objectUntil: Date }> {
  const db = await getDb();
  const job = await paidJobOf(db, user, offerId);
  const arrival = await db.jobArrival.findUnique({ where: { offerId }, select: { atDoorAt: true } });
  if (!arrival?.atDoorAt) throw new ApiError("conflict", { key: "noShow.notAtTheDoor" });
  const waited = now.getTime() - arrival.atDoorAt.getTime();
  const wait = noShowWaitMs();
  if (waited < wait) throw new ApiError("conflict", { key: "noShow.tooSoon", values: { minutes: Math.ceil((wait - waited) / 60_000) } });
  if (await db.noShow.count({ where: { requestId: job.request.id } })) throw new ApiError("conflict", { key: "noShow.alreadyReported" });
  if (photos.length === 0) throw new ApiError("bad_request", { key: "noShow.photoNeeded" }, [{ path: "photos", message: { key: "noShow.photoNeeded" } }]);
  if (photos.length > 1) throw new ApiError("bad_request", { key: "noShow.onePhoto" }, [{ path: "photos", message: { key: "noShow.onePhoto" } }]);
  const [photo]: ProcessedPhoto[] = await preparePhotos(user, [await inspectPhoto(photos[0])]);
  const objectUntil = new Date(now.getTime() + OBJECTION_WINDOW_MS);
  try {
    return await step(async (tx, after) => {
      await applyTransition(tx, { requestId: job.request.id, action: "report_no_show", from: job.request.state, actor: { role: "handyman", userId: user.id }, handymanId: job.handymanId, note: `${job.handymanName} waited at the door and nobody opened.` });
      const created = await tx.noShow.create({
        data: {
          id: randomUUID(),
          requestId: job.request.id,
          offerId,
          handymanId: job.handymanId,
          paymentId: job.paymentId,
          absent: "homeowner",
          reportedAt: now,
          objectUntil,
          doorPhoto: new Uint8Array(photo.image),
          doorPhotoType: photo.contentType,
          doorPhotoWidth: photo.width,
          doorPhotoHeight: photo.height,
        },
        select: { id: true, objectUntil: true },
      });
      await notify.homeownerNoShowReported(tx, after, { request: job.request, handymanId: job.handymanId, objectUntil });
      after.send(noShowTask({ id: created.id, objectUntil }));
      return { id: created.id, objectUntil };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", { key: "noShow.alreadyReported" });
    throw error;
  }
}

/**
 * The homeowner objects to the no-show reported against them, within the window: a dispute opens with their
 * words (the money stays held until an operator decides). 400 for missing text, 404 for another's request,
 * 409 when no such no-show is open or the window has ended.
 */
export async function objectToNoShow(user: SessionUser, requestId: string, input: { text: unknown }, now = new Date()): Promise<string> {
  const parsed = objectionSchema.safeParse(input.text ?? "");
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the field marked below.");
  const db = await getDb();
  const request = await getTrackedRequestOrThrow(db, user, requestId);
  const noShow = await db.noShow.findUnique({ where: { requestId }, select: { id: true, absent: true, state: true, objectUntil: true, paymentId: true, handymanId: true } });
  if (!noShow || noShow.absent !== "homeowner") throw new ApiError("conflict", { key: "noShow.nothingToObject" });
  if (noShow.state !== "open" || !noShow.objectUntil || noShow.objectUntil <= now) throw new ApiError("conflict", { key: "noShow.objectionClosed" });
  try {
    return await step(async (tx, after) => {
      await applyTransition(tx, { requestId, action: "object_no_show", from: request.state, actor: { role: "homeowner", userId: user.id }, handymanId: noShow.handymanId });
      const { count } = await tx.noShow.updateMany({ where: { id: noShow.id, state: "open", objectUntil: { gt: now } }, data: { state: "objected", objection: parsed.data } });
      if (count !== 1) throw new ApiError("conflict", { key: "noShow.objectionClosed" });
      const dispute = await tx.dispute.create({ data: { id: randomUUID(), requestId, paymentId: noShow.paymentId, openedAt: now, text: parsed.data } });
      await notify.noShowObjected(tx, after, { request, handymanId: noShow.handymanId, text: parsed.data });
      return dispute.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", { key: "noShow.objectionClosed" });
    throw error;
  }
}

/**
 * Settles no-show `id` once its window has ended unchallenged: the request cancelled as the homeowner's late
 * cancellation at the time of the report, both sides told, then the money moved (settleCancellation). False
 * when there is nothing to do: not due, objected, settled already (another run, the sweep). A request the
 * homeowner cancelled meanwhile keeps that cancellation's money; the no-show is only closed.
 */
export async function settleNoShow(id: string, now = new Date()): Promise<SettleOutcome | false> {
  const db = await getDb();
  const noShow = await db.noShow.findUnique({ where: { id }, select: { state: true, objectUntil: true, reportedAt: true, handymanId: true, request: { select: trackedRequestColumns } } });
  if (!noShow || noShow.state !== "open" || !noShow.objectUntil || noShow.objectUntil > now) return false;
  const request = fromTrackedRow(noShow.request);
  try {
    const moved = await step(async (tx, after) => {
      const { count } = await tx.noShow.updateMany({ where: { id, state: "open", objectUntil: { lte: now } }, data: { state: "settled", settledAt: now } });
      if (count !== 1) throw new ApiError("conflict", { key: "noShow.objectionClosed" });
      if (!ON_THE_DAY_STATES.includes(request.state)) return false;
      await applyTransition(tx, { requestId: request.id, action: "settle_no_show", from: request.state, actor: SYSTEM_ACTOR, handymanId: noShow.handymanId, note: "Nobody objected to the no-show: it counts as a late cancellation." });
      const money = await recordCancellation(tx, request.id, "homeowner", noShow.reportedAt);
      await notify.noShowSettled(tx, after, { request, handymanId: noShow.handymanId, money });
      return true;
    });
    return moved ? settleCancellation(request.id) : "nothing";
  } catch (error) {
    if (error instanceof ApiError && error.code === "conflict") return false;
    throw error;
  }
}

/** Every no-show whose window ended unchallenged: the sweep, so a lost task costs a few minutes. */
export async function settleDueNoShows(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db.noShow.findMany({ where: { state: "open", objectUntil: { lte: now } }, orderBy: { objectUntil: "asc" }, take: 100, select: { id: true } });
  let settled = 0;
  for (const { id } of due) if ((await settleNoShow(id, now)) !== false) settled++;
  return settled;
}

/**
 * The homeowner reports that the handyman did not come: from the end of the agreed window, when the handyman
 * never said "I'm at the door". The request is cancelled with a full refund, the no-show marks the handyman's
 * reliability, the handyman is mailed. 404 for another's request; 409 before the window's end, when the
 * handyman was at the door, for a job not paid and held, and the second time.
 */
export async function reportHandymanNoShow(user: SessionUser, requestId: string, now = new Date()): Promise<SettleOutcome> {
  const db = await getDb();
  const request = await getTrackedRequestOrThrow(db, user, requestId);
  if (!ON_THE_DAY_STATES.includes(request.state)) throw wrongState(request.state);
  const offer = await db.offer.findFirst({ where: { requestId, status: "accepted" }, select: { id: true, handymanId: true, arrival: { select: { atDoorAt: true } } } });
  if (!offer) throw wrongState(request.state);
  const paymentId = await heldPaymentOf(db, requestId, offer.handymanId);
  if (!paymentId) throw new ApiError("conflict", { key: "noShow.notPaid" });
  const windowEnd = arrivalWindowEnd(request.date);
  if (now < windowEnd) throw new ApiError("conflict", { key: "noShow.windowOpen", values: { time: (locale) => formatDateTime(windowEnd.toISOString(), locale) } });
  if (offer.arrival?.atDoorAt) throw new ApiError("conflict", { key: "noShow.handymanCame" });
  try {
    await step(async (tx, after) => {
      await applyTransition(tx, { requestId, action: "report_handyman_no_show", from: request.state, actor: { role: "homeowner", userId: user.id }, handymanId: offer.handymanId, note: "The handyman did not come." });
      const money = await recordCancellation(tx, requestId, "handyman", now);
      await tx.noShow.create({ data: { id: randomUUID(), requestId, offerId: offer.id, handymanId: offer.handymanId, paymentId, absent: "handyman", state: "settled", reportedAt: now, settledAt: now } });
      await refreshReliability(tx, offer.handymanId);
      await notify.handymanNoShowReported(tx, after, { request, handymanId: offer.handymanId, money });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", { key: "noShow.alreadyReported" });
    throw error;
  }
  return settleCancellation(requestId);
}

export type OnTheDayView = {
  onMyWayAt: string | null;
  atDoorAt: string | null;
  noShow: { absent: "homeowner" | "handyman"; state: string; reportedAt: string; objectUntil: string | null; objection: string | null; hasPhoto: boolean } | null;
  /** The end of the agreed window (ISO), from which a handyman's no-show may be reported. */
  windowEnd: string;
};

/** What happened on the day of a request the caller may already see (order page, /pro, a dispute). */
export async function onTheDayOf(request: { id: string; date: string }): Promise<OnTheDayView> {
  const db = await getDb();
  const [arrival, noShow] = await Promise.all([
    db.jobArrival.findFirst({ where: { requestId: request.id, offer: { status: "accepted" } }, select: { onMyWayAt: true, atDoorAt: true } }),
    db.noShow.findUnique({ where: { requestId: request.id }, select: { absent: true, state: true, reportedAt: true, objectUntil: true, objection: true, doorPhotoType: true } }),
  ]);
  return {
    onMyWayAt: arrival?.onMyWayAt?.toISOString() ?? null,
    atDoorAt: arrival?.atDoorAt?.toISOString() ?? null,
    noShow: noShow
      ? {
          absent: noShow.absent === "handyman" ? "handyman" : "homeowner",
          state: noShow.state,
          reportedAt: noShow.reportedAt.toISOString(),
          objectUntil: noShow.objectUntil?.toISOString() ?? null,
          objection: noShow.objection,
          hasPhoto: noShow.doorPhotoType !== null,
        }
      : null,
    windowEnd: arrivalWindowEnd(request.date).toISOString(),
  };
}

/** The door photo's address (homeowner, the handyman who took it, operators). */
export const doorPhotoPath = (requestId: string) => `/api/requests/${requestId}/door-photo`;

/**
 * The door photo of request `requestId`'s no-show for `user`: its homeowner, the handyman who reported it and
 * operators (each view audited) see it; to anyone else, and where there is none, it does not exist (404).
 */
export async function readDoorPhoto(user: Pick<SessionUser, "id">, requestId: string): Promise<{ contentType: string; bytes: Buffer }> {
  const notFound = new ApiError("not_found", { key: "photo.notFound" });
  const viewer = await photoViewerOf(user, requestId);
  if (!viewer) throw notFound;
  const db = await getDb();
  const row = await db.noShow.findUnique({ where: { requestId }, select: { doorPhoto: true, doorPhotoType: true } });
  if (!row?.doorPhoto || !row.doorPhotoType) throw notFound;
  if (viewer === "operator") await db.$transaction((tx) => recordAudit(tx, user, { action: "photo.view", targetType: "request", targetId: requestId, after: { photo: "door" } }));
  return { contentType: row.doorPhotoType, bytes: Buffer.from(row.doorPhoto) };
}

export type ProDayView = OnTheDayView & {
  /** The job is paid and held: the day's buttons apply. */
  paid: boolean;
  /** Today is the agreed day in the Netherlands. */
  today: boolean;
  /** From when a homeowner's no-show may be reported (ISO): noShowWaitMs() after "I'm at the door". */
  reportFrom: string | null;
};

/** What /pro shows of the day of the handyman's accepted job `offerId`. */
export async function proDayOf(handymanId: number, offerId: string, request: { id: string; date: string }, now = new Date()): Promise<ProDayView> {
  const db = await getDb();
  const [view, paymentId, arrival] = await Promise.all([
    onTheDayOf(request),
    heldPaymentOf(db, request.id, handymanId),
    db.jobArrival.findUnique({ where: { offerId }, select: { atDoorAt: true } }),
  ]);
  return {
    ...view,
    paid: paymentId !== null,
    today: amsterdamDay(now) === request.date,
    reportFrom: arrival?.atDoorAt ? new Date(arrival.atDoorAt.getTime() + noShowWaitMs()).toISOString() : null,
  };
}
