// Messages between a homeowner and a handyman: one thread per request and handyman, made when the request
// is offered to them (lib/requests/workflow.ts). Either side writes while the handyman holds the request
// (an open offer not past its deadline, or an accepted one) and the thread is not closed; a thread whose
// offer lapsed stays readable for both and takes nothing new. Before the offer is accepted, email addresses
// and phone numbers are masked for the reader (./masking.ts); messages are stored as written. Either side
// may report a thread; an operator may then read it (each view audited) and close it. To everyone else a
// thread does not exist (404).
import "server-only";
import { getDb } from "../db";
import { isUniqueViolation, retryReadOnce } from "../db/errors";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../api/errors";
import { badCursor, decodeCursor, readPage } from "../paging/cursor";
import type { SessionUser } from "../auth/current-user";
import { getTranslator } from "../i18n/translator";
import type { Locale } from "../../i18n/locales";
import { recordAudit } from "../ops/audit";
import { createLimiter, type Limiter } from "../rate-limit";
import { AfterCommit } from "../queue/after-commit";
import { maskContactDetails, maskedParts, type MessagePart } from "./masking";
import { parseMessageBody, parseReportReason } from "./body";
import { publishThreadEvent } from "./live";
import { scheduleDigest, threadPath } from "./digest";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";
import type { TaskType } from "../requests/catalogue";

type Tx = Prisma.TransactionClient;

export type Side = "homeowner" | "handyman";
export type Viewer = Side | "operator";

/** Messages a user may post in ten minutes, across every thread. */
export const MESSAGES_PER_WINDOW = { name: "thread_messages", points: 30, durationSeconds: 600 } as const;

const limiterHolder = globalThis as unknown as { __fixwellMessageLimiter?: Limiter };
export function messageLimiter(): Limiter {
  limiterHolder.__fixwellMessageLimiter ??= createLimiter(MESSAGES_PER_WINDOW);
  return limiterHolder.__fixwellMessageLimiter;
}

const notFound = () => new ApiError("not_found", { key: "thread.notFound" });

const threadColumns = {
  id: true,
  requestId: true,
  handymanId: true,
  reportedAt: true,
  reportedById: true,
  closedAt: true,
  homeownerReadAt: true,
  handymanReadAt: true,
  request: { select: { userId: true, taskType: true, city: true } },
  handyman: { select: { name: true, userId: true, suspended: true } },
} as const satisfies Prisma.MessageThreadSelect;

type ThreadRow = Prisma.MessageThreadGetPayload<{ select: typeof threadColumns }>;

/** The handyman's offer on the thread's request, as it stands at `now`. */
type OfferStanding = { holding: boolean; accepted: boolean };

async function offerStanding(db: Tx, thread: Pick<ThreadRow, "requestId" | "handymanId">, now: Date): Promise<OfferStanding> {
  const offer = await db.offer.findFirst({
    where: { requestId: thread.requestId, handymanId: thread.handymanId, status: { in: ["open", "accepted"] } },
    select: { status: true, expiresAt: true },
  });
  const accepted = offer?.status === "accepted";
  return { accepted, holding: accepted || (offer?.status === "open" && offer.expiresAt > now) };
}

/** Which side of `thread` the user is on, if either. A handyman acts through their own account only. */
function sideOf(user: Pick<SessionUser, "id">, thread: ThreadRow): Side | null {
  if (thread.request.userId === user.id) return "homeowner";
  if (thread.handyman.userId === user.id) return "handyman";
  return null;
}

const THREAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadThread(db: Tx, threadId: string): Promise<ThreadRow | null> {
  if (!THREAD_ID.test(threadId)) return null;
  return db.messageThread.findUnique({ where: { id: threadId }, select: threadColumns });
}

/** The thread as one of its two parties; 404 for anyone else (operators too: they read through readThread). */
async function threadForParty(db: Tx, user: Pick<SessionUser, "id">, threadId: string): Promise<{ thread: ThreadRow; side: Side }> {
  const thread = await loadThread(db, threadId);
  const side = thread && sideOf(user, thread);
  if (!thread || !side) throw notFound();
  return { thread, side };
}

/**
 * A message as its reader sees it: `body` with each hidden contact detail as the placeholder's words (as the
 * API answers it), `parts` the same with the hidden details apart (as a page shows them, as a notice).
 * `erased`: its author's account was erased, and `body` says so in the reader's language (what they wrote is gone).
 */
