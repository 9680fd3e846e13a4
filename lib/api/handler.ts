// Wrappers every route handler goes through: errors become the JSON error shape, unexpected ones a
// generic 500 (logged without the request body), an unreachable database a 503; `withUser` adds the
// signed-in user taken from the session cookie, never from the request body.
import { z } from "zod";
import { isDatabaseUnavailable, describeDatabaseError } from "../db/errors";
import { getUserFromRequest, type SessionUser } from "../auth/session";
import { isCrossSiteRequest } from "../security/same-origin";
import { ApiError, errorResponse } from "./errors";

export const MAX_JSON_BODY_BYTES = 16 * 1024;

type RouteContext<P> = { params: Promise<P> };

type Handler<P> = (args: { req: Request; params: P }) => Promise<Response>;
type UserHandler<P> = (args: { req: Request; params: P; user: SessionUser }) => Promise<Response>;

function where(req?: Request): string {
  if (!req) return "";
  try {
    return `${req.method} ${new URL(req.url).pathname}`;
  } catch {
    return req.method;
  }
}

export function toErrorResponse(error: unknown, req?: Request, userId?: string): Response {
  if (error instanceof ApiError) {
    // Access denials are security events: logged with the path and user id, never cookies or bodies.
    if (error.code === "forbidden" || error.code === "unauthorized") {
      console.warn(`[security] access denied (${error.status}): ${where(req)} user=${userId ?? "anonymous"}`);
    }
    return errorResponse(error);
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`[api] ${where(req)}: database unavailable: ${describeDatabaseError(error)}`);
    return errorResponse(
      new ApiError("database_unavailable", "The service is temporarily unavailable. Please try again shortly.", undefined, {
        "Retry-After": "5",
      }),
    );
  }
  console.error(`[api] ${where(req)}: unexpected error: ${describeDatabaseError(error)}`);
  return errorResponse(new ApiError("internal_error", "Something went wrong on our side. Please try again."));
}

export function withErrors<P = Record<string, string>>(handler: Handler<P>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      if (isCrossSiteRequest(req)) {
        throw new ApiError("forbidden", "Cross-site requests are not accepted.");
      }
      const params = context?.params ? await context.params : ({} as P);
      return await handler({ req, params });
    } catch (error) {
      return toErrorResponse(error, req);
    }
  };
}

export function withUser<P = Record<string, string>>(handler: UserHandler<P>) {
  return withErrors<P>(async ({ req, params }) => {
    const user = await getUserFromRequest(req);
    if (!user) throw new ApiError("unauthorized", "Please sign in to continue.");
    try {
      const response = await handler({ req, params, user });
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      return toErrorResponse(error, req, user.id);
    }
  });
}

/**
 * Reads a JSON body: 415 unless the content type is JSON, 413 over 16 KiB (also when the client lies
 * about Content-Length or sends no length at all), 400 when it does not parse.
 */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = await readTextWithLimit(req, MAX_JSON_BODY_BYTES);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
}

/** Reads a body as text, throwing 413 as soon as it passes `limit` bytes (whatever Content-Length says). */
export async function readTextWithLimit(req: Request, limit: number, message = `The request body may be at most ${limit / 1024} KiB.`): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new ApiError("payload_too_large", message);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (a reset connection): its fault, not the database's or ours.
      throw new ApiError("bad_request", "The request body could not be read.");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large", message);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads and validates a JSON body with `schema`; invalid fields give 400 with the zod issues. */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(req));
  if (!result.success) throw ApiError.fromZod(result.error);
  return result.data;
}

/** Validates route params; a malformed id is "not found", never a 500. */
export function parseParam<S extends z.ZodType>(value: unknown, schema: S, what = "That item"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("not_found", `${what} was not found.`);
  return result.data;
}
