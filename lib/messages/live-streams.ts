// The live streams of message threads (Server-Sent Events: app/api/threads/events and
// app/api/threads/[threadId]/events), bounded so that no account can hold a server's connections: one
// stream carries every thread a page shows; an account holds at most LIVE_STREAM_LIMITS.perAccount of
// them on one server process, and the next is refused with 429 and Retry-After (the newest is refused,
// not the oldest closed: a closed one would reconnect and close another, round and round); every stream
// ends after at most maxLifeMs (the browser's EventSource opens a new one, its session checked again), and
// every checkEveryMs each open stream's session is read again, so a stream of a session signed out (here,
// on another server, or everywhere) ends within that interval. The count is per process, not shared: with
// N instances an account holds at most N × perAccount streams (docs/operations.md, "Live streams"), and
// nginx bounds the streams per client address in front of them all (deploy/nginx.conf).
import "server-only";
import { ApiError } from "../api/errors";
import { getUserFromRequest, type SessionUser } from "../auth/current-user";
import { subscribeToThread } from "./live";

export const LIVE_STREAM_LIMITS = {
  /** Streams one account may hold open on one server process at once; the next is a 429. */
  perAccount: 6,
  /** A stream ends after at most this long (less up to a tenth, so streams opened together do not all end together). */
  maxLifeMs: 10 * 60_000,
  /** How often each open stream is checked: past its life, or its session no longer live. */
  checkEveryMs: 30_000,
  /** Retry-After (seconds) of a refused stream. */
  retryAfterSeconds: 30,
  /** Threads one stream may carry (a page's conversations). */
  maxThreads: 50,
  /** A comment this often keeps proxies from timing an idle stream out. */
  heartbeatMs: 25_000,
} as const;

type LiveStream = {
  userId: string;
  /** When the stream ends whatever happens (ms since the epoch). */
  endsAt: number;
  /** The account and the cookie it was opened with: the streams of one session are checked with one read. */
  session: string;
  /** Whether the session that opened it is still live (the request's cookie, read again). */
  stillSignedIn(): Promise<boolean>;
  end(): void;
};

type Registry = { byAccount: Map<string, Set<LiveStream>>; timer?: ReturnType<typeof setInterval>; checking?: Promise<LiveStreamCheck> };
// On globalThis: one count per process, whichever bundle opens the stream.
const holder = globalThis as unknown as { __fixwellLiveStreams?: Registry };

function registry(): Registry {
  holder.__fixwellLiveStreams ??= { byAccount: new Map() };
  return holder.__fixwellLiveStreams;
}

function allStreams(): LiveStream[] {
  return [...registry().byAccount.values()].flatMap((set) => [...set]);
}

/** Streams open on this process: in all, or of one account. */
export function openLiveStreams(userId?: string): number {
  return userId === undefined ? allStreams().length : (registry().byAccount.get(userId)?.size ?? 0);
}

function add(stream: LiveStream): void {
  const current = registry();
  let set = current.byAccount.get(stream.userId);
  if (!set) current.byAccount.set(stream.userId, (set = new Set()));
  set.add(stream);
  current.timer ??= setInterval(() => void checkLiveStreams().catch(() => undefined), LIVE_STREAM_LIMITS.checkEveryMs);
  current.timer.unref?.();
}

function remove(stream: LiveStream): void {
  const current = registry();
  const set = current.byAccount.get(stream.userId);
  set?.delete(stream);
  if (set?.size === 0) current.byAccount.delete(stream.userId);
  if (current.byAccount.size === 0 && current.timer) {
    clearInterval(current.timer);
    current.timer = undefined;
  }
}

export type LiveStreamCheck = { expired: number; signedOut: number };

/**
 * Ends every stream of this process past its life at `now`, and every stream whose session is no longer
 * live (read once per session). Runs by itself every checkEveryMs; a check while one runs waits for it.
 * A session that cannot be read now (the database away) keeps its streams until the next check.
 */