export type ShownMessage = { id: string; mine: boolean; author: Side | null; body: string; parts: MessagePart[]; erased: boolean; createdAt: Date };

export type ThreadView = {
  id: string;
  requestId: string;
  viewer: Viewer;
  handymanName: string;
  taskType: TaskType;
  city: string;
  /** The thread takes new messages from its parties now. */
  open: boolean;
  closed: boolean;
  accepted: boolean;
  reported: boolean;
  /** The messages of this page, oldest first. */
  messages: ShownMessage[];
  /** The cursor of the earlier messages (null when this page starts the thread, and for the live poll). */
  earlier: string | null;
  /** The cursor of the later messages (null when this page ends with the newest). */
  later: string | null;
};

/**
 * How many messages a thread page shows: the newest, with a link to the earlier ones. A page of 50 fits
 * any real conversation about a job; a longer one pages backwards by a signed cursor (lib/paging).
 */
export const THREAD_PAGE_SIZE = 50;

/**
 * Where a thread's cursor is valid: that thread, read by that account. Messages page in the order they
 * were stored (their id): created_at can tie, and on two servers with clocks apart it could even disagree.
 */
const threadScope = (threadId: string, userId: string) => ({ list: "thread-messages", owner: `${threadId}:${userId}` });

function messageIdOf(value: string): bigint {
  if (!/^[1-9]\d{0,18}$/.test(value)) throw badCursor();
  return BigInt(value);
}

function authorSide(thread: ThreadRow, authorId: string | null): Side | null {
  if (authorId === null) return null;
  if (authorId === thread.request.userId) return "homeowner";
  if (authorId === thread.handyman.userId) return "handyman";
  return null;
}

/** Messages as `viewer` sees them: another's contact details masked until the offer is accepted (an operator sees them as written). */
function shown(thread: ThreadRow, viewer: Viewer, userId: string, accepted: boolean, locale: Locale, rows: MessageRow[]): ShownMessage[] {
  const t = getTranslator(locale, "dashboard");
  const placeholder = t("threads.masked");
  return rows.map((row) => {
    const mine = row.authorId === userId;
    const mask = viewer !== "operator" && !mine && !accepted;
    const erased = row.erasedAt !== null;
    const body = erased ? t("threads.erased") : mask ? maskContactDetails(row.body, placeholder) : row.body;
    return {
      id: String(row.id),
      mine,
      author: authorSide(thread, row.authorId),
      body,
      parts: erased || !mask ? [{ text: body }] : maskedParts(row.body),
      erased,
      createdAt: row.createdAt,
    };
  });
}

const messageColumns = { id: true, authorId: true, body: true, createdAt: true, erasedAt: true } as const satisfies Prisma.ThreadMessageSelect;
type MessageRow = Prisma.ThreadMessageGetPayload<{ select: typeof messageColumns }>;

/** A thread's messages from a cursor of this reader's, newest first: THREAD_PAGE_SIZE of them, oldest first on the page. */
async function messagePage(db: Tx, threadId: string, userId: string, cursor: unknown) {
  const scope = threadScope(threadId, userId);
  const decoded = decodeCursor(cursor, scope, 1);
  const select = messageColumns;
  return readPage(
    scope,
    THREAD_PAGE_SIZE,
    decoded,
    ({ cursor: from, take }) => {
      if (!from) return db.threadMessage.findMany({ where: { threadId }, orderBy: { id: "desc" }, take, select });
      const id = messageIdOf(from.key[0]);
      // "after" in the newest-first list: the earlier messages; "before": the later ones.
      return from.direction === "after"
        ? db.threadMessage.findMany({ where: { threadId, id: { lt: id } }, orderBy: { id: "desc" }, take, select })
        : db.threadMessage.findMany({ where: { threadId, id: { gt: id } }, orderBy: { id: "asc" }, take, select });
    },
    (row) => [String(row.id)],
  );
}

/** The largest id a message (a bigint column) can have. */
const MAX_MESSAGE_ID = 9_223_372_036_854_775_807n;

/**
 * `?after=` of the live poll: absent (or empty) is none; otherwise a message id a bigint holds, else a 400
 * naming `after` (a larger number would reach the database and fail there), as the audit log's ids are bounded.
 */
function afterMessageId(value: string | undefined): bigint | undefined {
  if (value === undefined || value === "") return undefined;
  if (/^\d{1,19}$/.test(value) && BigInt(value) <= MAX_MESSAGE_ID) return BigInt(value);
  throw new ApiError("bad_request", { key: "thread.badAfter" }, [{ path: "after", message: { key: "thread.badAfter" } }]);
}

