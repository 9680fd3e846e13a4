// A long thread pages (issue 24): a thread page shows the newest THREAD_PAGE_SIZE messages, oldest first,
// with a signed cursor to the earlier ones (and back to the later ones), in the order the messages were
// stored even when their times tie; a cursor that is forged, cut, of another thread or of another reader is
// a 400 (the API's error shape); reading an earlier page leaves the thread unread; a new message joins the
// newest page. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
import { beforeEach, describe, expect, it } from "vitest";
import * as messagesRoute from "../../app/api/threads/[threadId]/messages/route";
import { encodeCursor } from "../../lib/paging/cursor";
import { declineOffer } from "../../lib/requests/workflow";
import { listThreadsOfRequest, postMessage, readThread, reportThread, THREAD_PAGE_SIZE, unreadCounts, type ThreadView } from "../../lib/messages/threads";
import { refusalAt as refusal } from "../helpers/refusal";
import { getDb, resetDatabase } from "../helpers/db";
import { call } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createSignedInUser, type TestUser } from "../helpers/session";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const TOTAL = 2 * THREAD_PAGE_SIZE + 7;

let owner: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
let threadId: string;

/** `count` messages written alternately by each side, all at the same instant (times tie); their bodies are their order. */
async function fillThread(id: string, count: number, at = new Date("2026-11-20T10:00:00.000Z")) {
  const db = await getDb();
  await db.threadMessage.createMany({
    data: Array.from({ length: count }, (_, i) => ({ threadId: id, authorId: i % 2 ? owner.id : nina.id, body: `message ${i + 1}`, createdAt: at })),
  });
}

