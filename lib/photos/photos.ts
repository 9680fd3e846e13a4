// Photos with a repair request: the homeowner adds up to five until the job is done (and may delete
// them meanwhile); the homeowner, the handyman who holds the request (an open or accepted offer) and
// operators (each view audited) may see them; to everyone else a photo does not exist (404).
// The bytes are checked and re-encoded by ./intake.ts before anything is stored, and stored by
// ./storage.ts in PostgreSQL or S3-compatible storage.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { recordAudit } from "../ops/audit";
import type { RequestState } from "../requests/lifecycle";
import { processPhoto, type ProcessedPhoto } from "./intake";
import { MAX_PHOTOS_PER_REQUEST } from "./limits";
import { deletePhotoObjects, getPhotoObject, photoStorage, purgeDeletedPhotoObjects, putPhotoObjects, storageKeyFor, type PhotoSize } from "./storage";

type Tx = Prisma.TransactionClient;

/** A photo as pages and the export show it: never its bytes. */
export type PhotoSummary = { id: string; position: number; width: number; height: number; thumbWidth: number; thumbHeight: number; createdAt: string };

const summaryColumns = { id: true, position: true, width: true, height: true, thumbWidth: true, thumbHeight: true, createdAt: true } as const satisfies Prisma.RequestPhotoSelect;

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

/** Checks that the homeowner may add `adding` photos to the request now (before the bytes are processed): 404 for anyone else's, 409 when done or full. */
export async function checkRoomFor(user: Pick<SessionUser, "id">, requestId: string, adding = 1): Promise<void> {
  const db = await getDb();
  const request = await db.repairRequest.findFirst({ where: { id: requestId, userId: user.id }, select: { state: true, _count: { select: { photos: true } } } });
  if (!request) throw new ApiError("not_found", { key: "requestNotFound" });
  if (!photosOpenIn(request.state)) throw new ApiError("conflict", { key: "photo.requestClosed" });
  if (request._count.photos + adding > MAX_PHOTOS_PER_REQUEST) throw new ApiError("conflict", { key: "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
}

/** Stores one processed photo under the request's lock; its S3 objects (if any) are written first and removed again if the row is not. */
async function storeProcessed(user: Pick<SessionUser, "id">, requestId: string, photo: ProcessedPhoto): Promise<PhotoSummary> {
  const db = await getDb();
  const id = randomUUID();
  const target = photoStorage();
  const storageKey = target.kind === "s3" ? storageKeyFor(requestId, id) : null;
  if (target.kind === "s3" && storageKey) await putPhotoObjects(target, storageKey, photo.image, photo.thumbnail, photo.contentType);
  try {
    return await db.$transaction(async (tx) => {
      const state = await lockOwnRequest(tx, user, requestId);
      if (!photosOpenIn(state)) throw new ApiError("conflict", { key: "photo.requestClosed" });
      const taken = await tx.requestPhoto.findMany({ where: { requestId }, select: { position: true } });
      if (taken.length >= MAX_PHOTOS_PER_REQUEST) throw new ApiError("conflict", { key: "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
      const position = Math.max(0, ...taken.map((row) => row.position)) + 1;
      const row = await tx.requestPhoto.create({
        data: {
          id,
          requestId,
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
  throw new ApiError("conflict", { key: "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
}

/**
 * Adds one photo, as sent, to one of the user's requests: checks there is room (409 past five, or once
 * the job is done) before the body is even read, then reads, checks and re-encodes the bytes (4xx for
 * anything refused), then stores it, counting again under the request's lock.
 */
export async function addRequestPhoto(user: Pick<SessionUser, "id">, requestId: string, readBytes: () => Promise<Buffer>): Promise<PhotoSummary> {
  await checkRoomFor(user, requestId);
  return storeProcessed(user, requestId, await processPhoto(await readBytes()));
}

/**
 * Checks and re-encodes photos sent with a new request (the form posted without JavaScript) before the
 * request is stored, so a refused photo stores nothing; 409 for more than the limit.
 */
export type PreparedPhoto = ProcessedPhoto;

export async function preparePhotos(files: Buffer[]): Promise<ProcessedPhoto[]> {
  if (files.length > MAX_PHOTOS_PER_REQUEST) throw new ApiError("conflict", { key: "photo.tooMany", values: { count: MAX_PHOTOS_PER_REQUEST } });
  const processed: ProcessedPhoto[] = [];
  for (const bytes of files) processed.push(await processPhoto(bytes));
  return processed;
}

/** Stores photos prepared by preparePhotos with the request they were sent with. */
export async function storePreparedPhotos(user: Pick<SessionUser, "id">, requestId: string, photos: ProcessedPhoto[]): Promise<PhotoSummary[]> {
  const stored: PhotoSummary[] = [];
  for (const photo of photos) stored.push(await storeProcessed(user, requestId, photo));
  return stored;
}

/** A request's photos in their order, for whoever the caller has already let see the request. */
export async function listRequestPhotos(requestId: string): Promise<PhotoSummary[]> {
  const db = await getDb();
  const rows = await db.requestPhoto.findMany({ where: { requestId }, orderBy: { position: "asc" }, select: summaryColumns });
  return rows.map(toSummary);
}

/** The photos of several requests at once (the handyman's /pro), by request id. */
export async function listPhotosOfRequests(requestIds: string[]): Promise<Map<string, PhotoSummary[]>> {
  const byRequest = new Map<string, PhotoSummary[]>();
  if (requestIds.length === 0) return byRequest;
  const db = await getDb();
  const rows = await db.requestPhoto.findMany({ where: { requestId: { in: requestIds } }, orderBy: [{ requestId: "asc" }, { position: "asc" }], select: { ...summaryColumns, requestId: true } });
  for (const { requestId, ...row } of rows) byRequest.set(requestId, [...(byRequest.get(requestId) ?? []), toSummary(row)]);
  return byRequest;
}

type Viewer = "homeowner" | "handyman" | "operator";

/**
 * Who `user` is to the request, for seeing its photos: its homeowner, the handyman holding it (an open
 * or accepted offer; not one who declined, let it expire or was passed over), an operator, or nobody (null).
 */
export async function photoViewerOf(user: Pick<SessionUser, "id">, requestId: string): Promise<Viewer | null> {
  const db = await getDb();
  const [request, account] = await Promise.all([
    db.repairRequest.findUnique({ where: { id: requestId }, select: { userId: true } }),
    db.user.findUnique({ where: { id: user.id }, select: { role: true, handyman: { select: { id: true, suspended: true } } } }),
  ]);
  if (!request || !account) return null;
  if (request.userId === user.id) return "homeowner";
  // A suspended handyman sees nothing the homeowner shared, even on a job they still hold.
  if (account.handyman && account.role === "handyman" && !account.handyman.suspended) {
    const holding = await db.offer.count({ where: { requestId, handymanId: account.handyman.id, status: { in: ["open", "accepted"] } } });
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

/** Deletes one of the homeowner's photos before the job is done (404 for anyone else's, 409 once done). */
export async function deleteRequestPhoto(user: Pick<SessionUser, "id">, requestId: string, photoId: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const state = await lockOwnRequest(tx, user, requestId);
    const { count } = await tx.requestPhoto.deleteMany({ where: { id: photoId, requestId } });
    if (count === 0) throw notFound();
    if (!photosOpenIn(state)) throw new ApiError("conflict", { key: "photo.requestClosed" });
  });
  await purgeDeletedPhotoObjects();
}

export { purgeDeletedPhotoObjects };
