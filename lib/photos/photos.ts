// Photos with a repair request: the homeowner adds up to five until the job is done (and may delete
// them meanwhile), and up to five more of a problem with the finished work while their problem report (the
// job's dispute, lib/requests/disputes.ts) is open: evidence, never deleted by them. The homeowner, the
// handyman who holds the request (an open or accepted offer) and operators (each view audited) may see
// them; to everyone else a photo does not exist (404).
// The bytes are checked and re-encoded by ./intake.ts before anything is stored, and stored by
// ./storage.ts in PostgreSQL or S3-compatible storage. Every refusal that needs no decoding comes before
// any decoding: the request and its free places (a place is taken under the request's lock before the
// photo is processed), the sizes, the type and header (./intake.ts), the account's photos this hour
// (./allowance.ts); then the photos wait their turn in the line of ./work.ts.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { recordAudit } from "../ops/audit";
import type { RequestState } from "../requests/lifecycle";
import { takePhotoAllowance } from "./allowance";
import { encodePhoto, inspectPhoto, type InspectedPhoto, type ProcessedPhoto } from "./intake";
import { MAX_PHOTOS_PER_REQUEST, PHOTO_RESERVATION_SECONDS } from "./limits";
import { inPhotoLine } from "./work";
import { deletePhotoObjects, getPhotoObject, photoStorage, purgeDeletedPhotoObjects, putPhotoObjects, storageKeyFor, type PhotoSize } from "./storage";

type Tx = Prisma.TransactionClient;

/** What a photo shows: the request, or the homeowner's reported problem with the finished work. */
export type PhotoPart = "request" | "problem";

/** A photo as pages and the export show it: never its bytes. */
export type PhotoSummary = { id: string; part: PhotoPart; position: number; width: number; height: number; thumbWidth: number; thumbHeight: number; createdAt: string };

const summaryColumns = { id: true, part: true, position: true, width: true, height: true, thumbWidth: true, thumbHeight: true, createdAt: true } as const satisfies Prisma.RequestPhotoSelect;

const toSummary = (row: Prisma.RequestPhotoGetPayload<{ select: typeof summaryColumns }>): PhotoSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Photos may be added (and deleted) until the job is done or the request cancelled. */
export function photosOpenIn(state: RequestState): boolean {
  return state !== "done" && state !== "reviewed" && state !== "cancelled";
}

/** The address a photo (or its thumbnail) is served from. */
export function photoPath(requestId: string, photoId: string, size: PhotoSize = "full"): string {
  return `/api/requests/${requestId}/photos/${photoId}${size === "thumb" ? "?size=thumb" : ""}`;
}

