// Live threads on every server: a posted message is announced with PostgreSQL's NOTIFY on the channel
// below, and each server process hears it on its one LISTEN connection (lib/db/listen.ts), fanning the news
// out in memory to the thread pages it streams (app/api/threads/[id]/events). On the embedded database,
// which only one process opens, the news goes straight to the in-memory fan-out. The payload names the
// thread and the message, never its text: each stream reads the message as its reader may see it.
import "server-only";
import { EventEmitter } from "node:events";
import { getConnection } from "../db";
import { listen } from "../db/listen";

export { stopListening } from "../db/listen";

export const THREAD_CHANNEL = "fixwell_threads";

const holder = globalThis as unknown as { __fixwellThreadsLive?: EventEmitter };

function emitter(): EventEmitter {
  if (!holder.__fixwellThreadsLive) {
    holder.__fixwellThreadsLive = new EventEmitter();
    holder.__fixwellThreadsLive.setMaxListeners(0);
  }
  return holder.__fixwellThreadsLive;
}

function deliver(payload: string): void {
  const [threadId, what] = payload.split(":");
  if (threadId && what) emitter().emit(threadId, what);
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
  await listen(THREAD_CHANNEL, deliver);
  emitter().on(threadId, onEvent);
  return () => emitter().off(threadId, onEvent);
}