const bodies = (view: ThreadView) => view.messages.map((message) => message.body);
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`);

beforeEach(async () => {
  await resetDatabase();
  (globalThis as { __fixwellMessageLimiter?: unknown }).__fixwellMessageLimiter = undefined;
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  hidde = await createSignedInHandyman(10, "hidde@example.test");
  requestId = await submitRequest(owner, { ...LEAK, details: "The pipe under the sink drips." });
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  threadId = (await listThreadsOfRequest(owner, requestId))[0].id;
});

describe("a thread page", () => {
  it(`shows the newest ${THREAD_PAGE_SIZE}, oldest first, and pages back to the first message and forward again, times tied`, async () => {
    await fillThread(threadId, TOTAL);
    const newest = await readThread(owner, threadId, { locale: "en" });
    expect(bodies(newest)).toEqual(numbered(TOTAL - THREAD_PAGE_SIZE + 1, TOTAL));
    expect(newest.later).toBeNull();
    expect(newest.earlier).toEqual(expect.any(String));

    const second = await readThread(owner, threadId, { locale: "en", cursor: newest.earlier });
    expect(bodies(second)).toEqual(numbered(TOTAL - 2 * THREAD_PAGE_SIZE + 1, TOTAL - THREAD_PAGE_SIZE));
    const first = await readThread(owner, threadId, { locale: "en", cursor: second.earlier });
    expect(bodies(first)).toEqual(numbered(1, TOTAL - 2 * THREAD_PAGE_SIZE));
    expect(first.earlier).toBeNull();
    expect(first.later).toEqual(expect.any(String));
    // Every message once, in the order stored.
    expect([...bodies(first), ...bodies(second), ...bodies(newest)]).toEqual(numbered(1, TOTAL));

    // Forward again: the later pages are the same pages.
    const forward = await readThread(owner, threadId, { locale: "en", cursor: first.later });
    expect(bodies(forward)).toEqual(bodies(second));
    const backAtNewest = await readThread(owner, threadId, { locale: "en", cursor: forward.later });
    expect(bodies(backAtNewest)).toEqual(bodies(newest));
    expect(backAtNewest.later).toBeNull();
    // Each side reads the same pages with cursors of its own.
    expect(bodies(await readThread(nina, threadId, { locale: "en", cursor: (await readThread(nina, threadId, { locale: "en" })).earlier }))).toEqual(bodies(second));
  });

  it("has no links while the thread fits one page, and a new message joins the newest page", async () => {
    await fillThread(threadId, THREAD_PAGE_SIZE);
    const full = await readThread(owner, threadId, { locale: "en" });
    expect(full.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect([full.earlier, full.later]).toEqual([null, null]);
    await postMessage(nina, threadId, "Is Friday fine?");
    const after = await readThread(owner, threadId, { locale: "en" });
    expect(bodies(after).at(-1)).toBe("Is Friday fine?");
    expect(bodies(after)[0]).toBe("message 2");
    expect(bodies(await readThread(owner, threadId, { locale: "en", cursor: after.earlier }))).toEqual(["message 1"]);
    // The live page's poll still reads what came after the last message it shows.
    const poll = await readThread(owner, threadId, { locale: "en", afterId: full.messages.at(-1)!.id });
    expect(bodies(poll)).toEqual(["Is Friday fine?"]);
  });

  it("leaves the thread unread while only an earlier page is read", async () => {
    await fillThread(threadId, TOTAL);
    const cursor = (await readThread(owner, threadId, { locale: "en" })).earlier;
    await postMessage(nina, threadId, "One more question.");
    expect((await unreadCounts(owner)).total).toBe(1);
    // The cursor was made before the new message: still the same earlier page.
    await readThread(owner, threadId, { locale: "en", cursor });
    expect((await unreadCounts(owner)).total).toBe(1);
    await readThread(owner, threadId, { locale: "en" });
    expect((await unreadCounts(owner)).total).toBe(0);
  });
});

describe("a cursor that is not the reader's for this thread", () => {
  it("is a 400 on the cursor: forged, cut, made for another thread, another reader or another list", async () => {
    await fillThread(threadId, TOTAL);
    const cursor = (await readThread(owner, threadId, { locale: "en" })).earlier!;
    const [payload, tag] = cursor.split(".");
    const forged = `${Buffer.from(Buffer.from(payload, "base64url").toString().replace(/"k":\["\d+"\]/, '"k":["999999"]')).toString("base64url")}.${tag}`;

    // A second thread of the same homeowner: Nina declines, the request goes to Hidde.
    await declineOffer(nina, (await openOfferOf(requestId)).id, "");
    const hiddeThread = (await listThreadsOfRequest(owner, requestId)).find((thread) => thread.id !== threadId)!.id;
    await fillThread(hiddeThread, THREAD_PAGE_SIZE + 1);
    const otherThreadCursor = (await readThread(owner, hiddeThread, { locale: "en" })).earlier!;
    const ninasCursor = (await readThread(nina, threadId, { locale: "en" })).earlier!;

    for (const bad of [forged, cursor.slice(0, -3), `${payload}.`, "not-a-cursor", "x".repeat(600), otherThreadCursor, ninasCursor, encodeCursor({ list: "orders", owner: owner.id }, "after", ["1"]), ["a", "b"]]) {
      expect(await refusal(readThread(owner, threadId, { locale: "en", cursor: bad }))).toEqual({ code: "bad_request", path: "cursor" });
    }
    // A well-signed cursor whose key is not a message id is refused the same way.
    const scope = { list: "thread-messages", owner: `${threadId}:${owner.id}` };
    for (const key of [["0"], ["-1"], ["1e3"], ["99999999999999999999"], ["1", "2"]]) {
      expect(await refusal(readThread(owner, threadId, { locale: "en", cursor: encodeCursor(scope, "after", key) }))).toEqual({ code: "bad_request", path: "cursor" });
    }
    // Hidde is no party to Nina's thread: not found, whatever the cursor.
    expect(await refusal(readThread(hidde, threadId, { locale: "en", cursor }))).toMatchObject({ code: "not_found" });
  });

  it("answers 400 with the error shape through GET /api/threads/{id}/messages, and 200 for the reader's own", async () => {
    await fillThread(threadId, TOTAL);
    const get = (who: { cookie: string }, query: string) =>
      call(messagesRoute.GET, apiRequest("GET", `/api/threads/${threadId}/messages${query}`, { cookie: who.cookie }), { threadId });
    const newest = await get(owner, "");
    expect(newest.status).toBe(200);
    const { earlier, messages } = (newest.body as { thread: { earlier: string; messages: unknown[] } }).thread;
    expect(messages).toHaveLength(THREAD_PAGE_SIZE);
    const page = await get(owner, `?cursor=${encodeURIComponent(earlier)}`);
    expect(page.status).toBe(200);
    expect((page.body as { thread: { messages: { body: string }[] } }).thread.messages[0].body).toBe(`message ${TOTAL - 2 * THREAD_PAGE_SIZE + 1}`);
    const refused = await get(nina, `?cursor=${encodeURIComponent(earlier)}`);
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "bad_request" } } });
    expect((await get(hidde, `?cursor=${encodeURIComponent(earlier)}`)).status).toBe(404);
  });

  it("pages a reported thread for an operator with cursors of the operator's own", async () => {
    await fillThread(threadId, TOTAL);
    await reportThread(owner, threadId, "Rude");
    const operator = await createSignedInOperator();
    const newest = await readThread(operator, threadId, { locale: "en" });
    expect(newest.viewer).toBe("operator");
    expect(bodies(newest)).toEqual(numbered(TOTAL - THREAD_PAGE_SIZE + 1, TOTAL));
    expect(bodies(await readThread(operator, threadId, { locale: "en", cursor: newest.earlier }))).toEqual(numbered(TOTAL - 2 * THREAD_PAGE_SIZE + 1, TOTAL - THREAD_PAGE_SIZE));
    const ownersCursor = (await readThread(owner, threadId, { locale: "en" })).earlier;
    expect(await refusal(readThread(operator, threadId, { locale: "en", cursor: ownersCursor }))).toEqual({ code: "bad_request", path: "cursor" });
  });
});
