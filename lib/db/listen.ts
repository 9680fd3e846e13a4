// One LISTEN connection per server process, shared by everything that hears PostgreSQL's NOTIFY: the live
// message threads (lib/messages/live.ts) and the session liveness cache (lib/auth/liveness-cache.ts). It is
// opened on first use, and after losing the server it tells every listener (so a cache can forget what it
// could no longer hear being changed) and reconnects two seconds later. On the embedded database there is
// no such connection: it is one process, and its users fall back as each documents.
import "server-only";
import pg from "pg";
import { env } from "../env";

type Handler = (payload: string) => void;
type ListenState = {
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
  holder.__fixwellListen ??= { handlers: new Map(), lostHandlers: new Set(), channels: new Set() };
  return holder.__fixwellListen;
}

function lost(current: ListenState, error: Error): void {
  console.error(`[db] LISTEN connection lost: ${error.message}`);
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
  const url = env().DATABASE_URL;
  if (!url) return Promise.resolve(undefined);
  current.connecting ??= (async () => {
    const client = new pg.Client({ connectionString: url, application_name: "fixwell-listen" });
    client.on("notification", (message) => {
      if (message.payload === undefined) return;
      for (const handler of current.handlers.get(message.channel) ?? []) handler(message.payload);
    });
    client.on("error", (error) => lost(current, error));
    client.on("end", () => {
      if (current.client === client) lost(current, new Error("connection ended"));
    });
    await client.connect();
    for (const channel of current.handlers.keys()) await listenOn(client, current, channel);
    current.client = client;
    return client;
  })();
  current.connecting.catch(() => {
    current.connecting = undefined;
  });
  return current.connecting;
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