const notFound = () => new ApiError("not_found", { key: "photo.notFound" });
const tooMany = (part: PhotoPart = "request") => new ApiError("conflict", { key: part === "problem" ? "photo.tooManyProblem" : "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
const closed = (part: PhotoPart) => new ApiError("conflict", { key: part === "problem" ? "photo.noOpenProblem" : "photo.requestClosed" });

/** Whether `part`'s photos may be added to a request in `state` now: the request's until done, a problem's while it is reported and open. */
async function openForPart(db: Tx, requestId: string, state: RequestState, part: PhotoPart): Promise<boolean> {
  if (part === "request") return photosOpenIn(state);
  return (await db.dispute.count({ where: { requestId, state: "open" } })) > 0;
}

/**
 * The homeowner's request, locked for the rest of the transaction: two uploads at once count the photos
 * one after the other, so a sixth is refused however they race. 404 for anyone else's request.
 */
async function lockOwnRequest(tx: Tx, user: Pick<SessionUser, "id">, requestId: string): Promise<RequestState> {
  const [row] = await tx.$queryRaw<{ user_id: string; state: RequestState }[]>`
    SELECT "user_id"::text AS "user_id", "state"::text AS "state" FROM "inputs" WHERE "input_id" = ${requestId}::uuid FOR UPDATE`;
  if (!row || row.user_id !== user.id) throw new ApiError("not_found", { key: "requestNotFound" });
  return row.state;
}

/**
 * Checks that the homeowner may add `adding` photos of `part` to the request now (before the bytes are
 * processed): 404 for anyone else's, 409 when the part is closed (the job done; no open problem report) or full.
 */
export async function checkRoomFor(user: Pick<SessionUser, "id">, requestId: string, adding = 1, part: PhotoPart = "request"): Promise<void> {
  const db = await getDb();
  const request = await db.repairRequest.findFirst({ where: { id: requestId, userId: user.id }, select: { state: true, _count: { select: { photos: { where: { part } } } } } });
  if (!request) throw new ApiError("not_found", { key: "requestNotFound" });
  if (!(await openForPart(db, requestId, request.state, part))) throw closed(part);
  if (request._count.photos + adding > MAX_PHOTOS_PER_REQUEST) throw tooMany(part);
}

/**
 * Places taken on the request by photos still being processed (those of a server that died stop counting).
 * One count for both parts: the request's photos close at "done", before a problem can be reported.
 */
async function placesTaken(tx: Tx, requestId: string): Promise<number> {
  const since = new Date(Date.now() - PHOTO_RESERVATION_SECONDS * 1000);
  await tx.photoReservation.deleteMany({ where: { requestId, createdAt: { lte: since } } });
  return tx.photoReservation.count({ where: { requestId } });
}

/**
 * Takes `count` places on one of the homeowner's requests for photos about to be processed, under the
 * request's lock: 404 for anyone else's request, 409 once the job is done or when the stored photos and
 * the places already taken leave too few. Returns the places' ids, for storeProcessed and releasePlaces.
 */
export async function reservePlaces(user: Pick<SessionUser, "id">, requestId: string, count: number, part: PhotoPart = "request"): Promise<string[]> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const state = await lockOwnRequest(tx, user, requestId);
    if (!(await openForPart(tx, requestId, state, part))) throw closed(part);
    const stored = await tx.requestPhoto.count({ where: { requestId, part } });
    if (stored + (await placesTaken(tx, requestId)) + count > MAX_PHOTOS_PER_REQUEST) throw tooMany(part);
    const ids = Array.from({ length: count }, () => randomUUID());
    await tx.photoReservation.createMany({ data: ids.map((id) => ({ id, requestId })) });
    return ids;
  });
}

/** Gives back places not used (a photo refused, the line full); a place already used is gone, and nothing happens. */
export async function releasePlaces(places: string[]): Promise<void> {
  if (places.length === 0) return;
  const db = await getDb();
  await db.photoReservation.deleteMany({ where: { id: { in: places } } });
}

/**
 * Stores one processed photo under the request's lock, in the place taken for it (if any); its S3 objects
 * (if any) are written first and removed again if the row is not.
 */
async function storeProcessed(user: Pick<SessionUser, "id">, requestId: string, photo: ProcessedPhoto, place?: string, part: PhotoPart = "request"): Promise<PhotoSummary> {
  const db = await getDb();
  const id = randomUUID();
  const target = photoStorage();
  const storageKey = target.kind === "s3" ? storageKeyFor(requestId, id) : null;
  if (target.kind === "s3" && storageKey) await putPhotoObjects(target, storageKey, photo.image, photo.thumbnail, photo.contentType);
  try {
    return await db.$transaction(async (tx) => {
      const state = await lockOwnRequest(tx, user, requestId);
      if (!(await openForPart(tx, requestId, state, part))) throw closed(part);
      if (place) await tx.photoReservation.deleteMany({ where: { id: place } });
      const taken = await tx.requestPhoto.findMany({ where: { requestId, part }, select: { position: true } });
      if (taken.length + (await placesTaken(tx, requestId)) >= MAX_PHOTOS_PER_REQUEST) throw tooMany(part);
      const position = Math.max(0, ...taken.map((row) => row.position)) + 1;
      const row = await tx.requestPhoto.create({
        data: {
          id,
          requestId,
          part,
          // After deletions the positions may have reached the end: take the first free one then.
          position: position <= MAX_PHOTOS_PER_REQUEST ? position : firstFree(taken.map((row) => row.position)),
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          size: photo.image.byteLength,
          thumbWidth: photo.thumbWidth,
          thumbHeight: photo.thumbHeight,
          thumbSize: photo.thumbnail.byteLength,
          image: storageKey ? null : new Uint8Array(photo.image),
          thumbnail: storageKey ? null : new Uint8Array(photo.thumbnail),
          storageKey,
          uploaderId: user.id,
        },
        select: summaryColumns,
      });
      return toSummary(row);
    });
  } catch (error) {
    if (target.kind === "s3" && storageKey) await deletePhotoObjects(target, storageKey).catch(() => {});
    throw error;
  }
}