/**
 * The thread for its party or for an operator when it was reported (the view audited); 404 for anyone
 * else. The page shows the newest THREAD_PAGE_SIZE messages, or those of `cursor` (a 400 when it is not
 * one this reader was given for this thread); reading the newest marks the thread read for the party's
 * side, unless `markRead` is false (a page opened from another site). `afterId` returns only the messages
 * after that one (the live page's poll; not a message id: a 400).
 */
export async function readThread(
  user: Pick<SessionUser, "id">,
  threadId: string,
  { locale, now = new Date(), afterId, cursor, markRead = true }: { locale: Locale; now?: Date; afterId?: string; cursor?: unknown; markRead?: boolean },
): Promise<ThreadView> {
  const db = await getDb();
  const thread = await loadThread(db, threadId);
  if (!thread) throw notFound();
  let viewer: Viewer | null = sideOf(user, thread);
  if (!viewer && thread.reportedAt) {
    const account = await db.user.findUnique({ where: { id: user.id }, select: { role: true } });
    if (account?.role === "operator") viewer = "operator";
  }
  if (!viewer) throw notFound();
  const after = afterMessageId(afterId);
  const standing = await offerStanding(db, thread, now);
  let rows;
  let earlier: string | null = null;
  let later: string | null = null;
  if (after !== undefined) {
    rows = (
      await db.threadMessage.findMany({
        where: { threadId, id: { gt: after } },
        orderBy: { id: "desc" },
        take: THREAD_PAGE_SIZE,
        select: messageColumns,
      })
    ).reverse();
  } else {
    const page = await messagePage(db, threadId, user.id, cursor);
    rows = page.rows.reverse();
    earlier = page.next;
    later = page.previous;
  }
  if (viewer === "operator") {
    await db.$transaction((tx) => recordAudit(tx, user, { action: "thread.read", targetType: "request", targetId: thread.requestId, after: { threadId, handymanId: thread.handymanId } }));
  } else if (later === null && markRead) {
    await db.messageThread.update({ where: { id: threadId }, data: viewer === "homeowner" ? { homeownerReadAt: now } : { handymanReadAt: now } });
  }
  return {
    id: thread.id,
    requestId: thread.requestId,
    viewer,
    handymanName: thread.handyman.name,
    taskType: fromDbTaskType(thread.request.taskType),
    city: fromDbCity(thread.request.city),
    // Suspending the handyman closes their threads (lib/ops/handymen.ts): readable, nothing new.
    open: viewer !== "operator" && standing.holding && !thread.closedAt && !thread.handyman.suspended,
    closed: thread.closedAt !== null || thread.handyman.suspended,
    accepted: standing.accepted,
    reported: thread.reportedAt !== null,
    messages: shown(thread, viewer, user.id, standing.accepted, locale, rows),
    earlier,
    later,
  };
}

const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A composer's client id: absent (null), or a UUID; anything else is a 400. */
function parseClientId(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string" && CLIENT_ID.test(value)) return value.toLowerCase();
  throw new ApiError("validation_failed", { key: "thread.badClientId" }, [{ path: "client_id", message: { key: "thread.badClientId" } }]);
}

/**
 * Posts a message as one of the thread's parties. 404 for anyone else; 400 for an empty, too long or
 * unstorable message; 409 when the handyman no longer holds the request or the thread was closed; 429 past
 * 30 messages in ten minutes. The message, the thread's last-message time and the other side's digest are
 * one transaction; the live pages hear of it once it has committed. With a client id (the composer's, a
 * UUID), a post sent again by the same author to the same thread stores nothing more, does not count
 * towards the limit and answers the message already stored (`replayed`).
 */
