// Live streams are bounded (issue 37): an account holds at most LIVE_STREAM_LIMITS.perAccount of them on a
// server (the next is a 429 with Retry-After, others' streams unaffected), each ends after its maximum life
// and once its session is signed out (the periodic check, called here with the time it would run at), and a
// page's one stream carries every thread it shows, each checked to be the reader's.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as eventsRoute from "../../app/api/threads/events/route";
import * as threadEventsRoute from "../../app/api/threads/[threadId]/events/route";
import * as messagesRoute from "../../app/api/threads/[threadId]/messages/route";
import { getDb } from "../../lib/db";
import { checkLiveStreams, LIVE_STREAM_LIMITS, openLiveStreams } from "../../lib/messages/live-streams";
import { stopListening } from "../../lib/messages/live";
import { listThreadsOfRequest } from "../../lib/messages/threads";
import { resetDatabase } from "../helpers/db";
import { call } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
let owner: TestUser;
let nina: TestHandyman;
let threadIds: string[];

type Open = { response: Response; abort: AbortController; text: () => Promise<string>; done: () => Promise<boolean> };
const opened: Open[] = [];

/** Opens `/api/threads/events?thread=…` as `who`; keeps reading what it sends. */
async function openStream(who: { cookie: string }, ids: string[]): Promise<Open> {
  const abort = new AbortController();
  const query = ids.map((id) => `thread=${encodeURIComponent(id)}`).join("&");
  const response = await eventsRoute.GET(new Request(`http://localhost/api/threads/events?${query}`, { headers: { cookie: who.cookie }, signal: abort.signal }), routeContext({}));
  let received = "";
  let finished = false;
  const reading = response.status === 200 && response.body
    ? (async () => {
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          received += decoder.decode(value);
        }
        finished = true;
      })().catch(() => {
        finished = true;
      })
    : Promise.resolve();
  const open: Open = {
    response,
    abort,
    text: async () => received,
    // Whether the server ended the stream: its reader finishes at once when it does.
    done: async () => {
      await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 200))]);
      return finished;
    },
  };
  if (response.status === 200) opened.push(open);
  return open;
}

async function until(check: () => Promise<boolean>, limitMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const post = (who: { cookie: string }, id: string, body: string) =>
  call(messagesRoute.POST, apiRequest("POST", `/api/threads/${id}/messages`, { cookie: who.cookie, body: { body } }), { threadId: id });

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  threadIds = [];
  // Two requests of one homeowner, each offered to a handyman: two conversations.
  for (const details of ["Kitchen tap", "Bathroom pipe"]) {
    const requestId = await submitRequest(owner, { ...LEAK, details });
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    threadIds.push((await listThreadsOfRequest(owner, requestId))[0].id);
  }
});

afterEach(async () => {
  for (const stream of opened.splice(0)) stream.abort.abort();
  expect(openLiveStreams()).toBe(0);
  await stopListening();
});

