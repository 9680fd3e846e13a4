// A short memory of which sessions are live, so a signed-in request does not read `sessions` and `users`
// every time. It is only kept while this process hears PostgreSQL's NOTIFY on the channel below: triggers
// on `sessions` and `users` (migration 20261127050000_session_liveness_notify) announce every change that
// can end a session — a sign-out, "sign out everywhere", a new password, a role or address change, an
// account deleted — whoever makes it, on whichever server, even by hand in SQL; each server then forgets
// that account's entries. A revoked cookie therefore stops working on every server as soon as the news
// arrives (milliseconds; the multi-instance test holds it to one second). While the LISTEN connection is
// down, and on the embedded database (one process, nothing to hear), nothing is kept and every request
// reads the database, as it did before; a connection that dies without a word is found out by its heartbeat
// (lib/db/listen.ts) and counts as lost. An entry lives at most LIVENESS_TTL_MS, whatever happens.
// SESSION_LIVENESS_CACHE=off turns it off (the integration tests do, but for the cache's own; the browser
// and multi-instance tests run with it).
import "server-only";
import { isListening, listen } from "../db/listen";
import { env } from "../env";

export const SESSION_CHANNEL = "fixwell_sessions";

/** How long a remembered answer may be used without news (a bound, not the revocation delay). */
export const LIVENESS_TTL_MS = 60_000;
/** At most this many sessions are remembered; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

/** What the database said of a session: its account's id, address, session version and role. */
export type LiveRow = { id: string; email: string; sessionVersion: number; role: string };

type Entry = { row: LiveRow; until: number };
type CacheState = {
  entries: Map<string, Entry>;
  /** Bumped by every notification and every loss of the connection: an answer read across one is not kept. */
  epoch: number;
  started?: Promise<unknown>;
  hits: number;
  misses: number;
};
const holder = globalThis as unknown as { __fixwellLiveness?: CacheState };

function state(): CacheState {
  holder.__fixwellLiveness ??= { entries: new Map(), epoch: 0, hits: 0, misses: 0 };
  return holder.__fixwellLiveness;
}

/** Whether sessions are remembered at all: SESSION_LIVENESS_CACHE=off reads the database on every request. */
function enabled(): boolean {
  return env().SESSION_LIVENESS_CACHE === "on";
}

/**
 * Forgets `userId`'s sessions in this process at once (a sign-out or "sign out everywhere" made here), so
 * this process's next request does not wait for the notification, which the other servers wait for.
 */
export function forgetAccount(userId: string): void {
  if (userId === "*") return forgetAll();
  const current = state();
  current.epoch += 1;
  for (const [key, entry] of current.entries) if (entry.row.id === userId) current.entries.delete(key);
}

function forgetAll(): void {
  const current = state();
  current.epoch += 1;
  current.entries.clear();
}

function start(): void {
  const current = state();
  current.started ??= listen(SESSION_CHANNEL, forgetAccount, forgetAll).catch(() => {
    // PostgreSQL unreachable now: the connection retries by itself (lib/db/listen.ts); until it hears
    // this channel, isListening() is false and nothing is kept.
  });
}

/**
 * The row of session `sid` of account `sub`: from memory when this process has heard every change since
 * it was read, else from `read` (which it then keeps, if nothing changed meanwhile).
 */
export async function cachedLiveness(sub: string, sid: string, read: () => Promise<LiveRow | null>): Promise<LiveRow | null> {
  if (!enabled()) return read();
  start();
  const current = state();
  const key = `${sub}\u0000${sid}`;
  const hearing = isListening(SESSION_CHANNEL);
  if (hearing) {
    const entry = current.entries.get(key);
    if (entry && entry.until > Date.now()) {
      current.hits += 1;
      return entry.row;
    }
    if (entry) current.entries.delete(key);
  }
  current.misses += 1;
  const epoch = current.epoch;
  const row = await read();
  // Kept only when live, only while hearing, and only if no news arrived while it was being read (that news
  // may be of this very session, committed after the read saw it live).
  if (row && hearing && isListening(SESSION_CHANNEL) && current.epoch === epoch) {
    if (current.entries.size >= MAX_ENTRIES) current.entries.delete(current.entries.keys().next().value!);
    current.entries.set(key, { row, until: Date.now() + LIVENESS_TTL_MS });
  }
  return row;
}

/** Hits and misses since the process started, and how many sessions are remembered (tests, the bench). */
export function livenessCacheStats(): { hits: number; misses: number; size: number; hearing: boolean } {
  const current = state();
  return { hits: current.hits, misses: current.misses, size: current.entries.size, hearing: isListening(SESSION_CHANNEL) };
}
