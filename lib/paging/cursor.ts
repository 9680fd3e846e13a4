// Keyset paging for every list that grows with the market: an opaque cursor names the row a page starts
// after (or ends before) by its sort key, never by an offset. The cursor is base64url JSON of the list's
// name, the account it was made for, the direction and the sort key, followed by an HMAC-SHA256 tag under a
// key derived from the server's NEXTAUTH_SECRET (lib/env). A forged or truncated cursor, or one made for
// another list or another account, is a 400 with the API's error shape (code "bad_request", issue path
// "cursor"); it can never select rows the list's own query would not.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { ApiError } from "../api/errors";

/** The sort key of a row, in the list's order: ISO timestamps, ids, numbers as decimal strings. */
export type SortKey = readonly string[];

/** Which way a cursor reads: the rows after its key (the next page) or before it (the previous one). */
export type Direction = "after" | "before";

export type Cursor = { direction: Direction; key: SortKey };

/** Where a list's cursor is valid: the list's name and the account (or scope) it was made for. */
export type CursorScope = { list: string; owner: string };

/** A cursor longer than this is not one of ours (ours stay well under 300 characters). */
const MAX_CURSOR_LENGTH = 512;
const TAG_BYTES = 16;

let keyFor: { secret: string; key: Buffer } | undefined;

/** The signing key: HMAC of a fixed label under the session secret, so the secret itself signs nothing but sessions. */
function signingKey(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (keyFor?.secret !== secret) keyFor = { secret, key: createHmac("sha256", secret).update("fixwell paging cursor v1").digest() };
  return keyFor.key;
}

const tagOf = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest().subarray(0, TAG_BYTES);

/** The cursor of `key` in `scope`, read in `direction`. */
export function encodeCursor(scope: CursorScope, direction: Direction, key: SortKey): string {
  const payload = Buffer.from(JSON.stringify({ l: scope.list, o: scope.owner, d: direction === "after" ? "a" : "b", k: key })).toString("base64url");
  return `${payload}.${tagOf(payload).toString("base64url")}`;
}

/** The 400 for a cursor that is not one of this list's: also for a signed key that does not parse as the list's key. */
export function badCursor(): ApiError {
  return new ApiError("bad_request", { key: "paging.badCursor" }, [{ path: "cursor", message: { key: "paging.badCursor" } }]);
}

/**
 * Reads a cursor from an address: absent (undefined or "") is the first page (undefined); anything that is
 * not a cursor this server made for `scope`, with a key of `keyLength` strings, is a 400.
 */
export function decodeCursor(value: unknown, scope: CursorScope, keyLength: number): Cursor | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || value.length > MAX_CURSOR_LENGTH) throw badCursor();
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(value);
  if (!match) throw badCursor();
  const [, payload, tag] = match;
  const given = Buffer.from(tag, "base64url");
  const expected = tagOf(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const { l, o, d, k } = (parsed ?? {}) as { l?: unknown; o?: unknown; d?: unknown; k?: unknown };
  if (l !== scope.list || o !== scope.owner || (d !== "a" && d !== "b")) throw badCursor();
  if (!Array.isArray(k) || k.length !== keyLength || !k.every((part) => typeof part === "string")) throw badCursor();
  return { direction: d === "a" ? "after" : "before", key: k as string[] };
}

/** A list's page size from an address: absent is `fallback`; otherwise a whole number from 1 to `max`, else a 400. */
export function parsePageSize(value: unknown, { fallback, max }: { fallback: number; max: number }): number {
  if (value === undefined || value === "") return fallback;
  if (typeof value === "string" && /^[1-9][0-9]{0,5}$/.test(value) && Number(value) <= max) return Number(value);
  throw new ApiError("bad_request", { key: "paging.badLimit", values: { max } }, [{ path: "limit", message: { key: "paging.badLimit", values: { max } } }]);
}

/** A page of a list: its rows in the list's order, and the cursors of the pages around it (null at either end). */
export type Page<Row> = { rows: Row[]; next: string | null; previous: string | null };

/**
 * Reads one page with `fetch`, which returns up to `take` rows strictly after `cursor.key` in the list's
 * order (direction "after", or from the start without a cursor), or strictly before it in reverse order
 * (direction "before"). One extra row tells whether there is more beyond the page.
 */
export async function readPage<Row>(
  scope: CursorScope,
  size: number,
  cursor: Cursor | undefined,
  fetch: (args: { cursor: Cursor | undefined; take: number }) => Promise<Row[]>,
  keyOf: (row: Row) => SortKey,
): Promise<Page<Row>> {
  const fetched = await fetch({ cursor, take: size + 1 });
  // Nothing before the key any more (the rows were removed meanwhile): the first page.
  if (cursor?.direction === "before" && fetched.length === 0) return readPage(scope, size, undefined, fetch, keyOf);
  const more = fetched.length > size;
  const slice = fetched.slice(0, size);
  const backwards = cursor?.direction === "before";
  const rows = backwards ? slice.reverse() : slice;
  const first = rows[0];
  const last = rows.at(-1);
  // Reading forwards, there is a page before whenever a cursor was given; reading backwards, a page after.
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : cursor !== undefined;
  return {
    rows,
    next: hasNext && last ? encodeCursor(scope, "after", keyOf(last)) : null,
    previous: hasPrevious ? encodeCursor(scope, "before", first ? keyOf(first) : cursor!.key) : null,
  };
}
