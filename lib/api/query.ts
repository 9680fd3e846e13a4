// Reading an address's query the same way whether it comes as a URL's search parameters (route handlers)
// or as a page's searchParams: a parameter given twice stays a list, for the schema reading it to refuse.
import type { z } from "zod";
import { ApiError } from "./errors";

export type Query = URLSearchParams | Record<string, string | string[] | undefined>;

/** One parameter of the address: absent, its value, or every value when it is repeated. */
export function queryParam(query: Query, key: string): string | string[] | undefined {
  if (!(query instanceof URLSearchParams)) return query[key];
  const all = query.getAll(key);
  return all.length > 1 ? all : all[0];
}

/** The value a page's filter form shows back: the first when repeated, "" when absent. */
export function firstParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A blank field ("?city=") means no filter. */
export const blankAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** A list's filters (`keys`) read from its address by `schema`: a repeated or unknown value is a 400 naming the field, never a 500. */
export function parseQueryFilters<S extends z.ZodType>(query: Query, keys: readonly string[], schema: S): z.infer<S> {
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const value = queryParam(query, key);
    if (value !== undefined) values[key] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Some filters are not valid; fix the ones marked below.");
  return parsed.data;
}