export function checkLiveStreams(now = Date.now()): Promise<LiveStreamCheck> {
  const current = registry();
  current.checking ??= (async () => {
    const result = { expired: 0, signedOut: 0 };
    const bySession = new Map<string, LiveStream[]>();
    for (const stream of allStreams()) {
      if (now >= stream.endsAt) {
        stream.end();
        result.expired += 1;
      } else {
        bySession.set(stream.session, [...(bySession.get(stream.session) ?? []), stream]);
      }
    }
    for (const streams of bySession.values()) {
      let live: boolean;
      try {
        live = await streams[0].stillSignedIn();
      } catch {
        continue;
      }
      if (live) continue;
      for (const stream of streams) stream.end();
      result.signedOut += streams.length;
    }
    return result;
  })().finally(() => {
    current.checking = undefined;
  });
  return current.checking;
}

/** 400 naming `thread` unless 1 to maxThreads thread ids are given. */
export function streamThreadIds(values: string[]): string[] {
  const ids = [...new Set(values.filter((value) => value !== ""))];
  if (ids.length === 0 || ids.length > LIVE_STREAM_LIMITS.maxThreads) {
    const message = { key: "thread.streamThreads", values: { max: LIVE_STREAM_LIMITS.maxThreads } } as const;
    throw new ApiError("bad_request", message, [{ path: "thread", message }]);
  }
  return ids;
}

const event = (what: string) => (what === "closed" ? "event: closed\ndata: closed\n\n" : `event: message\ndata: ${what}\n\n`);

/**
 * The stream of `threadIds` (already checked to be `user`'s) for `req`: "message" (data: the new message's
 * id) when either side writes in any of them, on whichever server, and "closed" when Fixwell closes one.
 * A 429 with Retry-After when the account holds perAccount streams on this process already.
 */
export function liveStreamResponse(req: Request, user: SessionUser, threadIds: string[], now = Date.now()): Response {
  const limits = LIVE_STREAM_LIMITS;
  // Counted and taken in one synchronous step: two requests cannot both take the last place.
  if (openLiveStreams(user.id) >= limits.perAccount) {
    throw new ApiError("rate_limited", { key: "thread.tooManyStreams", values: { count: limits.perAccount } }, undefined, { "Retry-After": String(limits.retryAfterSeconds) });
  }
  const cookie = req.headers.get("cookie") ?? "";
  const encoder = new TextEncoder();
  const unsubscribes: (() => void)[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  const stream: LiveStream = {
    userId: user.id,
    session: `${user.id}\u0000${cookie}`,
    endsAt: now + Math.round(limits.maxLifeMs * (0.9 + 0.1 * Math.random())),
    stillSignedIn: async () => (await getUserFromRequest(new Request("http://localhost/", { headers: { cookie } })))?.id === user.id,
    end() {
      if (ended) return;
      ended = true;
      remove(stream);
      clearInterval(heartbeat);
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      try {
        controller?.close();
      } catch {
        // already closed
      }
    },
  };
  add(stream);
  const send = (text: string) => {
    if (ended) return;
    try {
      controller?.enqueue(encoder.encode(text));
    } catch {
      stream.end();
    }
  };
  const body = new ReadableStream<Uint8Array>({
    async start(opened) {
      controller = opened;
      req.signal.addEventListener("abort", () => stream.end(), { once: true });
      try {
        for (const threadId of threadIds) {
          const unsubscribe = await subscribeToThread(threadId, (what) => send(event(what)));
          if (ended) unsubscribe();
          else unsubscribes.push(unsubscribe);
        }
      } catch (error) {
        stream.end();
        throw error;
      }
      if (ended) return;
      heartbeat = setInterval(() => send(": keep-alive\n\n"), limits.heartbeatMs);
      send("retry: 5000\n: open\n\n");
    },
    cancel() {
      stream.end();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no", Connection: "keep-alive" },
  });
}
