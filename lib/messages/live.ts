// Live threads on every server: a posted message is announced with PostgreSQL's NOTIFY on the channel
// below, and each server process keeps one dedicated connection LISTENing on it, fanning the news out in
// memory to the thread pages it streams (app/api/threads/[id]/events). On the embedded database, which
// only one process opens, the news goes straight to the in-memory fan-out. The payload names the thread
// and the message, never its text: each stream reads the message as its reader may see it.
import "server-only";
import { EventEmitter } from "node:events";
import pg from "pg";
import { getConnection } from "../db";
import { env } from "../env";

export const THREAD_CHANNEL = "fixwell_threads";

type LiveState = { emitter: EventEmitter; listening?: Promise<void>; client?: pg.Client };
const holder = globalThis as unknown as { __fixwellThreadsLive?: LiveState };

function state(): LiveState {
  if (!holder.__fixwellThreadsLive) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder.__fixwellThreadsLive = { emitter };
  }
  return holder.__fixwellThreadsLive;
}

function deliver(payload: string): void {
  const [threadId, what] = payload.split(":");
  if (threadId && what) state().emitter.emit(threadId, what);
}

/** Starts this process's LISTEN connection (PostgreSQL only), once; it reconnects after losing the server. */
function listen(): Promise<void> {
  const current = state();
  const url = env().DATABASE_URL;
  if (!url) return Promise.resolve();
  current.listening ??= (async () => {
    const client = new pg.Client({ connectionString: url, application_name: "fixwell-threads" });
    client.on("notification", (message) => {
      if (message.channel === THREAD_CHANNEL && message.payload) deliver(message.payload);
    });
    client.on("error", (error) => {
      console.error(`[messages] live connection lost: ${error.message}`);
      current.listening = undefined;
      current.client = undefined;
      setTimeout(() => void listen().catch(() => undefined), 2_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${THREAD_CHANNEL}`);
    current.client = client;
  })();
  current.listening.catch(() => {
    current.listening = undefined;
  });
  return current.listening;
}

/** Tells every server that `threadId` changed (`what`: a message id, or "closed"). */
export async function publishThreadEvent(threadId: string, what: string): Promise<void> {
  const payload = `${threadId}:${what}`;
  const connection = await getConnection();
  if (connection.kind === "postgres" && connection.pgPool) {
    await connection.pgPool.query("SELECT pg_notify($1, $2)", [THREAD_CHANNEL, payload]);
  } else {
    deliver(payload);
  }
}

/** Calls `onEvent` for each change of `threadId` on any server, until the returned function is called. */
export async function subscribeToThread(threadId: string, onEvent: (what: string) => void): Promise<() => void> {
  await listen();
  const { emitter } = state();
  emitter.on(threadId, onEvent);
  return () => emitter.off(threadId, onEvent);
}

/** Closes this process's LISTEN connection (tests, shutdown). */
export async function stopListening(): Promise<void> {
  const current = state();
  const client = current.client;
  current.listening = undefined;
  current.client = undefined;
  if (client) {
    client.removeAllListeners("error");
    client.on("error", () => undefined);
    await client.end().catch(() => undefined);
  }
}