function firstFree(taken: number[]): number {
  for (let position = 1; position <= MAX_PHOTOS_PER_REQUEST; position += 1) if (!taken.includes(position)) return position;
  throw tooMany();
}

/**
 * Adds one photo, as sent, to one of the user's requests: checks there is room (409 past five, or once
 * the job is done) before the body is even read, then reads it and checks it without decoding (4xx), takes
 * its place under the request's lock (409 when uploads at once would pass five) and one photo of the
 * account's hour (429), and only then decodes and re-encodes it in the line (503 when the line is full)
 * and stores it.
 */
export async function addRequestPhoto(user: Pick<SessionUser, "id">, requestId: string, readBytes: () => Promise<Buffer>, part: PhotoPart = "request"): Promise<PhotoSummary> {
  await checkRoomFor(user, requestId, 1, part);
  const inspected = await inspectPhoto(await readBytes());
  const [stored] = await addInspectedPhotos(user, requestId, [inspected], part);
  return stored;
}

/** Adds photos that passed inspectPhoto to one of the user's requests (as `part`): places, the hour's allowance, the line, then storing. */
export async function addInspectedPhotos(user: Pick<SessionUser, "id">, requestId: string, inspected: InspectedPhoto[], part: PhotoPart = "request"): Promise<PhotoSummary[]> {
  if (inspected.length === 0) return [];
  const places = await reservePlaces(user, requestId, inspected.length, part);
  try {
    const processed = await processInLine(user, inspected);
    const stored: PhotoSummary[] = [];
    for (const [index, photo] of processed.entries()) stored.push(await storeProcessed(user, requestId, photo, places[index], part));
    return stored;
  } finally {
    await releasePlaces(places);
  }
}

/**
 * Decodes and re-encodes photos that passed inspectPhoto, after taking them from the account's hour (429):
 * one post's photos one after the other, in the line (503 with Retry-After when it is full, and the hour's
 * photos are given back, since none was decoded).
 */
async function processInLine(user: Pick<SessionUser, "id">, inspected: InspectedPhoto[]): Promise<ProcessedPhoto[]> {
  const allowance = await takePhotoAllowance(user.id, inspected.length);
  let started = false;
  try {
    return await inPhotoLine(async () => {
      started = true;
      const processed: ProcessedPhoto[] = [];
      for (const photo of inspected) processed.push(await encodePhoto(photo));
      return processed;
    });
  } catch (error) {
    if (!started) await allowance.giveBack();
    throw error;
  }
}

/**
 * Checks photos sent with a new request (the form posted without JavaScript) without decoding them: 409
 * for more than the limit, 4xx for one refused by inspectPhoto. Nothing is decoded yet.
 */
export async function inspectPhotos(files: Buffer[]): Promise<InspectedPhoto[]> {
  if (files.length > MAX_PHOTOS_PER_REQUEST) throw tooMany();
  const inspected: InspectedPhoto[] = [];
  for (const bytes of files) inspected.push(await inspectPhoto(bytes));
  return inspected;
}

export type PreparedPhoto = ProcessedPhoto;

/**
 * Re-encodes photos sent with a new request before the request is stored, so a refused photo stores
 * nothing: the account's hour (429) and the line (503) first, then the decoding (400 for a corrupt one).
 */
export async function preparePhotos(user: Pick<SessionUser, "id">, inspected: InspectedPhoto[]): Promise<ProcessedPhoto[]> {
  if (inspected.length === 0) return [];
  return processInLine(user, inspected);
}

/** Stores photos prepared by preparePhotos with the request they were sent with. */
export async function storePreparedPhotos(user: Pick<SessionUser, "id">, requestId: string, photos: ProcessedPhoto[]): Promise<PhotoSummary[]> {
  const stored: PhotoSummary[] = [];
  for (const photo of photos) stored.push(await storeProcessed(user, requestId, photo));
  return stored;
}

/** A request's photos of `part` in their order, for whoever the caller has already let see the request. */
export async function listRequestPhotos(requestId: string, part: PhotoPart = "request"): Promise<PhotoSummary[]> {
  const db = await getDb();
  const rows = await db.requestPhoto.findMany({ where: { requestId, part }, orderBy: { position: "asc" }, select: summaryColumns });
  return rows.map(toSummary);
}