export async function postMessage(
  user: Pick<SessionUser, "id">,
  threadId: string,
  rawBody: unknown,
  now = new Date(),
  rawClientId?: unknown,
): Promise<{ id: string; replayed: boolean }> {
  const db = await getDb();
  const { thread, side } = await threadForParty(db, user, threadId);
  const body = parseMessageBody(rawBody);
  const clientId = parseClientId(rawClientId);
  const stored = async () =>
    clientId ? db.threadMessage.findFirst({ where: { threadId, authorId: user.id, clientId }, select: { id: true } }) : null;
  const earlier = await stored();
  if (earlier) return { id: String(earlier.id), replayed: true };
  const decision = await messageLimiter().consume(user.id);
  if (!decision.allowed) {
    const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
    throw new ApiError("rate_limited", { key: "thread.tooMany", values: { minutes } }, undefined, { "Retry-After": String(decision.retryAfterSeconds) });
  }
  const after = new AfterCommit();
  let message: { id: bigint };
  try {
    message = await db.$transaction(async (tx) => {
      // The thread's row first: a close or a second post waits here, and the offer is read after the lock.
      const [locked] = await tx.$queryRaw<{ closed_at: Date | null; suspended: boolean }[]>`
        SELECT t."closed_at", h."suspended" FROM "message_threads" t JOIN "handymen" h ON h."id" = t."handyman_id" WHERE t."id" = ${threadId}::uuid FOR UPDATE OF t`;
      if (!locked) throw notFound();
      // A suspended handyman's threads are closed, to both sides.
      if (locked.closed_at || locked.suspended) throw new ApiError("conflict", { key: "thread.closed" });
      if (!(await offerStanding(tx, thread, now)).holding) throw new ApiError("conflict", { key: "thread.lapsed" });
      const created = await tx.threadMessage.create({ data: { threadId, authorId: user.id, body, createdAt: now, clientId }, select: { id: true } });
      await tx.messageThread.update({
        where: { id: threadId },
        data: { lastMessageAt: now, ...(side === "homeowner" ? { homeownerReadAt: now } : { handymanReadAt: now }) },
      });
      await scheduleDigest(tx, after, threadId, side === "homeowner" ? "handyman" : "homeowner", now);
      return created;
    });
  } catch (error) {
    // The same post twice at once: the unique client id lets one in; the other answers it and gives its count back.
    const winner = isUniqueViolation(error) ? await stored() : null;
    if (!winner) throw error;
    await messageLimiter().refund(user.id);
    return { id: String(winner.id), replayed: true };
  }
  await after.run();
  await publishThreadEvent(threadId, String(message.id));
  return { id: String(message.id), replayed: false };
}

/** The page the thread is read on by `user` (its homeowner or its handyman); 404 for anyone else. */
export async function threadPageFor(user: Pick<SessionUser, "id">, threadId: string): Promise<string> {
  const { thread, side } = await threadForParty(await getDb(), user, threadId);
  return threadPath(side, thread);
}

/** 404 unless `user` is one of the thread's two parties (the live stream's check; nothing is marked read). */
export async function assertThreadParty(user: Pick<SessionUser, "id">, threadId: string): Promise<void> {
  await threadForParty(await getDb(), user, threadId);
}

/** 404 unless `user` is a party of every one of `threadIds` (a page's live stream; one read for them all). */
export async function assertThreadParties(user: Pick<SessionUser, "id">, threadIds: string[]): Promise<void> {
  if (!threadIds.every((id) => THREAD_ID.test(id))) throw notFound();
  const ids = [...new Set(threadIds)];
  const rows = await (await getDb()).messageThread.findMany({
    where: { id: { in: ids } },
    select: { request: { select: { userId: true } }, handyman: { select: { userId: true } } },
  });
  if (rows.length !== ids.length || rows.some((row) => row.request.userId !== user.id && row.handyman.userId !== user.id)) throw notFound();
}

/** Either party reports the thread to Fixwell (once; a second report keeps the first). */
export async function reportThread(user: Pick<SessionUser, "id">, threadId: string, rawReason: unknown, now = new Date()): Promise<void> {
  const db = await getDb();
  await threadForParty(db, user, threadId);
  const reason = parseReportReason(rawReason);
  await db.messageThread.updateMany({ where: { id: threadId, reportedAt: null }, data: { reportedAt: now, reportedById: user.id, reportReason: reason } });
}

/** An operator closes a reported thread: it takes no new messages (audited). 404 for a thread nobody reported, and for anyone but an operator. */
export async function closeThread(operator: Pick<SessionUser, "id">, threadId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const account = await tx.user.findUnique({ where: { id: operator.id }, select: { role: true } });
    const thread = account?.role === "operator" ? await loadThread(tx, threadId) : null;
    if (!thread || !thread.reportedAt) throw notFound();
    if (thread.closedAt) return;
    await tx.messageThread.update({ where: { id: threadId }, data: { closedAt: now } });
    await recordAudit(tx, operator, { action: "thread.close", targetType: "request", targetId: thread.requestId, before: { threadId, closedAt: null }, after: { threadId, closedAt: now } });
  });
  await publishThreadEvent(threadId, "closed");
}

