// One LISTEN connection per server process, shared by everything that hears PostgreSQL's NOTIFY: the live
// message threads (lib/messages/live.ts) and the session liveness cache (lib/auth/liveness-cache.ts). It is
// opened on first use, and after losing the server it tells every listener (so a cache can forget what it
// could no longer hear being changed) and reconnects two seconds later. On the embedded database there is
// no such connection: it is one process, and its users fall back as each documents.
//
// A connection can also die without a word (a firewall or NAT dropping it, a server that froze): nothing
// closes it, and nothing more is heard. So it runs with TCP keep-alive, and every LISTEN_HEARTBEAT.everyMs it
// sends itself a NOTIFY on a channel of its own that it must hear back within LISTEN_HEARTBEAT.deadlineMs;
// when it does not, the connection is treated as lost (every listener told, so the liveness cache forgets
// every session it kept) and a new one is made. LISTEN needs a session of its own on the server: through a
// transaction-pooling PgBouncer it hears nothing, so DATABASE_LISTEN_URL may name a direct connection.
import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { env } from "../env";

type Handler = (payload: string) => void;
/** How often the LISTEN connection checks that it still hears, and how long it waits for its own NOTIFY. */
export const LISTEN_HEARTBEAT = { everyMs: 30_000, deadlineMs: 5_000, channel: "fixwell_listen_heartbeat" } as const;

type ListenState = {
  heartbeat?: ReturnType<typeof setInterval>;
  /** The heartbeats sent and not yet heard back, by payload (unique to this process: every server hears them all). */
  heard: Map<string, () => void>;
  /** This process's part of a heartbeat's payload. */
  id: string;
  beats: number;
  handlers: Map<string, Set<Handler>>;
  lostHandlers: Set<() => void>;
  client?: pg.Client;
  connecting?: Promise<pg.Client | undefined>;
  /** Channels LISTENed on the current connection. */
  channels: Set<string>;
};
// On globalThis: the proxy's bundle and the app's are separate module graphs in one process.
const holder = globalThis as unknown as { __fixwellListen?: ListenState };

function state(): ListenState {
  holder.__fixwellListen ??= { handlers: new Map(), lostHandlers: new Set(), channels: new Set(), heard: new Map(), id: randomUUID(), beats: 0 };
  return holder.__fixwellListen;
}

function lost(current: ListenState, error: Error): void {
  console.error(`[db] LISTEN connection lost: ${error.message}`);
  clearInterval(current.heartbeat);
  current.heartbeat = undefined;
  current.client = undefined;
  current.connecting = undefined;
  current.channels.clear();
  for (const onLost of current.lostHandlers) onLost();
  reconnectLater();
}

/** Tries again in two seconds, and again after each failure, while anything listens. */
function reconnectLater(): void {
  setTimeout(() => {
    if (state().handlers.size === 0 || state().client) return;
    connection().catch(() => reconnectLater());
  }, 2_000).unref();
}

/** This process's LISTEN connection, with a LISTEN for every channel that has a handler; undefined on the embedded database. */
function connection(): Promise<pg.Client | undefined> {
  const current = state();
  if (!env().DATABASE_URL) return Promise.resolve(undefined);
  const url = env().DATABASE_LISTEN_URL ?? env().DATABASE_URL;
  current.connecting ??= (async () => {
    const client = new pg.Client({ connectionString: url, application_name: "fixwell-listen", keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on("notification", (message) => {
      if (message.payload === undefined) return;
      if (message.channel === LISTEN_HEARTBEAT.channel) return current.heard.get(message.payload)?.();
      for (const handler of current.handlers.get(message.channel) ?? []) handler(message.payload);
    });
    client.on("error", (error) => lost(current, error));
    client.on("end", () => {
      if (current.client === client) lost(current, new Error("connection ended"));
    });
    await client.connect();
    await client.query(`LISTEN ${LISTEN_HEARTBEAT.channel}`);
    for (const channel of current.handlers.keys()) await listenOn(client, current, channel);
    current.client = client;
    current.heartbeat = setInterval(() => void listenHeartbeat().catch(() => undefined), LISTEN_HEARTBEAT.everyMs);
    current.heartbeat.unref?.();
    return client;
  })();
  current.connecting.catch(() => {
    current.connecting = undefined;
  });
  return current.connecting;
}

/** Closes a connection that may hang: its socket is destroyed, not politely ended (that waits for the server). */
function abandon(client: pg.Client): void {
  client.removeAllListeners("error");
  client.removeAllListeners("end");
  client.on("error", () => undefined);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  client.end().catch(() => undefined);
}

/**
 * Sends this process's LISTEN connection a NOTIFY of its own and waits up to `deadlineMs` to hear it back.
 * True when heard (or when there is no connection to check); false when not, and then the connection is
 * treated as lost: every listener is told (the liveness cache forgets everything) and a new one is made.
 * Runs by itself every LISTEN_HEARTBEAT.everyMs.
 */
export async function listenHeartbeat(deadlineMs: number = LISTEN_HEARTBEAT.deadlineMs): Promise<boolean> {
  const current = state();
  const client = current.client;
  if (!client) return true;
  const payload = `${current.id}-${++current.beats}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ok = await new Promise<boolean>((resolve) => {
    current.heard.set(payload, () => resolve(true));
    timer = setTimeout(() => resolve(false), deadlineMs);
    // Not awaited: on a dead connection the query never returns either.
    client.query("SELECT pg_notify($1, $2)", [LISTEN_HEARTBEAT.channel, payload]).catch(() => resolve(false));
  });
  clearTimeout(timer);
  current.heard.delete(payload);
  if (!ok && current.client === client) {
    lost(current, new Error(`no heartbeat heard back within ${deadlineMs} ms`));
    abandon(client);
  }
  return ok;
}

async function listenOn(client: pg.Client, current: ListenState, channel: string): Promise<void> {
  if (current.channels.has(channel)) return;
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  await client.query(`LISTEN ${channel}`);
  current.channels.add(channel);
}

/**
 * Calls `handler` with the payload of every NOTIFY on `channel`, from any server, and `onLost` whenever the
 * connection is lost (notifications sent meanwhile are never heard). Resolves once the LISTEN is in place
 * (true), or false on the embedded database; rejects when PostgreSQL cannot be reached now (the handler
 * stays registered and is heard once a later call connects).
 */
export async function listen(channel: string, handler: Handler, onLost?: () => void): Promise<boolean> {
  const current = state();
  let set = current.handlers.get(channel);
  if (!set) current.handlers.set(channel, (set = new Set()));
  set.add(handler);
  if (onLost) current.lostHandlers.add(onLost);
  const client = await connection();
  if (!client) return false;
  await listenOn(client, current, channel);
  return true;
}

/** Stops calling `handler` for `channel` (the LISTEN itself stays for the process's life). */
export function unlisten(channel: string, handler: Handler): void {
  state().handlers.get(channel)?.delete(handler);
}

/** Whether this process hears `channel` right now. */
export function isListening(channel: string): boolean {
  const current = state();
  return current.client !== undefined && current.channels.has(channel);
}

/** Closes this process's LISTEN connection (tests, shutdown); the next listen() opens a new one. */
export async function stopListening(): Promise<void> {
  const current = state();
  const client = current.client;
  clearInterval(current.heartbeat);
  current.heartbeat = undefined;
  current.client = undefined;
  current.connecting = undefined;
  current.channels.clear();
  for (const onLost of current.lostHandlers) onLost();
  if (client) {
    client.removeAllListeners("error");
    client.removeAllListeners("end");
    client.on("error", () => undefined);
    await client.end().catch(() => undefined);
  }
}
