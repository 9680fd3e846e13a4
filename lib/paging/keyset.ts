// The keyset of the lists ordered newest first by a timestamp with the id as the tie-break (both
// descending): the Prisma where and orderBy of a page, and the key of a row. The range condition on the
// timestamp alone is repeated outside the OR so an index on (timestamp DESC, id DESC) bounds the scan.
import "server-only";
import { badCursor, type Cursor, type SortKey } from "./cursor";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A cursor key's timestamp; a key that is not one of ours is a 400. */
function instantOf(value: string): Date {
  const at = new Date(value);
  if (!ISO.test(value) || Number.isNaN(at.getTime())) throw badCursor();
  return at;
}

/**
 * The where (to AND with the list's filters) and orderBy of the page at `cursor`, for a list ordered by
 * `time` then `id`, newest first. `parseId` turns the key's id back into the column's type (a 400 if it cannot).
 */
export function newestFirst<T extends string, I extends string, Id>(
  cursor: Cursor | undefined,
  fields: { time: T; id: I },
  parseId: (value: string) => Id,
): { where: Record<string, unknown>; orderBy: Record<string, "asc" | "desc">[] } {
  const forwards = cursor?.direction !== "before";
  const order: "asc" | "desc" = forwards ? "desc" : "asc";
  const orderBy = [{ [fields.time]: order }, { [fields.id]: order }];
  if (!cursor) return { where: {}, orderBy };
  const at = instantOf(cursor.key[0]);
  const id = parseId(cursor.key[1]);
  const past = forwards ? "lt" : "gt";
  const bound = forwards ? "lte" : "gte";
  return {
    where: { AND: [{ [fields.time]: { [bound]: at } }, { OR: [{ [fields.time]: { [past]: at } }, { [fields.id]: { [past]: id } }] }] },
    orderBy,
  };
}

/** The key of a row of such a list. */
export const timeKey = (at: Date, id: string | number | bigint): SortKey => [at.toISOString(), String(id)];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid from a cursor key. */
export function uuidOf(value: string): string {
  if (!UUID.test(value)) throw badCursor();
  return value;
}

/** As newestFirst, for a list ordered oldest first (both ascending): a queue worked from its oldest end. */
export function oldestFirst<T extends string, I extends string, Id>(
  cursor: Cursor | undefined,
  fields: { time: T; id: I },
  parseId: (value: string) => Id,
): { where: Record<string, unknown>; orderBy: Record<string, "asc" | "desc">[] } {
  const forwards = cursor?.direction !== "before";
  const order: "asc" | "desc" = forwards ? "asc" : "desc";
  const orderBy = [{ [fields.time]: order }, { [fields.id]: order }];
  if (!cursor) return { where: {}, orderBy };
  const at = instantOf(cursor.key[0]);
  const id = parseId(cursor.key[1]);
  const past = forwards ? "gt" : "lt";
  const bound = forwards ? "gte" : "lte";
  return {
    where: { AND: [{ [fields.time]: { [bound]: at } }, { OR: [{ [fields.time]: { [past]: at } }, { [fields.id]: { [past]: id } }] }] },
    orderBy,
  };
}
