// Where photos' bytes live. By default in PostgreSQL, in the photo's own row (bytea), so the embedded
// database needs nothing else and every server of a cluster sees every photo. With STORAGE_URL=s3://bucket?…
// they go to S3-compatible object storage through the AWS SDK v3 (credentials from the SDK's standard
// sources: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role), two objects per photo under one key.
// Objects are deleted after the row is: a trigger records the key of every photo row that goes (by hand,
// with its request, with an account) in photo_object_deletions, and purgeDeletedPhotoObjects empties it.
import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import { env, parseStorageUrl, type StorageTarget } from "../env";
import { getDb } from "../db";

export type PhotoSize = "full" | "thumb";

type S3Target = Extract<StorageTarget, { kind: "s3" }>;

/** The storage STORAGE_URL names (checked by lib/env.ts, so never undefined here). */
export function photoStorage(): StorageTarget {
  return parseStorageUrl(env().STORAGE_URL) ?? { kind: "postgres" };
}

const clients = globalThis as unknown as { __fixwellS3?: { url: string; client: Promise<S3Client> } };

async function s3Client(target: S3Target): Promise<S3Client> {
  const url = JSON.stringify(target);
  if (clients.__fixwellS3?.url !== url) {
    const client = import("@aws-sdk/client-s3").then(
      ({ S3Client }) => new S3Client({ region: target.region, endpoint: target.endpoint, forcePathStyle: target.forcePathStyle }),
    );
    clients.__fixwellS3 = { url, client };
  }
  return clients.__fixwellS3.client;
}

/** The object's name for one size of a photo stored under `key`. */
const objectName = (key: string, size: PhotoSize) => (size === "thumb" ? `${key}/thumb.jpg` : `${key}/photo.jpg`);

/** The key a new photo's objects are stored under. */
export const storageKeyFor = (requestId: string, photoId: string) => `requests/${requestId}/photos/${photoId}`;

/** Writes both sizes of a photo to object storage. */
export async function putPhotoObjects(target: S3Target, key: string, image: Buffer, thumbnail: Buffer, contentType: string): Promise<void> {
  const { PutObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await s3Client(target);
  await Promise.all(
    ([
      ["full", image],
      ["thumb", thumbnail],
    ] as const).map(([size, body]) =>
      client.send(new PutObjectCommand({ Bucket: target.bucket, Key: objectName(key, size), Body: body, ContentType: contentType })),
    ),
  );
}

/** Reads one size of a photo from object storage. */
export async function getPhotoObject(target: S3Target, key: string, size: PhotoSize): Promise<Buffer> {
  const { GetObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await s3Client(target);
  const answer = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: objectName(key, size) }));
  if (!answer.Body) throw new Error("The photo's object has no body.");
  return Buffer.from(await answer.Body.transformToByteArray());
}

/** Deletes both objects of a photo (deleting an object that is gone already succeeds). */
export async function deletePhotoObjects(target: S3Target, key: string): Promise<void> {
  const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await s3Client(target);
  await Promise.all((["full", "thumb"] as const).map((size) => client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: objectName(key, size) }))));
}

/**
 * Deletes the objects of photos whose rows are gone (recorded by the database's trigger), then their
 * records. Called after each deletion has committed, and by the worker's sweep for any that failed.
 * Returns how many were deleted. Without object storage there is nothing to do.
 */
export async function purgeDeletedPhotoObjects(limit = 200): Promise<number> {
  const target = photoStorage();
  if (target.kind !== "s3") return 0;
  const db = await getDb();
  const pending = await db.photoObjectDeletion.findMany({ orderBy: { createdAt: "asc" }, take: limit, select: { storageKey: true } });
  let deleted = 0;
  for (const { storageKey } of pending) {
    try {
      await deletePhotoObjects(target, storageKey);
      await db.photoObjectDeletion.delete({ where: { storageKey } });
      deleted += 1;
    } catch (error) {
      console.warn(`[photos] object deletion failed, the sweep retries it: ${(error as Error).name}`);
    }
  }
  return deleted;
}