describe("live streams per account", () => {
  it(`refuses an account's stream beyond ${LIVE_STREAM_LIMITS.perAccount} on a server with 429 and Retry-After, and takes one again once one closes`, async () => {
    const streams = [];
    for (let i = 0; i < LIVE_STREAM_LIMITS.perAccount; i++) streams.push(await openStream(owner, [threadIds[i % 2]]));
    expect(streams.map((stream) => stream.response.status)).toEqual(streams.map(() => 200));
    expect(openLiveStreams(owner.id)).toBe(LIVE_STREAM_LIMITS.perAccount);

    // The next, by either address of the stream, is refused at once: nothing is held for it.
    const refused = await openStream(owner, threadIds);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe(String(LIVE_STREAM_LIMITS.retryAfterSeconds));
    expect(await refused.response.json()).toMatchObject({ error: { code: "rate_limited" } });
    const one = await threadEventsRoute.GET(new Request(`http://localhost/api/threads/${threadIds[0]}/events`, { headers: { cookie: owner.cookie } }), routeContext({ threadId: threadIds[0] }));
    expect(one.status).toBe(429);
    expect(openLiveStreams(owner.id)).toBe(LIVE_STREAM_LIMITS.perAccount);

    // Another account's streams are not counted with these.
    const handymans = await openStream(nina, [threadIds[0]]);
    expect(handymans.response.status).toBe(200);

    // A page closed (the browser goes away) gives its place back.
    streams[0].abort.abort();
    expect(openLiveStreams(owner.id)).toBe(LIVE_STREAM_LIMITS.perAccount - 1);
    expect((await openStream(owner, threadIds)).response.status).toBe(200);
  });

  it("ends a stream after its maximum life, and not before; its place is given back", async () => {
    const stream = await openStream(owner, threadIds);
    expect(stream.response.status).toBe(200);
    const openedAt = Date.now();
    // Within the least life a stream may get (nine tenths of the maximum) nothing ends.
    expect(await checkLiveStreams(openedAt + LIVE_STREAM_LIMITS.maxLifeMs * 0.85)).toEqual({ expired: 0, signedOut: 0 });
    expect(await stream.done()).toBe(false);
    expect(await checkLiveStreams(openedAt + LIVE_STREAM_LIMITS.maxLifeMs + 1)).toEqual({ expired: 1, signedOut: 0 });
    expect(await stream.done()).toBe(true);
    expect(openLiveStreams(owner.id)).toBe(0);
  });

  it("ends a running stream once its session is signed out, and keeps the others'", async () => {
    const ownersStream = await openStream(owner, threadIds);
    const ninasStream = await openStream(nina, [threadIds[0]]);
    expect(await checkLiveStreams()).toEqual({ expired: 0, signedOut: 0 });
    expect(await ownersStream.done()).toBe(false);
    // Signed out (on any server: the session's row is what counts).
    const db = await getDb();
    await db.userSession.updateMany({ where: { userId: owner.id }, data: { revokedAt: new Date() } });
    expect(await checkLiveStreams()).toEqual({ expired: 0, signedOut: 1 });
    expect(await ownersStream.done()).toBe(true);
    expect(await ninasStream.done()).toBe(false);
    expect(openLiveStreams(owner.id)).toBe(0);
    expect(openLiveStreams(nina.id)).toBe(1);
  });
});

describe("one stream for a page's threads", () => {
  it("carries a message of each of the page's threads", async () => {
    const stream = await openStream(owner, threadIds);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    await until(async () => (await stream.text()).includes(": open"));
    for (const id of threadIds) {
      const posted = await post(nina, id, `About ${id}`);
      expect(posted.status).toBe(201);
      const messageId = (posted.body as { message: { id: string } }).message.id;
      await until(async () => (await stream.text()).includes(`event: message\ndata: ${messageId}\n`));
    }
    expect(openLiveStreams(owner.id)).toBe(1);
  });

  it("answers 404 when any thread is not the reader's, and 400 for none or too many", async () => {
    const stranger = await createSignedInUser();
    expect((await openStream(stranger, threadIds)).response.status).toBe(404);
    expect((await openStream(owner, [...threadIds, "00000000-0000-4000-8000-000000000000"])).response.status).toBe(404);
    expect((await openStream(owner, [threadIds[0], "not-a-thread"])).response.status).toBe(404);
    const none = await openStream(owner, []);
    expect(none.response.status).toBe(400);
    expect(await none.response.json()).toMatchObject({ error: { code: "bad_request", issues: [{ path: "thread" }] } });
    const many = Array.from({ length: LIVE_STREAM_LIMITS.maxThreads + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect((await openStream(owner, many)).response.status).toBe(400);
    // The same thread twice is one thread.
    expect((await openStream(owner, [threadIds[0], threadIds[0]])).response.status).toBe(200);
    expect(openLiveStreams()).toBe(1);
    const anonymous = await eventsRoute.GET(new Request(`http://localhost/api/threads/events?thread=${threadIds[0]}`), routeContext({}));
    expect(anonymous.status).toBe(401);
  });
});

describe("fuzzing the page stream's ?thread=", () => {
  it("answers 200, 400 or 404 with the error shape, never a 5xx, and holds nothing for a refusal", async () => {
    const id = fc.oneof(fc.constantFrom(...threadIds, "", "00000000-0000-4000-8000-000000000000", "%00", "a".repeat(600)), fc.string({ maxLength: 40 }), fc.uuid());
    await fc.assert(
      fc.asyncProperty(fc.array(id, { maxLength: 60 }), async (ids) => {
        const stream = await openStream(owner, ids);
        expect([200, 400, 404], JSON.stringify(ids)).toContain(stream.response.status);
        if (stream.response.status === 200) {
          stream.abort.abort();
          opened.splice(opened.indexOf(stream), 1);
        } else {
          expect(await stream.response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
        expect(openLiveStreams(owner.id)).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});
