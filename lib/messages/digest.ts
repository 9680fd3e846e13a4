// Mail for new messages: the side that did not write hears of them at most once per thread every 15
// minutes, in one mail naming how many arrived, and not at all when they read them meanwhile. A post
// queues a thread-digest task for the other side (one per thread and side: pg-boss's singleton key), due a
// minute later, or 15 minutes after the last digest that side got; the task counts what is still unread
// then and writes the mail into the outbox (lib/mail) in the reader's language, and a push to each of their
// devices (lib/notifications: "a new message", as the reader chose on /account). So a person with the
// thread open and push on gets the live update at once and at most one push per digest, never one per message.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { composeMail, mailText, pageLink } from "../mail";
import { notifyPerson } from "../notifications";
import { getTranslator } from "../i18n/translator";
import { localizedPath } from "../i18n/paths";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales";
import { AfterCommit } from "../queue/after-commit";
import { enqueue, type QueuedTask, type QueueHandlers } from "../queue";
import { repairName } from "../requests/notices";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";

type Tx = Prisma.TransactionClient;
type Side = "homeowner" | "handyman";

export const THREAD_DIGEST = "thread-digest";
/** At most one digest per thread and side in this time. */
export const DIGEST_INTERVAL_MS = 15 * 60_000;
/** A first digest waits this long, so a reader with the thread open gets none. */
export const DIGEST_DELAY_MS = 60_000;

/** The page a side reads a thread on. */
export function threadPath(side: Side, thread: { id: string; requestId: string }): string {
  return side === "homeowner" ? `/dashboard/orders/${thread.requestId}/messages/${thread.id}` : `/pro/messages/${thread.id}`;
}

function digestTask(threadId: string, side: Side, startAfter: Date): QueuedTask {
  return { name: THREAD_DIGEST, data: { threadId, side }, singletonKey: `${threadId}:${side}`, startAfter };
}

/** Queues the digest for `side` of the thread, once the posting transaction commits. */
export async function scheduleDigest(tx: Tx, after: AfterCommit, threadId: string, side: Side, now: Date): Promise<void> {
  const thread = await tx.messageThread.findUnique({ where: { id: threadId }, select: { homeownerMailedAt: true, handymanMailedAt: true } });
  const mailedAt = side === "homeowner" ? thread?.homeownerMailedAt : thread?.handymanMailedAt;
  const due = Math.max(now.getTime() + DIGEST_DELAY_MS, mailedAt ? mailedAt.getTime() + DIGEST_INTERVAL_MS : 0);
  after.send(digestTask(threadId, side, new Date(due)));
}

/**
 * Writes the digest for `side` of the thread if messages from the other side are unread since its read
 * mark and its last digest. Returns how many it named (0: no mail), or the time to try again when a digest
 * went out less than 15 minutes ago.
 */
export async function sendThreadDigest(threadId: string, side: Side, now = new Date()): Promise<{ count: number; retryAt?: Date }> {
  const db = await getDb();
  const after = new AfterCommit();
  const result = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "message_threads" WHERE "id" = ${threadId}::uuid FOR UPDATE`;
    if (!locked) return { count: 0 };
    const thread = await tx.messageThread.findUniqueOrThrow({
      where: { id: threadId },
      select: {
        id: true,
        requestId: true,
        homeownerReadAt: true,
        handymanReadAt: true,
        homeownerMailedAt: true,
        handymanMailedAt: true,
        request: { select: { taskType: true, city: true, date: true, user: { select: { id: true, email: true, locale: true } } } },
        handyman: { select: { user: { select: { id: true, email: true, locale: true } } } },
      },
    });
    const reader = side === "homeowner" ? thread.request.user : thread.handyman.user;
    if (!reader) return { count: 0 };
    const readAt = side === "homeowner" ? thread.homeownerReadAt : thread.handymanReadAt;
    const mailedAt = side === "homeowner" ? thread.homeownerMailedAt : thread.handymanMailedAt;
    if (mailedAt && now.getTime() - mailedAt.getTime() < DIGEST_INTERVAL_MS) return { count: 0, retryAt: new Date(mailedAt.getTime() + DIGEST_INTERVAL_MS) };
    const since = new Date(Math.max(readAt?.getTime() ?? 0, mailedAt?.getTime() ?? 0));
    const count = await tx.threadMessage.count({ where: { threadId, createdAt: { gt: since }, NOT: { authorId: reader.id } } });
    if (count === 0) return { count: 0 };
    const locale = isLocale(reader.locale) ? reader.locale : DEFAULT_LOCALE;
    const t = mailText(locale);
    const job = repairName({ taskType: fromDbTaskType(thread.request.taskType), city: fromDbCity(thread.request.city) }, locale);
    const p = getTranslator(locale, "notifications");
    await notifyPerson(tx, after, {
      userId: reader.id,
      kind: "message",
      eventKey: `${threadId}:${side}:${now.getTime()}`,
      mail: composeMail({
        to: reader.email,
        locale,
        subject: t("threadDigest.subject", { count, job }),
        paragraphs: [t("threadDigest.intro", { count, job })],
        action: { label: t("threadDigest.action"), url: pageLink(locale, threadPath(side, thread)) },
      }),
      push: { title: p("push.message.title", { count }), body: p("push.message.body", { job }), url: localizedPath(locale, threadPath(side, thread)), lang: locale },
    });
    await tx.messageThread.update({ where: { id: threadId }, data: side === "homeowner" ? { homeownerMailedAt: now } : { handymanMailedAt: now } });
    return { count };
  });
  await after.run();
  if (result.retryAt) {
    await enqueue([digestTask(threadId, side, result.retryAt)]);
  }
  return result;
}

/** The thread-digest queue, for the worker (lib/worker.ts). */
export function threadDigestHandlers(): QueueHandlers {
  return {
    name: "thread digests",
    async start(boss, { pollingIntervalSeconds }) {
      await boss.createQueue(THREAD_DIGEST, { policy: "stately" });
      await boss.updateQueue(THREAD_DIGEST, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400 });
      await boss.work<{ threadId: string; side: Side }>(THREAD_DIGEST, { pollingIntervalSeconds }, async ([task]) => {
        await sendThreadDigest(task.data.threadId, task.data.side);
      });
    },
  };
}