/** The threads of one of the homeowner's requests, each with its handyman and unread count (404 for another's request). */
export async function listThreadsOfRequest(user: Pick<SessionUser, "id">, requestId: string): Promise<{ id: string; handymanName: string; unread: number }[]> {
  const db = await getDb();
  const request = await retryReadOnce(() => db.repairRequest.findFirst({ where: { id: requestId, userId: user.id }, select: { id: true } }));
  if (!request) throw new ApiError("not_found", { key: "requestNotFound" });
  const rows = await retryReadOnce(() => db.$queryRaw<{ id: string; name: string; unread: number }[]>`
    SELECT t."id", h."name",
      (SELECT count(*)::int FROM "thread_messages" m
        WHERE m."thread_id" = t."id" AND m."author_id" IS DISTINCT FROM ${user.id}::uuid
          AND m."created_at" > coalesce(t."homeowner_read_at", '-infinity')) AS "unread"
    FROM "message_threads" t JOIN "handymen" h ON h."id" = t."handyman_id"
    WHERE t."request_id" = ${requestId}::uuid
    ORDER BY t."created_at" DESC, t."id" DESC`);
  return rows.map((row) => ({ id: row.id, handymanName: row.name, unread: row.unread }));
}

/** The handyman's thread per request they were offered: request id → thread id and unread count. */
export async function threadsOfHandyman(user: Pick<SessionUser, "id">, requestIds: string[]): Promise<Map<string, { id: string; unread: number }>> {
  const byRequest = new Map<string, { id: string; unread: number }>();
  if (requestIds.length === 0) return byRequest;
  const db = await getDb();
  const rows = await retryReadOnce(() => db.$queryRaw<{ id: string; request_id: string; unread: number }[]>`
    SELECT t."id", t."request_id",
      (SELECT count(*)::int FROM "thread_messages" m
        WHERE m."thread_id" = t."id" AND m."author_id" IS DISTINCT FROM ${user.id}::uuid
          AND m."created_at" > coalesce(t."handyman_read_at", '-infinity')) AS "unread"
    FROM "message_threads" t JOIN "handymen" h ON h."id" = t."handyman_id"
    WHERE h."user_id" = ${user.id}::uuid AND t."request_id" = ANY(${requestIds}::uuid[])`);
  for (const row of rows) byRequest.set(row.request_id, { id: row.id, unread: row.unread });
  return byRequest;
}

/** Unread messages for the user, on either side: in total and per request. */
export async function unreadCounts(user: Pick<SessionUser, "id">): Promise<{ total: number; byRequest: Map<string, number> }> {
  const db = await getDb();
  // Read on every signed-in page's header: repeated once when its connection breaks under it.
  const rows = await retryReadOnce(() => db.$queryRaw<{ request_id: string; unread: number }[]>`
    SELECT t."request_id", count(*)::int AS "unread"
    FROM "message_threads" t
    JOIN "inputs" r ON r."input_id" = t."request_id"
    LEFT JOIN "handymen" h ON h."id" = t."handyman_id"
    JOIN "thread_messages" m ON m."thread_id" = t."id"
    WHERE (r."user_id" = ${user.id}::uuid OR h."user_id" = ${user.id}::uuid)
      AND m."author_id" IS DISTINCT FROM ${user.id}::uuid
      AND m."created_at" > coalesce(CASE WHEN r."user_id" = ${user.id}::uuid THEN t."homeowner_read_at" ELSE t."handyman_read_at" END, '-infinity')
    GROUP BY t."request_id"`);
  const byRequest = new Map(rows.map((row) => [row.request_id, row.unread]));
  return { total: rows.reduce((sum, row) => sum + row.unread, 0), byRequest };
}

export type ReportedThread = { id: string; requestId: string; handymanId: number; handymanName: string; reportedAt: Date; reportedBy: Side | null; reason: string | null; closed: boolean };

/** Reported threads for the console, newest report first (at most `limit`). */
export async function listReportedThreads(limit = 100): Promise<ReportedThread[]> {
  const db = await getDb();
  const rows = await db.messageThread.findMany({
    where: { reportedAt: { not: null } },
    orderBy: [{ reportedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { ...threadColumns, reportReason: true },
  });
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    handymanId: row.handymanId,
    handymanName: row.handyman.name,
    reportedAt: row.reportedAt as Date,
    reportedBy: authorSide(row, row.reportedById),
    reason: row.reportReason,
    closed: row.closedAt !== null,
  }));
}