/** The photos of several requests at once (the handyman's /pro), by request id: the request's, then a reported problem's. */
export async function listPhotosOfRequests(requestIds: string[]): Promise<Map<string, PhotoSummary[]>> {
  const byRequest = new Map<string, PhotoSummary[]>();
  if (requestIds.length === 0) return byRequest;
  const db = await getDb();
  const rows = await db.requestPhoto.findMany({ where: { requestId: { in: requestIds } }, orderBy: [{ requestId: "asc" }, { part: "asc" }, { position: "asc" }], select: { ...summaryColumns, requestId: true } });
  for (const { requestId, ...row } of rows) byRequest.set(requestId, [...(byRequest.get(requestId) ?? []), toSummary(row)]);
  return byRequest;
}

type Viewer = "homeowner" | "handyman" | "operator";

/**
 * Who `user` is to the request, for seeing its photos: its homeowner, the handyman holding it (an
 * accepted offer, or an open one not past its deadline, as the thread's check reads it: not one who
 * declined, let it pass its deadline, even before the expiry job has run, or was passed over), an
 * operator, or nobody (null).
 */
export async function photoViewerOf(user: Pick<SessionUser, "id">, requestId: string, now = new Date()): Promise<Viewer | null> {
  const db = await getDb();
  const [request, account] = await Promise.all([
    db.repairRequest.findUnique({ where: { id: requestId }, select: { userId: true } }),
    db.user.findUnique({ where: { id: user.id }, select: { role: true, handyman: { select: { id: true, suspended: true } } } }),
  ]);
  if (!request || !account) return null;
  if (request.userId === user.id) return "homeowner";
  // A suspended handyman sees nothing the homeowner shared, even on a job they still hold.
  if (account.handyman && account.role === "handyman" && !account.handyman.suspended) {
    const holding = await db.offer.count({
      where: { requestId, handymanId: account.handyman.id, OR: [{ status: "accepted" }, { status: "open", expiresAt: { gt: now } }] },
    });
    if (holding > 0) return "handyman";
  }
  return account.role === "operator" ? "operator" : null;
}

export type PhotoFile = { contentType: string; bytes: Buffer };

/** One size of a photo for `user`; 404 for anyone who may not see it, and for a photo of another request. An operator's view is audited. */
export async function readRequestPhoto(user: Pick<SessionUser, "id">, requestId: string, photoId: string, size: PhotoSize): Promise<PhotoFile> {
  const viewer = await photoViewerOf(user, requestId);
  if (!viewer) throw notFound();
  const db = await getDb();
  const row = await db.requestPhoto.findFirst({
    where: { id: photoId, requestId },
    select: { contentType: true, storageKey: true, thumbnail: size === "thumb", image: size === "full" },
  });
  if (!row) throw notFound();
  if (viewer === "operator") {
    await db.$transaction((tx) => recordAudit(tx, user, { action: "photo.view", targetType: "request", targetId: requestId, after: { photoId, size } }));
  }
  if (row.storageKey) {
    const target = photoStorage();
    if (target.kind !== "s3") throw new Error("A photo is in object storage, but STORAGE_URL names none.");
    return { contentType: row.contentType, bytes: await getPhotoObject(target, row.storageKey, size) };
  }
  const stored = size === "thumb" ? row.thumbnail : row.image;
  if (!stored) throw notFound();
  return { contentType: row.contentType, bytes: Buffer.from(stored) };
}

/**
 * Deletes one of the homeowner's photos of the request before the job is done (404 for anyone else's, and
 * for a photo of a reported problem: evidence an operator may need; 409 once done).
 */
export async function deleteRequestPhoto(user: Pick<SessionUser, "id">, requestId: string, photoId: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const state = await lockOwnRequest(tx, user, requestId);
    const { count } = await tx.requestPhoto.deleteMany({ where: { id: photoId, requestId, part: "request" } });
    if (count === 0) throw notFound();
    if (!photosOpenIn(state)) throw new ApiError("conflict", { key: "photo.requestClosed" });
  });
  await purgeDeletedPhotoObjects();
}

export { purgeDeletedPhotoObjects };
