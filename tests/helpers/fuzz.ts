// The pieces the property-based fuzz tests share: calling a route handler, the property every answer
// must keep (never a 5xx, the API's error shape on a 4xx, no internals leaked, and on a 4xx the database
// exactly as it was), hostile values, headers and bodies.
import fc from "fast-check";
import { expect } from "vitest";
import { tablesFingerprint } from "./db";
import { routeContext } from "./session";

export type Outcome = { status: number; body: unknown };
export type RouteHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/** Runs a route handler and reads its answer: the body parsed as JSON, or the text when it is not JSON. */
export async function call<P extends Record<string, string>>(handler: RouteHandler<P>, req: Request, params: P = {} as P): Promise<Outcome> {
  const response = await handler(req, routeContext(params));
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/**
 * Runs a request and checks the property: never a 5xx; on a 4xx the `{error:{code,message}}` shape, no
 * Prisma, SQL or stack text, and the database exactly as it was. `onAccepted` checks an answer below 400.
 */
export async function checkProperty(run: () => Promise<Outcome>, onAccepted?: (outcome: Outcome) => void): Promise<Outcome> {
  const before = await tablesFingerprint();
  const outcome = await run();
  expect(outcome.status, JSON.stringify(outcome.body)).toBeLessThan(500);
  if (outcome.status >= 400) {
    const error = (outcome.body as { error?: { code?: unknown; message?: unknown } }).error;
    expect(typeof error?.code).toBe("string");
    expect(typeof error?.message).toBe("string");
    expect(JSON.stringify(outcome.body)).not.toMatch(/P20\d\d|prisma|SELECT |INSERT |UPDATE |\bat .*\.(ts|js):\d+/i);
    expect(await tablesFingerprint()).toBe(before);
  } else {
    onAccepted?.(outcome);
  }
  return outcome;
}

/** A session cookie no server ever minted. */
export const GARBAGE_COOKIE = "next-auth.session-token=not.a.jwt";

/**
 * Generated strings and hostile constants (the common ones, then `extra`), any JSON-ish value built on
 * them, and those strings that can travel in a URL path, where a lone surrogate cannot be written at all.
 */
export function hostileValues(extra: readonly string[]) {
  const nastyString = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", " ", "null", "' OR 1=1 --", "../../etc/passwd", "%00", "<script>alert(1)</script>", "😀", ...extra),
  );
  return {
    nastyString,
    anyValue: fc.oneof(nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
    pathString: nastyString.filter((value) => value.isWellFormed()),
  };
}

export type HeaderChoice = { contentType: string; origin?: string; fetchSite?: string };

/**
 * A content type and an origin to send, and a sec-fetch-site too when `fetchSites` is given. By default
 * JSON, text and form content types, and no origin twice as often as the app's own or a hostile one.
 */
export function headerChoice({
  contentTypes = ["application/json", "text/plain", "application/x-www-form-urlencoded", ""],
  origins = [undefined, undefined, "http://localhost:3000", "https://evil.example"],
  fetchSites,
}: { contentTypes?: readonly string[]; origins?: readonly (string | undefined)[]; fetchSites?: readonly (string | undefined)[] } = {}): fc.Arbitrary<HeaderChoice> {
  const contentType = fc.constantFrom(...contentTypes);
  const origin = fc.constantFrom(...origins);
  return fetchSites ? fc.record({ contentType, origin, fetchSite: fc.constantFrom(...fetchSites) }) : fc.record({ contentType, origin });
}

/** The origin and sec-fetch-site headers of a choice. */
export function headersFrom(choice: { origin?: string; fetchSite?: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (choice.origin) headers.origin = choice.origin;
  if (choice.fetchSite) headers["sec-fetch-site"] = choice.fetchSite;
  return headers;
}

/** apiRequest's content type (JSON when the choice is none) and headers for a choice. */
export function sentWith(choice: HeaderChoice): { contentType: string; headers: Record<string, string> } {
  return { contentType: choice.contentType || "application/json", headers: headersFrom(choice) };
}

/** A JSON body from generated fields (`weight` times as likely as each other kind), or something that is not one at all. */
export function bodyOf(fields: Record<string, fc.Arbitrary<unknown>>, weight = 1) {
  return fc.oneof(
    { arbitrary: fc.record(fields, { requiredKeys: [] }).map((body) => JSON.stringify(body)), weight },
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 100 }),
    fc.constantFrom("{", "[]", "null", "x".repeat(20_000)),
  );
}
