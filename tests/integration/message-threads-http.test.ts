// The thread's HTTP side (issue 24): POST/GET /api/threads/{id}/messages with the API's error shape, the
// live stream (GET /api/threads/{id}/events) hearing a message posted by the other side, and a fuzz of the
// post handler (never a 5xx, the error shape on every refusal, nothing stored by a refusal).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as messagesRoute from "../../app/api/threads/[threadId]/messages/route";
import * as eventsRoute from "../../app/api/threads/[threadId]/events/route";
import { listThreadsOfRequest } from "../../lib/messages/threads";
import { stopListening } from "../../lib/messages/live";
import { getDb, resetDatabase } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, hostileValues } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
let owner: TestUser;
let nina: TestHandyman;
let threadId: string;

beforeEach(async () => {
  await resetDatabase();
  (globalThis as { __fixwellMessageLimiter?: unknown }).__fixwellMessageLimiter = undefined;
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  const requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  threadId = (await listThreadsOfRequest(owner, requestId))[0].id;
});

const post = (who: { cookie: string }, body: unknown, id = threadId) =>
  call(messagesRoute.POST, apiRequest("POST", `/api/threads/${id}/messages`, { cookie: who.cookie, body }), { threadId: id });

describe("POST and GET /api/threads/{id}/messages", () => {
  it("stores a message (201), shows it masked to the other side before acceptance, and refuses bad input with 400", async () => {
    expect(await post(nina, { body: "Call me: 0612345678" })).toMatchObject({ status: 201 });
    const read = await call(messagesRoute.GET, apiRequest("GET", `/api/threads/${threadId}/messages`, { cookie: owner.cookie }), { threadId });
    expect(read.status).toBe(200);
    expect((read.body as { thread: { messages: { body: string }[] } }).thread.messages[0].body).toBe("Call me: [contact details hidden until the job is accepted]");
    // The API answers each message as it did before pages showed a hidden detail apart (`parts`).
    expect(Object.keys((read.body as { thread: { messages: object[] } }).thread.messages[0]).sort()).toEqual(["author", "body", "createdAt", "id", "mine"]);
    expect(await post(owner, { body: "" })).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    expect(await post(owner, { body: "x".repeat(2001) })).toMatchObject({ status: 400, body: { error: { message: "A message may be at most 2000 characters." } } });
    expect(await post({ cookie: GARBAGE_COOKIE }, { body: "hi" })).toMatchObject({ status: 401 });
  });
});

describe("a message sent again with its client id", () => {
  const clientId = "6f1c2a4e-9b3d-4c5e-8f7a-1b2c3d4e5f60";
  const stored = async () => (await getDb()).threadMessage.count({ where: { threadId } });

  it("is stored once: the repeat answers 200 with the message already stored, and counts once towards the limit", async () => {
    const first = await post(owner, { body: "Is Tuesday fine?", client_id: clientId });
    expect(first).toMatchObject({ status: 201 });
    const again = await post(owner, { body: "Is Tuesday fine?", client_id: clientId });
    expect(again).toMatchObject({ status: 200, body: { message: { id: (first.body as { message: { id: string } }).message.id } } });
    expect(await stored()).toBe(1);
    // 30 messages in ten minutes are allowed: 29 more go through, the repeat above took none of them.
    for (let i = 0; i < 29; i += 1) expect((await post(owner, { body: `More ${i}` })).status).toBe(201);
    expect((await post(owner, { body: "One too many" })).status).toBe(429);
  });

  it("is stored once when the same post arrives five times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(nina, { body: "On my way", client_id: clientId })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => (answer.body as { message: { id: string } }).message.id)).size).toBe(1);
    expect(await stored()).toBe(1);
  });

  it("is the author's own: the other side's post with the same client id is a message of its own", async () => {
    expect((await post(owner, { body: "Hello", client_id: clientId })).status).toBe(201);
    expect((await post(nina, { body: "Hello back", client_id: clientId })).status).toBe(201);
    expect(await stored()).toBe(2);
  });

  it("refuses a client id that is not a UUID with 400, storing nothing", async () => {
    expect(await post(owner, { body: "Hi", client_id: "not-a-uuid" })).toMatchObject({
      status: 400,
      body: { error: { code: "validation_failed", message: "The message's form is out of date. Reload the page and send it again." } },
    });
    expect(await stored()).toBe(0);
  });
});

describe("GET /api/threads/{id}/messages?after=", () => {
  const readAfter = (after: string) =>
    call(messagesRoute.GET, apiRequest("GET", `/api/threads/${threadId}/messages?after=${encodeURIComponent(after)}`, { cookie: owner.cookie }), { threadId });

  it("answers 400 naming `after` for what no message id can be, the largest bigint and beyond included, never 500", async () => {
    for (const after of ["9999999999999999999", "9223372036854775808", "-1", "1e3", "abc", "1.5", " 1", "0x10", "1".repeat(40)]) {
      const answer = await readAfter(after);
      expect(answer, after).toMatchObject({ status: 400, body: { error: { code: "bad_request", issues: [{ path: "after" }] } } });
    }
    expect(await readAfter("9223372036854775807")).toMatchObject({ status: 200, body: { thread: { messages: [] } } });
    expect(await post(nina, { body: "Are you home on Friday?" })).toMatchObject({ status: 201 });
    expect(await readAfter("0")).toMatchObject({ status: 200, body: { thread: { messages: [{ body: "Are you home on Friday?" }] } } });
  });

  it("fuzzing ?after=: a number or a 400, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String), fc.string({ maxLength: 30 })), async (after) => {
        const answer = await readAfter(after);
        expect([200, 400], `${after}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
        if (answer.status === 400) expect(answer.body).toMatchObject({ error: { code: "bad_request" } });
      }),
      { numRuns: 60 },
    );
  });
});

describe("GET /api/threads/{id}/events", () => {
  it("streams an event when the other side posts", async () => {
    const abort = new AbortController();
    const response = await eventsRoute.GET(new Request(`http://localhost/api/threads/${threadId}/events`, { headers: { cookie: owner.cookie }, signal: abort.signal }), routeContext({ threadId }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain("retry:");
    const posted = await post(nina, { body: "Are you home on Friday?" });
    const id = (posted.body as { message: { id: string } }).message.id;
    const deadline = Date.now() + 2000;
    while (!text.includes(`data: ${id}`) && Date.now() < deadline) text += decoder.decode((await reader.read()).value);
    expect(text).toContain(`event: message\ndata: ${id}`);
    abort.abort();
    await reader.cancel().catch(() => undefined);
    await stopListening();
  });
});

describe("fuzzing the post handler", () => {
  it("never answers 5xx, refuses with the error shape and stores nothing on a refusal", async () => {
    const { anyValue, nastyString } = hostileValues(["\u0000", "\uD800", "x".repeat(2001), "a@b.nl 0612345678"]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ body: anyValue }), anyValue, fc.record({ body: nastyString, extra: anyValue }), fc.record({ body: nastyString, client_id: anyValue })), fc.constantFrom("party", "garbage", "stranger-id"), async (body, who) => {
        const id = who === "stranger-id" ? "00000000-0000-4000-8000-000000000000" : threadId;
        await checkProperty(() => post(who === "garbage" ? { cookie: GARBAGE_COOKIE } : owner, body, id), (outcome) => expect(outcome.status).toBe(201));
      }),
      { numRuns: 60 },
    );
  });
});
