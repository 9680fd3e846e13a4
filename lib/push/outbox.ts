// The push outbox: a push is a row in `push_outbox`, one per event and device, written in the transaction
// of the change that causes it (as mail is, lib/mail/outbox.ts), so a change that rolls back pushes nothing
// and one that commits cannot lose its push. The deliver-push task (./delivery.ts) claims a row with one
// conditional UPDATE, sends it and records the outcome. The row's (device, event) key is unique: the same
// event queued twice (a retried step, a page and a mail both asking) pushes once per device.
import "server-only";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import type { AfterCommit } from "../queue/after-commit";
import { pushDeliveryTask } from "./tasks";

/** What a notification shows and opens: a path on the site, already in the reader's language. */
export type PushContent = { title: string; body: string; url: string; lang: string };

/**
 * Queues `content` for every device of `userId` with push on, keyed by `eventKey`; each row gets its task
 * once the caller's transaction commits. Returns how many rows were written (0: no device, or already queued).
 */
export async function queuePush(tx: Prisma.TransactionClient, after: AfterCommit, userId: string, eventKey: string, content: PushContent): Promise<number> {
  const payload = JSON.stringify({ ...content, tag: eventKey });
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "push_outbox" ("id", "subscription_id", "event_key", "payload")
    SELECT gen_random_uuid(), "id", ${eventKey}, ${payload} FROM "push_subscriptions" WHERE "user_id" = ${userId}::uuid
    ON CONFLICT ("subscription_id", "event_key") DO NOTHING
    RETURNING "id"`;
  for (const { id } of rows) after.send(pushDeliveryTask(id));
  return rows.length;
}

export type ClaimedPush = { id: string; attempts: number; payload: string; subscriptionId: string; endpoint: string; p256dh: string; auth: string };

/** Takes the row for one attempt, if it is unsent, due, not held by another worker, and its device still has push on. */
export async function claimPush(db: PrismaClient, id: string, claimSeconds: number): Promise<ClaimedPush | undefined> {
  const rows = await db.$queryRaw<ClaimedPush[]>`
    UPDATE "push_outbox" AS p
       SET "claimed_until" = now() + ${claimSeconds} * interval '1 second', "attempts" = p."attempts" + 1
      FROM "push_subscriptions" AS s
     WHERE p."id" = ${id}::uuid AND s."id" = p."subscription_id"
       AND p."sent_at" IS NULL AND p."failed_at" IS NULL AND p."next_attempt_at" <= now()
       AND (p."claimed_until" IS NULL OR p."claimed_until" < now())
    RETURNING p."id", p."attempts", p."payload", s."id" AS "subscriptionId", s."endpoint", s."p256dh", s."auth"`;
  const row = rows[0];
  return row && { ...row, attempts: Number(row.attempts) };
}

/** Records a delivery; the payload goes (the page it named is no business of the database once sent). */
export async function markPushSent(db: PrismaClient, push: Pick<ClaimedPush, "id" | "subscriptionId">): Promise<void> {
  await db.$executeRaw`UPDATE "push_outbox" SET "sent_at" = now(), "claimed_until" = NULL, "last_error" = NULL, "payload" = '' WHERE "id" = ${push.id}::uuid`;
  await db.$executeRaw`UPDATE "push_subscriptions" SET "last_success_at" = now() WHERE "id" = ${push.subscriptionId}::uuid`;
}

/** Records a failed attempt: due again in `retryInSeconds` (the time is returned), or given up on (null). */
export async function recordPushFailure(db: PrismaClient, id: string, error: string, retryInSeconds: number | null): Promise<Date | null> {
  if (retryInSeconds === null) {
    await db.$executeRaw`UPDATE "push_outbox" SET "failed_at" = now(), "claimed_until" = NULL, "last_error" = ${error}, "payload" = '' WHERE "id" = ${id}::uuid`;
    return null;
  }
  const rows = await db.$queryRaw<{ next_attempt_at: Date }[]>`
    UPDATE "push_outbox"
       SET "next_attempt_at" = now() + ${retryInSeconds} * interval '1 second', "claimed_until" = NULL, "last_error" = ${error}
     WHERE "id" = ${id}::uuid
    RETURNING "next_attempt_at"`;
  return rows[0]?.next_attempt_at ?? null;
}

/** The push service said the subscription is gone (404/410): the device loses push, and its queued pushes with it. */
export async function removeGoneSubscription(db: PrismaClient, subscriptionId: string): Promise<void> {
  await db.pushSubscription.deleteMany({ where: { id: subscriptionId } });
}

/** Rows due and unclaimed (lost tasks, lapsed claims), with their attempts so far. */
export async function findDuePushIds(db: PrismaClient, limit = 100): Promise<{ id: string; attempts: number }[]> {
  const rows = await db.$queryRaw<{ id: string; attempts: number }[]>`
    SELECT "id", "attempts" FROM "push_outbox"
     WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "next_attempt_at" <= now()
       AND ("claimed_until" IS NULL OR "claimed_until" < now())
     ORDER BY "next_attempt_at" LIMIT ${limit}`;
  return rows.map((row) => ({ id: row.id, attempts: Number(row.attempts) }));
}

/** Forgets sent pushes after two days and given-up ones after a week: the (device, event) key only guards against repeats meanwhile. */
export async function prunePushOutbox(db: PrismaClient): Promise<number> {
  return db.$executeRaw`DELETE FROM "push_outbox" WHERE "sent_at" < now() - interval '2 days' OR "failed_at" < now() - interval '7 days'`;
}
